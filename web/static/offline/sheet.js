/* mjref offline: the exported sheet page settles the session in the browser. Pyodide (copied into the export from
 * the npm registry) runs mjref's own scorer.sheet and the page's macros (the wheel in py/, module
 * mjref_offline.sheet), so the totals shown are what the server's page shows. static/sheet.js, the page's own
 * script, asks window.mjrefSheetEngine(query, url) for the result's HTML. Pyodide and the wheel are started by
 * static/offline/python.js. Plain JavaScript, nothing from another host. */
(function () {
  "use strict";

  var site = JSON.parse(document.getElementById("mjref-offline-site").textContent);
  var lang = document.documentElement.lang === "zh-Hans" ? "zh" : "en";
  var engine = null;

  function status(text) {
    window.mjrefStatus(text, document.getElementById("sheet-form"));
  }

  function start() {
    if (engine) return engine;
    status(site.labels.loading);
    engine = window.mjrefPython().then(function (py) {
      var mod = py.pyimport("mjref_offline.sheet");
      status("");
      document.documentElement.dataset.sheetEngine = "ready";
      return mod;
    });
    engine.catch(function (e) {
      status(site.labels.failed + " " + e);
    });
    return engine;
  }

  window.mjrefSheetEngine = function (query, url) {
    return start().then(function (mod) {
      return JSON.parse(mod.sheet_page(query, url, lang)).html;
    });
  };
  start();
})();
