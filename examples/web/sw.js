// The page's service worker: every file the page fetches from its own site is kept, so that after
// the first visit the page opens and plays offline (with the cores of the families it has
// played). Network first, so that a new build is seen at once; the kept copy when offline.

const CACHE = "bitdraughts-page";
const SHELL = ["./", "./index.html", "./main.js", "./worker.js", "./style.css"];

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(SHELL)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));

// The page's list of what it fetched before this worker ran: kept, so the next visit opens offline.
self.addEventListener("message", (event) => {
  const keep = Array.isArray(event.data?.keep) ? event.data.keep.filter((url) => typeof url === "string" && new URL(url).origin === self.location.origin) : [];
  event.waitUntil(caches.open(CACHE).then((cache) => Promise.all(keep.map((url) => cache.add(url).catch(() => undefined)))).then(() => event.source?.postMessage({ kept: keep.length })));
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith(
    fetch(request).then(
      (response) => {
        if (response.ok) {
          const copy = response.clone();
          event.waitUntil(caches.open(CACHE).then((cache) => cache.put(request, copy)));
        }
        return response;
      },
      async () => (await caches.match(request, { ignoreSearch: true })) ?? Response.error(),
    ),
  );
});
