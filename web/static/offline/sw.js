/* mjref offline: the service worker of an exported site. On install it caches every file of the export (the list,
 * each file's size and the version are written into this file by `mjref export`), a few at a time, telling the
 * site's open pages how far it is (static/offline/register.js shows it); a file already in this version's cache
 * (from an install that stopped half-way) is not fetched again. On activate it deletes the caches of other
 * exports; it answers every request of the site from the cache, the network only for what the cache lacks.
 * A directory address (rulings/x/) is answered with its index.html; a query (?hand=…) does not matter. */
/* global MJREF_VERSION, MJREF_FILES, MJREF_SIZES */
"use strict";

var PREFIX = "mjref-";
var CACHE = PREFIX + MJREF_VERSION;
var AT_ONCE = 8; // files fetched at the same time
var EVERY_MS = 250; // at most one progress message in this time

/* Every window of the site, controlled or not (the first visit's page is not controlled until activation). */
function tell(message) {
  message.mjref = "offline";
  return self.clients.matchAll({ type: "window", includeUncontrolled: true }).then(function (windows) {
    windows.forEach(function (w) {
      w.postMessage(message);
    });
  });
}

function failure(error, file) {
  var full = error && (error.name === "QuotaExceededError" || error.code === 22);
  return full ? { reason: "storage" } : { reason: "file", file: file };
}

function fill(cache) {
  var total = MJREF_FILES.length;
  var totalBytes = MJREF_SIZES.reduce(function (a, b) {
    return a + b;
  }, 0);
  var done = 0;
  var bytes = 0;
  var next = 0;
  var failed = null;
  var last = 0;

  function progress() {
    var now = Date.now();
    if (done < total && now - last < EVERY_MS) return;
    last = now;
    tell({ state: "saving", done: done, total: total, bytes: bytes, totalBytes: totalBytes });
  }

  function one(i) {
    var url = new URL(MJREF_FILES[i], self.registration.scope).href;
    return cache
      .match(url)
      .then(function (hit) {
        if (hit) return null;
        return fetch(new Request(url, { cache: "reload" })).then(function (response) {
          if (!response.ok) throw new Error("status " + response.status);
          return cache.put(url, response);
        });
      })
      .then(
        function () {
          done += 1;
          bytes += MJREF_SIZES[i];
          progress();
        },
        function (error) {
          failed = failed || failure(error, MJREF_FILES[i]);
          throw error;
        }
      );
  }

  function worker() {
    if (failed || next >= total) return Promise.resolve();
    return one(next++).then(worker);
  }

  var workers = [];
  for (var k = 0; k < AT_ONCE; k += 1) workers.push(worker());
  return Promise.all(workers).catch(function (error) {
    var said = failed || failure(error, "");
    said.state = "failed";
    return tell(said).then(function () {
      throw error;
    });
  });
}

self.addEventListener("install", function (event) {
  event.waitUntil(
    caches
      .open(CACHE)
      .then(fill)
      .then(function () {
        return self.skipWaiting();
      })
  );
});

self.addEventListener("activate", function (event) {
  event.waitUntil(
    caches
      .keys()
      .then(function (keys) {
        return Promise.all(
          keys
            .filter(function (k) {
              return k.indexOf(PREFIX) === 0 && k !== CACHE;
            })
            .map(function (k) {
              return caches.delete(k);
            })
        );
      })
      .then(function () {
        return self.clients.claim();
      })
      .then(function () {
        return tell({ state: "ready" });
      })
  );
});

self.addEventListener("fetch", function (event) {
  var request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) return;
  var url = new URL(request.url);
  url.search = "";
  url.hash = "";
  if (url.pathname.slice(-1) === "/") url.pathname += "index.html";
  event.respondWith(
    caches.open(CACHE).then(function (cache) {
      return cache.match(url.href).then(function (hit) {
        return hit || fetch(request);
      });
    })
  );
});
