/* mjref offline: Pyodide (copied into the export from the npm registry) with mjref's wheel unpacked in it (py/:
 * the scorer and the pages' macros), started once, for the pages that need Python in the browser: the score page
 * (static/offline/score.js), the score sheet (static/offline/sheet.js) and the Babcock table
 * (static/offline/table.js). window.mjrefPython() answers a promise of the Pyodide instance. The marks time the
 * start's steps for bench/offline_bench.py. Plain JavaScript, nothing from another host. */
(function () {
  "use strict";

  var root = new URL("../../", document.currentScript.src);
  var site = JSON.parse(document.getElementById("mjref-offline-site").textContent);
  var started = null;

  // The page's one line on the scorer's start (starting, or why it failed; empty once started), put after
  // `after` when the page has none of its own yet.
  window.mjrefStatus = function (text, after) {
    var p = document.getElementById("offline-status");
    if (!p && after) {
      p = document.createElement("p");
      p.id = "offline-status";
      p.className = "muted";
      p.setAttribute("role", "status");
      after.insertAdjacentElement("afterend", p);
    }
    if (p) p.textContent = text;
  };

  window.mjrefPython = function () {
    if (started) return started;
    started = window.loadPyodide({ indexURL: new URL("pyodide/", root).href }).then(function (py) {
      performance.mark("mjref:pyodide");
      return fetch(new URL(site.wheel, root))
        .then(function (r) {
          if (!r.ok) throw new Error("the scorer's wheel: status " + r.status);
          return r.arrayBuffer();
        })
        .then(function (buffer) {
          py.unpackArchive(buffer, "wheel");
          performance.mark("mjref:wheel");
          return py;
        });
    });
    return started;
  };
})();
