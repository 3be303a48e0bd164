// The back office's check-in page (/admin/meetups/<id>/check-in) only: scan a ticket's QR
// code with the phone's camera through the browser's BarcodeDetector, where it exists.
// A code read is put into the page's code field and the form is submitted, exactly as if
// the organizer had typed it; without BarcodeDetector the page says so and typing stays.
(function () {
  if (window.uzdevCheckIn) return;
  var stream = null;
  var last = "";
  var lastAt = 0;

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

  function stop() {
    if (stream) stream.getTracks().forEach(function (t) { t.stop(); });
    stream = null;
    var video = document.getElementById("check-in-video");
    if (video) video.srcObject = null;
    show("check-in-camera-box", false);
  }

  async function start() {
    if (!("BarcodeDetector" in window) || !navigator.mediaDevices) {
      show("check-in-camera-unavailable", true);
      return;
    }
    var video = document.getElementById("check-in-video");
    try {
      var detector = new window.BarcodeDetector({ formats: ["qr_code"] });
      stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: "environment" } });
    } catch (e) {
      show("check-in-camera-unavailable", true);
      return;
    }
    show("check-in-camera-box", true);
    video.srcObject = stream;
    await video.play();
    (async function tick() {
      if (!stream) return;
      try {
        var codes = await detector.detect(video);
        var now = Date.now();
        if (codes.length && (codes[0].rawValue !== last || now - lastAt > 4000)) {
          last = codes[0].rawValue;
          lastAt = now;
          submit(last);
        }
      } catch (e) { /* a frame that could not be read */ }
      setTimeout(tick, 250);
    })();
  }

  document.addEventListener("click", function (event) {
    if (event.target.closest("[data-check-in-camera]")) start();
    if (event.target.closest("[data-check-in-camera-stop]")) stop();
  });
  window.addEventListener("pagehide", stop);
  window.uzdevCheckIn = { start: start, stop: stop, submit: submit };
})();
