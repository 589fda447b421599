// A link to one worked example (#example-N, from a fan page) opens its card's breakdowns, folded by default.
"use strict";
(function () {
  function openTarget() {
    var id = window.location.hash.slice(1);
    var target = id && document.getElementById(id);  // the examples' ids (example-N) need no decoding
    var card = target && target.closest(".example");
    var fold = card && card.querySelector("details.example-more");
    if (fold) {
      fold.open = true;
    }
  }
  window.addEventListener("hashchange", openTarget);
  openTarget();
})();
