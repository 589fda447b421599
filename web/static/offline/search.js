/* mjref offline: the search page of the exported site: the question's results, ranked in the browser by
 * search_rank.js from search-index.json as kb/lookup.py ranks them. Plain JavaScript, nothing from another host. */
(function () {
  "use strict";

  function el(tag, attrs, text) {
    var node = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (k) {
      node.setAttribute(k, attrs[k]);
    });
    if (text !== undefined) node.textContent = text;
    return node;
  }

  function show(index, q, lang) {
    var main = document.querySelector("main");
    var found = index.find(q, 10);
    var zh = lang === "zh";
    var labels = JSON.parse(document.getElementById("mjref-search-labels").textContent);
    if (found.fans.length) {
      var p = el("p", { class: "fans-named" }, labels.fans_named + " ");
      found.fans.forEach(function (id, n) {
        var f = index.d.fans[String(id)];
        if (!f) return;
        var a = el("a", { href: "../../fans/" + encodeURIComponent(f.key) + "/index.html" }, zh ? f.name_zh : f.name + " ");
        if (!zh) a.appendChild(el("span", { lang: "zh" }, f.name_zh));
        if (n) p.appendChild(document.createTextNode(", "));
        p.appendChild(a);
      });
      main.appendChild(p);
    }
    main.appendChild(el("p", { class: "count" }, (found.hits.length === 1 ? labels.one : labels.many).replace("%(num)s", String(found.hits.length))));
    var list = el("ol", { class: "results" });
    found.hits.forEach(function (hit) {
      var r = hit.ruling;
      var li = el("li", { class: "result" });
      li.appendChild(el("a", { class: "result-title", href: "../../rulings/" + encodeURIComponent(r.id) + "/index.html" }, zh ? r.title_zh || r.title : r.title));
      li.appendChild(document.createTextNode(" "));
      li.appendChild(el("code", { class: "muted" }, r.id));
      li.appendChild(el("p", { class: "answer" }, zh ? r.answer_zh || r.answer : r.answer));
      list.appendChild(li);
    });
    if (!found.hits.length) list.appendChild(el("li", {}, labels.none));
    main.appendChild(list);
  }

  var script = document.currentScript;
  var root = new URL("../../", script.src);
  window.mjrefSearchIndex = function () {
    return fetch(new URL("search-index.json", root)).then(function (r) {
      return r.json();
    }).then(function (data) {
      return new window.mjrefSearchRank.Index(data);
    });
  };

  function start() {
    var q = new URLSearchParams(location.search).get("q") || "";
    var field = document.getElementById("q");
    if (field) field.value = q;
    if (!q.trim()) return;
    var lang = document.documentElement.lang === "zh-Hans" ? "zh" : "en";
    window.mjrefSearchIndex().then(function (index) {
      if (q.length > index.d.max_query) return;
      show(index, q, lang);
      document.documentElement.dataset.searched = "1";
    });
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
