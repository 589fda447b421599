/* mjref offline: every exported page registers the service worker (sw.js at the export's root), which keeps the
 * whole site in the browser's cache on the first visit. <html data-offline="ready"> once it is active. */
(function () {
  "use strict";
  if (!("serviceWorker" in navigator)) return;
  var root = new URL("../../", document.currentScript.src);
  navigator.serviceWorker.register(new URL("sw.js", root), { scope: root.pathname }).catch(function () {
    // A page opened from file:// or without a secure context: the site works, without the offline cache.
  });
  navigator.serviceWorker.ready.then(function () {
    document.documentElement.dataset.offline = "ready";
  });
})();
