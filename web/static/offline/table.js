/* mjref offline: the exported Babcock table page settles the four hands in the browser. Pyodide (copied into the
 * export from the npm registry) runs mjref's own settlement and the page's template (the wheel in py/, module
 * mjref_offline.table), so the settlement shown is what the server's page shows. The form keeps its fields; the
 * address keeps them (?east=…&winner=E), as on the server. Pyodide and the wheel are started by
 * static/offline/python.js; the answer is put in place by static/offline/answer.js. Plain JavaScript, nothing
 * from another host. */
(function () {
  "use strict";

  var site = JSON.parse(document.getElementById("mjref-offline-site").textContent);
  var lang = document.documentElement.lang === "zh-Hans" ? "zh" : "en";
  var engine = null;

  function status(text) {
    window.mjrefStatus(text, document.querySelector("form.table-form"));
  }

  function start() {
    if (engine) return engine;
    engine = window.mjrefPython().then(function (py) {
      return py.pyimport("mjref_offline.table");
    });
    return engine;
  }
  window.mjrefTableEngine = start;

  function fill(form, params) {
    Array.prototype.forEach.call(form.elements, function (field) {
      if (!field.name) return;
      if (field.type === "checkbox") field.checked = params.getAll(field.name).indexOf(field.value) >= 0;
      else if (field.tagName === "SELECT") {
        if (params.get(field.name)) field.value = params.get(field.name);
      } else if (field.type !== "submit") field.value = params.get(field.name) || "";
    });
  }

  function run(query, opening) {
    status(site.labels.loading);
    var started = performance.now();
    return start().then(function (mod) {
      var answer = JSON.parse(mod.table_page(query, lang));
      status("");
      if (answer.asked) window.mjrefShowAnswer(answer.html, true, opening);
      document.documentElement.dataset.settled = String(performance.now() - started);
      return answer;
    }, function (e) {
      status(site.labels.failed + " " + e);
    });
  }

  function open(form, opening) {
    var query = location.search.slice(1);
    fill(form, new URLSearchParams(query));
    if (query) return run(query, opening);
    window.mjrefShowAnswer("", false, opening); // back to the empty form: no answer, as online
    start();
  }

  function ready() {
    var form = document.querySelector("form.table-form");
    open(form, true);
    form.addEventListener("submit", function (event) {
      event.preventDefault();
      var query = new URLSearchParams(new FormData(form)).toString();
      history.pushState(null, "", "index.html?" + query);
      run(query, false);
    });
    window.addEventListener("popstate", function () {
      open(form, true);
    });
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", ready);
  else ready();
})();
