// The check-in page's door without the network (issue 47; services/meetups/door.py says
// what the server keeps). Loaded on /admin/meetups/<id>/check-in only:
// - installs the page: a service worker (assets/check_in_sw.js) whose scope is this page's
//   address alone, and the web app manifest it serves for this meetup;
// - holds the meetup's list of valid tickets for this organizer (GET .../door: a hash of
//   each code, the name the member chose, seat kind, door answers) in IndexedDB
//   ("uzdev-door-lists"), dropped when it expires (the meetup's end), when another member
//   or nobody is signed in, when the server says the sign-in is gone (a 401 for a token
//   not yet expired), and at sign-out (state/auth.py deletes the database);
// - offline, answers a scanned or typed code from that list (a code that hashes to no
//   ticket is refused: the signing secret never leaves the server), keeps each admission
//   with its time in IndexedDB ("uzdev-door") and says "Offline, N waiting to sync";
// - sends what waits as soon as the network is back (no button), then every few seconds
//   reads the list again and asks the page for the numbers and the duplicates, so phones
//   at several doors see each other's check-ins;
// - keeps the page's texts in both languages ("uzdev_doorTexts", from #door-texts) for the
//   door opened again without a network (assets/check_in_offline.html, served by the
//   worker at this address): there it answers every code from the held list.
(function () {
  if (window.uzdevDoor) return;
  var match = location.pathname.match(/^\/admin\/meetups\/(\d+)\/check-in\/?$/);
  if (!match) return;
  var meetupId = Number(match[1]);
  var API = "/api/v1/admin/meetups/" + meetupId + "/door";
  var EVERY = 3000; // ms between two reads of the door while online
  var held = null; // {key, organizerId, expiresAt, byHash}
  var busy = false;
  // The page kept on the phone (no Reflex, no websocket): every code is answered here.
  var KEPT_PAGE = document.documentElement.hasAttribute("data-door-offline-page");

  function stored(name) {
    var v = localStorage.getItem(name) || "";
    return v.length > 1 && v[0] === '"' ? JSON.parse(v) : v;
  }
  function userId() { return Number(stored("uzdev_lastUserId")) || 0; }
  function token() { return stored("uzdev_accessToken"); }

  function deviceId() {
    var id = localStorage.getItem("uzdev_doorDevice");
    if (!id) {
      var bytes = new Uint8Array(6);
      crypto.getRandomValues(bytes);
      id = "door-" + Array.from(bytes, function (b) { return b.toString(16).padStart(2, "0"); }).join("");
      localStorage.setItem("uzdev_doorDevice", id);
    }
    return id;
  }

  // ---- IndexedDB: one store per database, promises around requests
  function db(name, store, keyPath) {
    return new Promise(function (resolve, reject) {
      var open = indexedDB.open(name, 1);
      open.onupgradeneeded = function () { open.result.createObjectStore(store, { keyPath: keyPath }); };
      open.onsuccess = function () { resolve(open.result); };
      open.onerror = function () { reject(open.error); };
    });
  }
  function run(name, store, keyPath, mode, work) {
    return db(name, store, keyPath).then(function (d) {
      return new Promise(function (resolve, reject) {
        var tx = d.transaction(store, mode);
        var req = work(tx.objectStore(store));
        tx.oncomplete = function () { d.close(); resolve(req && req.result); };
        tx.onerror = function () { d.close(); reject(tx.error); };
      });
    });
  }
  var lists = function (mode, work) { return run("uzdev-door-lists", "lists", "key", mode, work); };
  var waiting = function (mode, work) { return run("uzdev-door", "checkins", "key", mode, work); };

  function listKey() { return meetupId + ":" + userId(); }

  function clean(text) {
    var code = String(text || "").trim().toUpperCase().replace(/ /g, "");
    return code.indexOf("UZDEV:") === 0 ? code.slice(6) : code;
  }
  async function hashOf(code) {
    var data = new TextEncoder().encode("uzdev-door:" + meetupId + ":" + code);
    var digest = await crypto.subtle.digest("SHA-256", data);
    return Array.from(new Uint8Array(digest), function (b) { return b.toString(16).padStart(2, "0"); }).join("");
  }

  // Offline: the browser says so, or the last read of the door failed for want of a network
  // (a phone on a venue's Wi-Fi without internet still says it is online).
  var unreachable = false;
  function offline() { return !navigator.onLine || unreachable; }

  // ---- the held list
  function keep(data) {
    var byHash = {};
    data.tickets.forEach(function (t) { byHash[t.hash] = t; });
    held = { key: listKey(), meetupId: meetupId, organizerId: data.organizerId,
             expiresAt: data.expiresAt, byHash: byHash };
    return lists("readwrite", function (s) { return s.put(held); });
  }

  function forget() {
    held = null;
    return lists("readwrite", function (s) { return s.clear(); });
  }

  // The access token's own expiry (a 401 for a token still valid: the sign-in was ended).
  function tokenLive() {
    try {
      var payload = JSON.parse(atob(token().split(".")[1].replace(/-/g, "+").replace(/_/g, "/")));
      return payload.exp * 1000 > Date.now();
    } catch (e) { return false; }
  }

  async function loadHeld() {
    if (!token() || !userId()) { // nobody signed in: no list on this phone
      await forget();
      return;
    }
    // Another organizer's lists do not stay on a phone someone else signed in on.
    var all = await lists("readonly", function (s) { return s.getAll(); });
    var others = (all || []).filter(function (r) { return r.organizerId !== userId(); });
    if (others.length) {
      await lists("readwrite", function (s) { others.forEach(function (r) { s.delete(r.key); }); });
    }
    var row = await lists("readonly", function (s) { return s.get(listKey()); });
    if (row && (new Date(row.expiresAt) < new Date() || row.organizerId !== userId())) {
      await lists("readwrite", function (s) { return s.delete(row.key); });
      row = null;
    }
    held = row || null;
  }

  async function fetchHeld() {
    var r = await fetch(API, { headers: { Authorization: "Bearer " + token() }, cache: "no-store" });
    if (r.status === 401 && tokenLive()) { await forget(); return false; } // signed out elsewhere
    if (!r.ok) return false;
    await keep((await r.json()).data);
    return true;
  }

  // ---- what waits to be sent
  function mine() {
    return waiting("readonly", function (s) { return s.getAll(); }).then(function (all) {
      return (all || []).filter(function (c) { return c.meetupId === meetupId && c.organizerId === userId(); });
    });
  }

  async function sync() {
    var todo = await mine();
    if (!todo.length) return true;
    var r = await fetch(API + "/check-ins", {
      method: "POST",
      headers: { Authorization: "Bearer " + token(), "Content-Type": "application/json" },
      body: JSON.stringify({ deviceId: deviceId(), checkIns: todo.map(function (c) {
        return { code: c.code, scannedAt: c.scannedAt };
      }) }),
    });
    if (r.status === 401 && KEPT_PAGE) {
      // The kept page cannot renew an access token (15 minutes): the full page does, and
      // then sends what waits. Online again, the check-in address gives the full page.
      location.reload();
      return false;
    }
    if (!r.ok) return false;
    await waiting("readwrite", function (s) {
      todo.forEach(function (c) { s.delete(c.key); });
    });
    return true;
  }

  // ---- what the page shows
  function el(id) { return document.getElementById(id); }
  function text(node, name, values) {
    var s = (node && node.getAttribute("data-" + name)) || "";
    Object.keys(values || {}).forEach(function (k) { s = s.split("{" + k + "}").join(values[k]); });
    return s;
  }

  async function status() {
    var node = el("door-status");
    if (!node) return;
    var n = (await mine()).length;
    var line;
    if (offline()) line = held ? text(node, "offline", { n: n }) : text(node, "no-list", {});
    else if (n) line = text(node, "online-waiting", { n: n });
    else line = held ? text(node, "online-held", { n: Object.keys(held.byHash).length }) : "";
    node.textContent = line;
    node.hidden = !line;
    node.setAttribute("data-waiting", String(n));
    var device = el("door-device");
    if (device) device.textContent = text(device, "label", { device: deviceId() });
    var back = el("door-back-online"); // the kept page: the full page is back
    if (back) back.hidden = offline();
  }

  function keepTexts() {
    var node = el("door-texts");
    var value = node && node.getAttribute("data-texts");
    if (value && localStorage.getItem("uzdev_doorTexts") !== value) {
      localStorage.setItem("uzdev_doorTexts", value);
    }
  }

  function clock(iso) {
    var lang = stored("uzdev_lang") === "uz" ? "uz-Latn" : "en-GB";
    try {
      return new Date(iso).toLocaleTimeString(lang, { timeZone: "Asia/Seoul", hour: "2-digit", minute: "2-digit" });
    } catch (e) { return iso; }
  }

  function answer(kind, ticket, firstAt) {
    var box = el("door-result");
    if (!box) return;
    var online = el("check-in-result");
    if (online) online.hidden = true;
    var ok = kind === "checked-in";
    box.setAttribute("data-accepted", ok ? "true" : "false");
    box.replaceChildren();
    var head = document.createElement("p");
    head.className = "uzdev-door-outcome";
    head.textContent = text(box, kind, {});
    box.appendChild(head);
    if (ticket) {
      var name = document.createElement("p");
      name.className = "uzdev-door-name";
      name.id = "door-name";
      name.textContent = ticket.name || text(box, "member", {});
      box.appendChild(name);
      var lang = stored("uzdev_lang") === "uz" ? "uz" : "en";
      (ticket.answers || []).forEach(function (a) {
        var line = document.createElement("p");
        line.textContent = (a.label[lang] || a.label.en) + ": " + (a.text[lang] || a.text.en);
        box.appendChild(line);
      });
    }
    if (firstAt) {
      var when = document.createElement("p");
      when.textContent = text(box, "first", { when: clock(firstAt) });
      box.appendChild(when);
    }
    box.hidden = false;
  }

  // A scan or a typed code while offline: answered from the held list, kept to send.
  async function admitOffline(raw) {
    var code = clean(raw);
    if (!held) { answer("no-list"); return; }
    var ticket = held.byHash[await hashOf(code)];
    if (!ticket) { answer("unknown"); return; }
    if (ticket.checkedInAt) { answer("already", ticket, ticket.checkedInAt); return; }
    var key = meetupId + ":" + userId() + ":" + ticket.registrationId;
    var before = await waiting("readonly", function (s) { return s.get(key); });
    if (before) { answer("already", ticket, before.scannedAt); return; }
    await waiting("readwrite", function (s) {
      return s.put({ key: key, meetupId: meetupId, organizerId: userId(), code: code,
                     scannedAt: new Date().toISOString() });
    });
    answer("checked-in", ticket);
    status();
  }

  // The code form: the phone's name goes with an online scan; offline, the page answers.
  document.addEventListener("submit", function (event) {
    var input = event.target.querySelector && event.target.querySelector("#check-in-code");
    if (!input) return;
    var device = event.target.querySelector("input[name=device]");
    if (device) device.value = deviceId();
    if (!offline() && !KEPT_PAGE) {
      var box = el("door-result");
      if (box) box.hidden = true;
      var online = el("check-in-result");
      if (online) online.hidden = false;
      return;
    }
    event.preventDefault();
    event.stopPropagation();
    var value = input.value;
    input.value = "";
    admitOffline(value);
  }, true);

  // Online: send what waits, read the list again, let the page read its numbers.
  async function round() {
    if (busy || !navigator.onLine) { status(); return; }
    busy = true;
    keepTexts();
    try {
      if (!token()) { await loadHeld(); return; }
      await sync();
      await fetchHeld();
      unreachable = false;
      var refresh = document.querySelector("[data-door-refresh]");
      if (refresh) refresh.click();
    } catch (e) { unreachable = true; /* no network: the next round tries again */ }
    finally {
      busy = false;
      status();
    }
  }

  function install() {
    if (!("serviceWorker" in navigator)) return;
    var scope = location.pathname.replace(/\/$/, "");
    navigator.serviceWorker.register("/check_in_sw.js", { scope: scope }).catch(function () {});
    function manifest() {
      if (document.querySelector("link[rel=manifest]")) return;
      var link = document.createElement("link");
      link.rel = "manifest";
      link.href = scope + "/door.webmanifest"; // made by the service worker for this meetup
      document.head.appendChild(link);
    }
    if (navigator.serviceWorker.controller) manifest();
    else navigator.serviceWorker.addEventListener("controllerchange", manifest);
  }

  window.addEventListener("online", round);
  window.addEventListener("offline", status);
  window.addEventListener("storage", function (event) {
    if (event.key === "uzdev_accessToken" || event.key === "uzdev_lastUserId") loadHeld().then(status);
  });
  loadHeld().then(function () { if (!KEPT_PAGE) install(); round(); });
  setInterval(round, EVERY);
  window.uzdevDoor = { sync: round, admit: admitOffline, deviceId: deviceId };
})();
