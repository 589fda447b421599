/* mjref offline: the service worker of an exported site. On install it caches every file of the export (the list
 * and its version are written into this file by `mjref export`); on activate it deletes the caches of other
 * exports; it answers every request of the site from the cache, the network only for what the cache lacks.
 * A directory address (rulings/x/) is answered with its index.html; a query (?hand=…) does not matter. */
/* global MJREF_VERSION, MJREF_FILES */
"use strict";

var PREFIX = "mjref-";
var CACHE = PREFIX + MJREF_VERSION;

self.addEventListener("install", function (event) {
  event.waitUntil(
    caches
      .open(CACHE)
      .then(function (cache) {
        return cache.addAll(
          MJREF_FILES.map(function (f) {
            return new Request(new URL(f, self.registration.scope), { cache: "reload" });
          })
        );
      })
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
