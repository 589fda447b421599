// A link to one worked example (#example-N, from a fan page) opens it: examples are folded by default.
"use strict";
(function () {
  function openTarget() {
    var id = window.location.hash.slice(1);
    var target = id && document.getElementById(id);  // the examples' ids (example-N) need no decoding
    if (target && target.tagName === "DETAILS") {
      target.open = true;
    }
  }
  window.addEventListener("hashchange", openTarget);
  openTarget();
})();
