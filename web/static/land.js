/* mjref: bring the answer into view (issue 37).
 *
 * A page marks its answer with data-land: the score page its verdict on a claimed score, or its total; the
 * Babcock table its settlement. Submitting a form reloads the page at its top, where the form is; this scrolls
 * the marked element to the top of the screen, unless the address names a place of its own (#fragment) or the
 * reader has already scrolled. A static file: the site's Content Security Policy allows no inline script.
 */
(function () {
  "use strict";
  function land() {
    var answer = document.querySelector("[data-land]");
    if (!answer || location.hash || window.scrollY > 0) return;
    answer.scrollIntoView({ block: "start" });
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", land);
  else land();
})();
