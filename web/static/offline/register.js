/* mjref offline: every exported page registers the service worker (sw.js at the export's root), which keeps the
 * whole site in the browser's cache on the first visit, and shows in a status line of the page's header how far
 * it is: "Saving for offline use: 312 of 1,187 files (14 of 41 MB)" with a bar, then "Ready offline" in the same
 * band (on a later visit, quietly under the search field, at once), or, when a file fails or the storage is full, one line saying so and that the site still works
 * online (the next visit tries again, keeping what was saved). The texts, in every language, are written above
 * this by `mjref export`. <html data-offline="saving|ready|failed"> says the same to a test. */
/* global MJREF_OFFLINE_TEXTS */
(function () {
  "use strict";
  if (!("serviceWorker" in navigator)) return;
  var root = new URL("../../", document.currentScript.src);
  var lang = document.documentElement.lang || "en";
  var texts = MJREF_OFFLINE_TEXTS[lang.slice(0, 2)] || MJREF_OFFLINE_TEXTS.en;
  var TEXT_EVERY_MS = 1000; // a screen reader hears the count at most this often; the bar moves on every message
  var line = null;
  var state = null;
  var lastText = 0;

  function fill(template, values) {
    return template.replace(/%\((\w+)\)s/g, function (hole, name) {
      return values[name];
    });
  }

  function number(n) {
    return n.toLocaleString(lang);
  }

  function element() {
    if (line) return line;
    line = document.createElement("p");
    line.className = "offline-status";
    line.setAttribute("role", "status");
    line.setAttribute("aria-live", "polite");
    line.appendChild(document.createElement("span"));
    var bar = document.createElement("progress");
    bar.setAttribute("aria-hidden", "true");
    line.appendChild(bar);
    var header = document.querySelector("header.site");
    if (header) header.appendChild(line);
    else document.body.insertBefore(line, document.body.firstChild);
    return line;
  }

  function show(next, text, fraction) {
    var p = element();
    var now = Date.now();
    if (next !== "saving" || state !== "saving" || now - lastText >= TEXT_EVERY_MS) {
      p.firstChild.textContent = text;
      lastText = now;
    }
    var bar = p.lastChild;
    if (fraction === null) bar.removeAttribute("value");
    else bar.value = fraction;
    // Saved while the page was open: the band stays where it was, saying so (no jump of the page under a thumb).
    p.dataset.state = next === "ready" && state === "saving" ? "saved" : next;
    state = next;
    document.documentElement.dataset.offline = next;
  }

  function failed(message) {
    if (message.reason === "storage") return texts.storage;
    if (message.reason === "file" && message.file) return fill(texts.file, { file: message.file });
    return texts.failed;
  }

  navigator.serviceWorker.addEventListener("message", function (event) {
    var m = event.data;
    if (!m || m.mjref !== "offline" || state === "ready") return;
    if (m.state === "saving") {
      var values = {
        done: number(m.done),
        total: number(m.total),
        mb: number(Math.round(m.bytes / 1e6)),
        total_mb: number(Math.round(m.totalBytes / 1e6)),
      };
      show("saving", fill(texts.progress, values), m.totalBytes ? m.bytes / m.totalBytes : m.done / m.total);
    } else if (m.state === "failed") {
      show("failed", failed(m), null);
    }
  });

  navigator.serviceWorker
    .register(new URL("sw.js", root), { scope: root.pathname })
    .then(function (registration) {
      var worker = registration.installing || registration.waiting;
      if (registration.active || !worker || state) return;
      show("saving", texts.saving, null);
      worker.addEventListener("statechange", function () {
        if (worker.state === "redundant" && state === "saving") show("failed", texts.failed, null);
      });
    })
    .catch(function () {
      // A page opened from file:// or without a secure context: the site works, without the offline cache.
    });

  navigator.serviceWorker.ready.then(function () {
    show("ready", texts.ready, 1);
  });
})();
