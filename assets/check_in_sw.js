// The check-in page's service worker (issue 47), registered by assets/check_in_door.js with
// the page's own address as its scope (/admin/meetups/<id>/check-in): no other page of the
// site is ever controlled by it. It keeps the page and the files it loaded (scripts,
// styles, the QR decoder), network first, and it writes the page's web app manifest (the
// installed app opens this meetup's door). The REST API and the websocket are never
// cached: the list of tickets lives in IndexedDB, for the organizer who took it.
//
// Opened again without a network, the page is the door kept on the phone
// (assets/check_in_offline.html: the same door script, answering from the held list). It
// and its files are taken when the worker installs, not as a controlled page fetches them:
// a page reached by the site's router (the back-office menu) is never controlled by a
// worker registered after it loaded, and it held nothing for the next offline opening.
var CACHE = "uzdev-door-v2";
var ICON = "/favicon.svg";
var OFFLINE_PAGE = "/check_in_offline.html";
var KEPT = [OFFLINE_PAGE, "/check_in_offline.js", "/check_in_offline.css", "/check_in_door.js",
            "/check_in_scanner.js", "/site.css", ICON, "/vendor/zxing-wasm/zxing-reader.js",
            "/vendor/zxing-wasm/zxing_reader.wasm"];

self.addEventListener("install", function (event) {
  self.skipWaiting();
  event.waitUntil(caches.open(CACHE).then(function (c) {
    // One by one: a file that fails (the decoder on a slow line) does not stop the rest.
    return Promise.all(KEPT.map(function (url) {
      return c.add(new Request(url, { cache: "reload" })).catch(function () {});
    }));
  }));
});

self.addEventListener("activate", function (event) {
  event.waitUntil(caches.keys().then(function (names) {
    return Promise.all(names.filter(function (n) { return n.indexOf("uzdev-door-") === 0 && n !== CACHE; })
      .map(function (n) { return caches.delete(n); }));
  }).then(function () { return self.clients.claim(); }));
});

function page() { return new URL(self.registration.scope).pathname.replace(/\/$/, ""); }

function manifest() {
  var start = page();
  return new Response(JSON.stringify({
    name: "UzDev Korea check-in",
    short_name: "Check-in",
    start_url: start,
    scope: start,
    display: "standalone",
    background_color: "#ffffff",
    theme_color: "#2563eb",
    icons: [{ src: ICON, sizes: "any", type: "image/svg+xml", purpose: "any" },
            { src: "/favicon.ico", sizes: "48x48", type: "image/x-icon" }],
  }), { headers: { "Content-Type": "application/manifest+json" } });
}

function cacheable(url) {
  return url.origin === self.location.origin && !/^\/(api|_event|_upload|_health|ping|uploaded_files)(\/|$)/.test(url.pathname);
}

// Network first, the kept copy when there is no network.
function fresh(request) {
  return fetch(request).then(function (response) {
    if (response.ok) {
      var copy = response.clone();
      caches.open(CACHE).then(function (c) { c.put(request, copy); });
    }
    return response;
  }).catch(function () {
    return caches.match(request, { ignoreSearch: request.mode === "navigate" }).then(function (hit) {
      return hit || Response.error();
    });
  });
}

self.addEventListener("fetch", function (event) {
  var request = event.request;
  if (request.method !== "GET") return;
  var url = new URL(request.url);
  if (url.pathname === page() + "/door.webmanifest") { event.respondWith(manifest()); return; }
  if (request.mode === "navigate") { // the check-in page itself; without a network, the kept door
    event.respondWith(fetch(request).catch(function () {
      return caches.match(OFFLINE_PAGE).then(function (hit) { return hit || Response.error(); });
    }));
    return;
  }
  if (!cacheable(url)) return;
  event.respondWith(fresh(request));
});
