/* mjref offline: a page's answer put where the server's page has it, for the exported pages that work it out in
 * the browser (static/offline/score.js, static/offline/table.js). The answer (the HTML the server's own template
 * draws) replaces whatever follows the page's "details.notation" fold-out, which then folds once something is
 * asked, as on the server's page; and it comes into view by itself, as static/land.js brings it on the server's
 * page: the element the address names (#compare), else the one marked data-land (the verdict, the total, the
 * settlement); on opening an address, only while the reader has not scrolled. Plain JavaScript. */
(function () {
  "use strict";

  function land(opening) {
    var named = location.hash ? document.getElementById(decodeURIComponent(location.hash.slice(1))) : null;
    var answer = named || document.querySelector("main [data-land]");
    if (!answer || (opening && !named && window.scrollY > 0)) return;
    answer.scrollIntoView({ block: "start" });
  }

  /* Show html below the notation (folded when asked is true) and bring it into view; opening: the page was opened
   * at this address (rather than its form submitted). */
  window.mjrefShowAnswer = function (html, asked, opening) {
    var notation = document.querySelector("main details.notation");
    var main = notation.parentNode;
    while (notation.nextSibling) main.removeChild(notation.nextSibling);
    notation.insertAdjacentHTML("afterend", html);
    notation.open = !asked;
    land(opening);
  };
})();
