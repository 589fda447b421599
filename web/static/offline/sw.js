/* mjref offline: the service worker of an exported site. On install it caches every file of the export (the list,
 * each file's size and the version are written into this file by `mjref export`), a few at a time (Pyodide
 * first), telling the site's open pages how far it is (static/offline/register.js shows it); a file already in this
 * version's cache (from an install that stopped half-way) is not fetched again. On activate it deletes the caches of
 * other exports; it answers every request of the site from the cache, the network only for what the cache lacks.
 * A directory address (rulings/x/) is answered with its index.html; a query (?hand=…) does not matter. */
/* global MJREF_VERSION, MJREF_FILES, MJREF_SIZES */
"use strict";

var PREFIX = "mjref-";
var CACHE = PREFIX + MJREF_VERSION;
var AT_ONCE = 8; // files fetched at the same time
var EVERY_MS = 250; // at most one progress message in this time
// Fetched first, and alone: what the score page starts with (Pyodide, the scorer's wheel). On a first visit there,
// the page and the service worker ask for the same files, which the browser downloads once (see "no-cache"), and
// the page's start does not share the link with the rest of the site.
var FIRST = /^(pyodide|py)\//;

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

/* Rejects with a QuotaExceededError at once when the browser says the origin's storage has no room for ``bytes``
 * (rather than after downloading what fits); where it cannot say, the cache's own error says it later. */
function room(bytes) {
  var storage = self.navigator && self.navigator.storage;
  if (!storage || !storage.estimate) return Promise.resolve();
  return storage.estimate().then(function (e) {
    if (typeof e.quota === "number" && typeof e.usage === "number" && e.quota - e.usage < bytes) {
      throw new DOMException("no room for " + bytes + " bytes", "QuotaExceededError");
    }
  });
}

function fill(cache) {
  var total = MJREF_FILES.length;
  var totalBytes = MJREF_SIZES.reduce(function (a, b) {
    return a + b;
  }, 0);
  var done = 0;
  var bytes = 0;
  var failed = null;
  var last = 0;

  function progress() {
    var now = Date.now();
    if (done < total && now - last < EVERY_MS) return;
    last = now;
    tell({ state: "saving", done: done, total: total, bytes: bytes, totalBytes: totalBytes });
  }

  function count(i) {
    done += 1;
    bytes += MJREF_SIZES[i];
    progress();
  }

  function one(i) {
    var url = new URL(MJREF_FILES[i], self.registration.scope).href;
    // "no-cache": what the browser's HTTP cache holds is asked again of the host (If-Modified-Since, If-None-Match)
    // and taken only when unchanged (304), so a first visit does not download twice what its page has just loaded
    // (Pyodide's 12 MB on the score page).
    return fetch(new Request(url, { cache: "no-cache" }))
      .then(function (response) {
        if (!response.ok) throw new Error("status " + response.status);
        return cache.put(url, response);
      })
      .then(
        function () {
          count(i);
        },
        function (error) {
          failed = failed || failure(error, MJREF_FILES[i]);
          throw error;
        }
      );
  }

  /* The files at ``indices``, AT_ONCE at a time; stops taking new ones once one has failed. */
  function some(indices) {
    var next = 0;
    function worker() {
      if (failed || next >= indices.length) return Promise.resolve();
      return one(indices[next++]).then(worker);
    }
    var workers = [];
    for (var k = 0; k < AT_ONCE; k += 1) workers.push(worker());
    return Promise.all(workers);
  }

  /* What an install that stopped half-way saved is counted as done; the rest is fetched. */
  var missing = [];
  return Promise.all(
    MJREF_FILES.map(function (name, i) {
      return cache.match(new URL(name, self.registration.scope).href).then(function (hit) {
        if (hit) count(i);
        else missing.push(i);
      });
    })
  )
    .then(function () {
      missing.sort(function (a, b) {
        return a - b;
      });
      return room(
        missing.reduce(function (sum, i) {
          return sum + MJREF_SIZES[i];
        }, 0)
      );
    })
    .then(function () {
      return some(
        missing.filter(function (i) {
          return FIRST.test(MJREF_FILES[i]);
        })
      );
    })
    .then(function () {
      return some(
        missing.filter(function (i) {
          return !FIRST.test(MJREF_FILES[i]);
        })
      );
    })
    .catch(function (error) {
      var said = failed || failure(error, "");
      said.state = "failed";
      // The install fails a moment after the pages are told why, so that the message is not overtaken by the
      // worker's end (a page then says only that it could not save, not why).
      return tell(said)
        .then(function () {
          return new Promise(function (resolve) {
            setTimeout(resolve, 500);
          });
        })
        .then(function () {
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
