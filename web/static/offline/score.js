/* mjref offline: the exported score page scores in the browser. Pyodide (copied into the export from the npm
 * registry) runs mjref's own scorer and the score page's macros (the wheel in py/, module mjref_offline), so the
 * answer shown is what the server's page shows (the result with its total, the audit of a claimed score with its
 * false-win verdict, the comparison of profiles, the wait grid: the server's own code and template, run by
 * web/export/in_browser.py), and the data is what /-/score.json answers. The form keeps its fields and its
 * submit button; the address keeps them (?hand=…&profile=…&claim_total=…), as on the server. As on the server,
 * "The notation" folds once a hand is asked, and the answer (the verdict, or the total) comes into view by
 * itself. Pyodide and the wheel are started by static/offline/python.js. Plain JavaScript, nothing from
 * another host. */
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
        answer: function (query) {
          return JSON.parse(mod.page_answer(query, lang, location.href.split("#")[0]));
        },
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
    window.mjrefStatus(text, null); // the exported page has its line
  }

  var FIELDS = ["hand", "profile", "ruleset", "claim", "claim_total", "compare"]; // the form's, in its order

  function showRuleset(ruleset, profile) {
    var hidden = document.querySelector('form.score-form input[name="ruleset"]');
    var select = document.getElementById("profile");
    var claims = document.querySelector("details.claim-check");
    if (claims) claims.hidden = ruleset === "babcock"; // the audit and the comparison are for MCR hands
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
    if (!p) return;
    p.textContent = site.labels.rule_set + " ";
    Object.keys(site.rulesets).forEach(function (key, n) {
      if (n) p.appendChild(document.createTextNode(" · "));
      var node = document.createElement(key === ruleset ? "strong" : "a");
      if (key !== ruleset) node.setAttribute("href", "index.html?ruleset=" + encodeURIComponent(key));
      node.textContent = site.rulesets[key];
      p.appendChild(node);
    });
    if (ruleset !== "babcock") return;
    var note = document.createElement("span"); // what the server's page says of Babcock, and its table link
    note.className = "muted";
    note.textContent = "(" + site.labels.babcock + ")";
    var table = document.createElement("a");
    var house = site.profiles[site.house] === "babcock" ? site.house : site.defaults.babcock;
    var chosen = profile && site.profiles[profile] === "babcock" ? profile : house; // as the server chooses
    table.setAttribute("href", "../table/index.html?profile=" + encodeURIComponent(chosen));
    table.textContent = site.labels.table;
    p.append(" ", note, " · ", table);
  }

  function show(answer, opening) {
    document.querySelectorAll("main section.false-win").forEach(function (n) {
      n.remove();
    });
    if (answer.top) document.querySelector("main h1").insertAdjacentHTML("afterend", answer.top); // as online
    var keyboard = document.getElementById("keyboard");
    if (keyboard && answer.shown) keyboard.open = false;
    window.mjrefShowAnswer(answer.html, !!document.getElementById("hand").value.trim(), opening);
    if (window.mjrefCopyLink) window.mjrefCopyLink(); // the result's "Copy link", as static/keyboard.js wires it
  }

  function fill(params) {
    FIELDS.forEach(function (name) {
      var field = document.querySelector('form.score-form [name="' + name + '"]');
      if (!field || name === "ruleset") return;
      if (field.type === "checkbox") field.checked = !!params.get(name);
      else if (params.get(name) !== null || name !== "profile") field.value = params.get(name) || "";
    });
    var claims = document.querySelector("details.claim-check");
    if (claims && (params.get("claim") || params.get("claim_total") || params.get("compare"))) claims.open = true;
    var hand = document.getElementById("hand");
    if (hand) hand.dispatchEvent(new Event("input")); // the tile keyboard redraws the hand
  }

  function run(query, fromLink) {
    status(site.labels.loading);
    var started = performance.now();
    return startScorer().then(function (api) {
      var answer = api.answer(query);
      status("");
      show(answer, fromLink);
      document.documentElement.dataset.scored = String(performance.now() - started);
      return answer;
    }, function (e) {
      status(site.labels.failed + " " + e);
    });
  }

  function asked(params) {
    var query = new URLSearchParams();
    FIELDS.forEach(function (k) {
      if (params.get(k)) query.set(k, params.get(k));
    });
    return query.toString();
  }

  function open(params, fromLink) {
    var ruleset = params.get("ruleset") || site.profiles[params.get("profile")] || site.profiles[site.house];
    showRuleset(ruleset, params.get("profile"));
    fill(params);
    if (params.get("hand")) run(asked(params), fromLink);
    else show({ html: "", top: "", shown: false }, fromLink); // back to the empty form: no answer, as online
  }

  function start() {
    var form = document.querySelector("form.score-form");
    var note = document.createElement("p");
    note.id = "offline-status";
    note.className = "muted";
    note.setAttribute("role", "status");
    form.insertAdjacentElement("afterend", note);
    var params = new URLSearchParams(location.search);
    open(params, true);
    if (!params.get("hand")) startScorer();
    form.addEventListener("submit", function (event) {
      event.preventDefault();
      var query = asked(new FormData(form));
      history.pushState(null, "", "index.html?" + query);
      run(query, false);
    });
    window.addEventListener("popstate", function () {
      open(new URLSearchParams(location.search), true);
    });
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
