// The back office's check-in page (/admin/meetups/<id>/check-in) only: scan a ticket's QR
// code with the phone's camera. The browser's BarcodeDetector where it exists (Chrome on
// Android); elsewhere (Safari on iPhone, Firefox, desktop Chrome) zxing-wasm, the WebAssembly
// build of zxing-cpp, served from this site (assets/vendor/zxing-wasm/, never a CDN) and
// loaded only when the camera is first opened. A code read is put into the page's code
// field and the form is submitted, exactly as if the organizer had typed it (offline,
// assets/check_in_door.js answers it from the phone's list). Front or back camera, the
// torch where the camera has one, a message saying why when the camera cannot be used;
// typing always stays.
(function () {
  if (window.uzdevCheckIn) return;
  var ZXING = "/vendor/zxing-wasm/";
  var stream = null;
  var last = "";
  var lastAt = 0;
  var facing = "environment";
  var deviceIndex = -1;
  var torch = false;
  var detect = null; // a function (video) -> Promise of [{rawValue}]
  var canvas = null;
  var looping = false; // one reading loop, whichever camera it reads

  function field() { return document.getElementById("check-in-code"); }

  function submit(value) {
    var input = field();
    if (!input || !input.form) return;
    var setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value").set;
    setter.call(input, value);
    input.dispatchEvent(new Event("input", { bubbles: true }));
    input.form.requestSubmit();
  }

  function show(id, visible) {
    var el = document.getElementById(id);
    if (el) el.hidden = !visible;
  }

  function problem(id) {
    ["check-in-camera-unavailable", "check-in-camera-refused", "check-in-camera-missing"]
      .forEach(function (other) { show(other, other === id); });
  }

  function loadScript(src) {
    return new Promise(function (resolve, reject) {
      var s = document.createElement("script");
      s.src = src;
      s.onload = resolve;
      s.onerror = reject;
      document.head.appendChild(s);
    });
  }

  // The reader: the browser's own, else zxing-wasm (the .wasm file from this site).
  async function reader() {
    if (detect) return detect;
    if ("BarcodeDetector" in window) {
      var native = new window.BarcodeDetector({ formats: ["qr_code"] });
      detect = function (video) { return native.detect(video); };
      return detect;
    }
    if (!window.ZXingWASM) await loadScript(ZXING + "zxing-reader.js");
    window.ZXingWASM.prepareZXingModule({
      overrides: { locateFile: function (path, prefix) {
        return path.endsWith(".wasm") ? ZXING + path : prefix + path;
      } },
      fireImmediately: true,
    });
    canvas = document.createElement("canvas");
    detect = async function (video) {
      var w = video.videoWidth, h = video.videoHeight;
      if (!w || !h) return [];
      var scale = Math.min(1, 960 / Math.max(w, h)); // enough for a ticket held up close
      canvas.width = Math.round(w * scale);
      canvas.height = Math.round(h * scale);
      var ctx = canvas.getContext("2d", { willReadFrequently: true });
      ctx.drawImage(video, 0, 0, canvas.width, canvas.height);
      var found = await window.ZXingWASM.readBarcodes(
        ctx.getImageData(0, 0, canvas.width, canvas.height),
        { formats: ["QRCode"], tryHarder: true, maxNumberOfSymbols: 1 });
      return found.filter(function (r) { return r.isValid; })
        .map(function (r) { return { rawValue: r.text }; });
    };
    return detect;
  }

  function release() {
    if (stream) stream.getTracks().forEach(function (t) { t.stop(); });
    stream = null;
  }

  function stop() {
    release();
    var video = document.getElementById("check-in-video");
    if (video) video.srcObject = null;
    show("check-in-camera-box", false);
    torch = false;
  }

  async function cameras() {
    try {
      var all = await navigator.mediaDevices.enumerateDevices();
      return all.filter(function (d) { return d.kind === "videoinput"; });
    } catch (e) { return []; }
  }

  function constraints(list) {
    if (deviceIndex >= 0 && list[deviceIndex] && list[deviceIndex].deviceId) {
      return { video: { deviceId: { exact: list[deviceIndex].deviceId } } };
    }
    return { video: { facingMode: facing } };
  }

  function showTorch() {
    var track = stream && stream.getVideoTracks()[0];
    var caps = track && track.getCapabilities ? track.getCapabilities() : {};
    show("check-in-torch", !!caps.torch);
    var button = document.querySelector("[data-check-in-torch]");
    if (button) button.setAttribute("aria-pressed", torch ? "true" : "false");
  }

  async function open() {
    var video = document.getElementById("check-in-video");
    release();
    stream = await navigator.mediaDevices.getUserMedia(constraints(await cameras()));
    problem(null);
    show("check-in-camera-box", true);
    video.srcObject = stream;
    await video.play();
    showTorch();
    show("check-in-camera-switch", (await cameras()).length > 1 || "ontouchstart" in window);
  }

  async function start() {
    if (!navigator.mediaDevices || !navigator.mediaDevices.getUserMedia) {
      problem("check-in-camera-unavailable");
      return;
    }
    try {
      await open();
    } catch (e) {
      release();
      var refused = e && (e.name === "NotAllowedError" || e.name === "SecurityError");
      problem(refused ? "check-in-camera-refused" : "check-in-camera-missing");
      return;
    }
    var read;
    try {
      read = await reader();
    } catch (e) {
      stop();
      problem("check-in-camera-unavailable");
      return;
    }
    var video = document.getElementById("check-in-video");
    if (looping) return;
    looping = true;
    (async function tick() {
      if (!stream) { looping = false; return; }
      try {
        var codes = await read(video);
        var now = Date.now();
        if (codes.length && (codes[0].rawValue !== last || now - lastAt > 4000)) {
          last = codes[0].rawValue;
          lastAt = now;
          submit(last);
        }
      } catch (e) { /* a frame that could not be read */ }
      setTimeout(tick, 250); // about four frames a second: enough, and spares the battery
    })();
  }

  // Front <-> back: the next camera where the browser names them, else the other facing.
  async function switchCamera() {
    var list = await cameras();
    if (list.length > 1 && list[0].deviceId) {
      deviceIndex = (deviceIndex + 1) % list.length;
    } else {
      facing = facing === "environment" ? "user" : "environment";
    }
    torch = false;
    try { await open(); } catch (e) { problem("check-in-camera-missing"); }
  }

  async function toggleTorch() {
    var track = stream && stream.getVideoTracks()[0];
    if (!track) return;
    try {
      await track.applyConstraints({ advanced: [{ torch: !torch }] });
      torch = !torch;
    } catch (e) { /* the camera refused: the button stays as it was */ }
    showTorch();
  }

  document.addEventListener("click", function (event) {
    if (event.target.closest("[data-check-in-camera]")) start();
    if (event.target.closest("[data-check-in-camera-stop]")) stop();
    if (event.target.closest("[data-check-in-camera-switch]")) switchCamera();
    if (event.target.closest("[data-check-in-torch]")) toggleTorch();
  });
  window.addEventListener("pagehide", stop);
  // The decoder is taken while the network is there, so the camera reads codes offline too.
  if (!("BarcodeDetector" in window) && navigator.onLine) reader().catch(function () { detect = null; });
  window.uzdevCheckIn = { start: start, stop: stop, submit: submit };
})();
