/* mjref offline: the exported score page scores in the browser. Pyodide (copied into the export from the npm
 * registry) runs mjref's own scorer and the score page's macros (the wheel in py/, module mjref_offline), so the
 * result shown is what the server's page shows, and the data is what /-/score.json answers. The form keeps its
 * input named hand and its submit button; the address keeps the hand (?hand=…&profile=…), as on the server.
 * Pyodide and the wheel are started by static/offline/python.js. Plain JavaScript, nothing from another host. */
(function () {
  "use strict";

  var site = JSON.parse(document.getElementById("mjref-offline-site").textContent);
  var lang = document.documentElement.lang === "zh-Hans" ? "zh" : "en";
  var scorer = null;

  function startScorer() {
    if (scorer) return scorer;
    scorer = window.mjrefPython().then(function (py) {
      var mod = py.pyimport("mjref_offline");
      performance.mark("mjref:import");
      var api = {
        page: function (hand, profile, ruleset) {
          return JSON.parse(mod.score_page(hand, profile || "", ruleset || "", lang));
        },
        many: function (hands, profile, ruleset, language) {
          var text = JSON.stringify(hands);
          return JSON.parse(mod.score_many(text, profile || "", ruleset || "", language || "en"));
        }
      };
      api.page(site.warm, "", ""); // the first call imports the scorer and compiles the macros
      performance.mark("mjref:ready");
      return api;
    });
    return scorer;
  }
  window.mjrefScorer = startScorer;

  function status(text) {
    var p = document.getElementById("offline-status");
    if (p) p.textContent = text;
  }

  function showRuleset(ruleset) {
    var hidden = document.querySelector('form.score-form input[name="ruleset"]');
    var select = document.getElementById("profile");
    if (!hidden || !select || hidden.value === ruleset || !site.rulesets[ruleset]) return;
    hidden.value = ruleset;
    select.textContent = "";
    Object.keys(site.profiles).forEach(function (name) {
      if (site.profiles[name] !== ruleset) return;
      var option = document.createElement("option");
      option.value = name;
      option.textContent = name + (name === site.house ? " " + site.labels.this_site : "");
      select.appendChild(option);
    });
    var p = document.querySelector("p.rulesets");
    if (p) {
      p.textContent = site.labels.rule_set + " ";
      Object.keys(site.rulesets).forEach(function (key, n) {
        if (n) p.appendChild(document.createTextNode(" · "));
        var node = document.createElement(key === ruleset ? "strong" : "a");
        if (key !== ruleset) node.setAttribute("href", "index.html?ruleset=" + encodeURIComponent(key));
        node.textContent = site.rulesets[key];
        p.appendChild(node);
      });
    }
    var extra = document.querySelector(".score-extra");
    if (extra) extra.hidden = ruleset !== "mcr";
  }

  function show(answer) {
    document.querySelectorAll("main section.result, main p.error, main section.audit, main section.compare").forEach(function (n) {
      n.remove();
    });
    var after = document.querySelector("details.notation") || document.querySelector("form.score-form");
    after.insertAdjacentHTML("afterend", answer.html);
    var details = document.getElementById("keyboard");
    if (details && answer.status === 200) details.open = false;
  }

  function run(hand, profile, ruleset) {
    status(site.labels.loading);
    var started = performance.now();
    return startScorer().then(function (api) {
      var answer = api.page(hand, profile, ruleset);
      show(answer);
      status("");
      document.documentElement.dataset.scored = String(performance.now() - started);
      return answer;
    }, function (e) {
      status(site.labels.failed + " " + e);
    });
  }

  function start() {
    var form = document.querySelector("form.score-form");
    var params = new URLSearchParams(location.search);
    var hand = params.get("hand") || "";
    var profile = params.get("profile") || "";
    var ruleset = params.get("ruleset") || "";
    if (ruleset) showRuleset(ruleset);
    var select = document.getElementById("profile");
    if (profile && select) select.value = profile;
    var field = document.getElementById("hand");
    var note = document.createElement("p");
    note.id = "offline-status";
    note.className = "muted";
    note.setAttribute("role", "status");
    form.insertAdjacentElement("afterend", note);
    // The audit and the comparison need the server: the offline page leaves them out.
    var extra = document.querySelector(".score-extra");
    if (extra) extra.hidden = true;
    if (hand && field) {
      field.value = hand;
      field.dispatchEvent(new Event("input")); // the tile keyboard redraws the hand
      run(hand, profile, ruleset);
    } else {
      startScorer();
    }
    form.addEventListener("submit", function (event) {
      event.preventDefault();
      var data = new FormData(form);
      var query = new URLSearchParams();
      ["hand", "profile", "ruleset"].forEach(function (k) {
        if (data.get(k)) query.set(k, data.get(k));
      });
      history.pushState(null, "", "index.html?" + query.toString());
      run(String(data.get("hand") || ""), String(data.get("profile") || ""), String(data.get("ruleset") || ""));
    });
    window.addEventListener("popstate", function () {
      var p = new URLSearchParams(location.search);
      if (field) {
        field.value = p.get("hand") || "";
        field.dispatchEvent(new Event("input"));
      }
      if (p.get("hand")) run(p.get("hand"), p.get("profile") || "", p.get("ruleset") || "");
    });
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
