"""The camera path (web/together/scan.js) end to end: Chromium's fake camera plays a .y4m
file made here from the QR code that qr.js draws for a real offer code, and scan() must read
that code (jsQR in the worker: desktop Linux Chromium has no BarcodeDetector). Each browser
here is launched with its own camera flags (not the shared profile)."""

from __future__ import annotations

import glob

import pytest

from .together import real_codes, together  # noqa: F401  (fixture)

WIDTH, HEIGHT = 640, 480
FAKE_UI = "--use-fake-ui-for-media-stream"
FAKE_DEVICE = "--use-fake-device-for-media-stream"

# Keeps the stream scan() opens (to check that its tracks are stopped) and counts workers.
SPY = """() => {
  const gum = navigator.mediaDevices.getUserMedia.bind(navigator.mediaDevices);
  navigator.mediaDevices.getUserMedia = async (c) => (window.lastStream = await gum(c));
  const W = window.Worker;
  window.workers = [];
  window.Worker = class extends W { constructor(url, o) { super(url, o); workers.push(String(url)); } };
}"""

SCAN = """async ({ms, remove}) => {
  const video = document.createElement("video");
  document.body.append(video);
  const abort = new AbortController();
  if (ms) setTimeout(() => (remove ? video.remove() : abort.abort()), ms);
  const t0 = performance.now();
  let started = null;
  try {
    const text = await T.scan.scan(video, {signal: abort.signal, onstart: (s) => { started = s; }});
    return {text, started, ms: performance.now() - t0, released: released(video)};
  } catch (e) {
    return {error: e.name + ":" + e.code, started, released: released(video)};
  }
  function released(v) {
    return v.srcObject === null && (!window.lastStream
      || window.lastStream.getTracks().every((t) => t.readyState === "ended"));
  }
}"""


def frame(modules, px, background=200) -> bytes:
    """One I420 frame: the QR symbol (quiet zone included) centred on a grey background."""
    n = len(modules)
    side = n * px
    x0, y0 = (WIDTH - side) // 2, (HEIGHT - side) // 2
    y = bytearray([background]) * (WIDTH * HEIGHT)
    for r in range(side):
        row = modules[r // px]
        line = bytes(16 if row[c // px] else 235 for c in range(side))
        start = (y0 + r) * WIDTH + x0
        y[start:start + side] = line
    chroma = bytes([128]) * (WIDTH * HEIGHT // 4)
    return b"FRAME\n" + bytes(y) + chroma + chroma


def write_y4m(path, frames):
    with open(path, "wb") as f:
        f.write(f"YUV4MPEG2 W{WIDTH} H{HEIGHT} F30:1 Ip A1:1 C420jpeg\n".encode())
        for fr in frames:
            f.write(fr)


def camera(together, path):
    return together(FAKE_UI, FAKE_DEVICE, f"--use-file-for-fake-video-capture={path}")


def test_the_camera_reads_a_real_offer_code(together, tmp_path):
    _, maker = together()
    offer = real_codes(maker)[0]
    matrices = maker.evaluate("""(texts) => texts.map((t) => T.qr.qrMatrix(t).modules)""",
                              [offer, "https://example.com/menu"])
    # a third of the frames show another QR code (a café's menu): scan() ignores it
    feed = tmp_path / "camera.y4m"
    blank = frame([[False]], 1)
    write_y4m(feed, [frame(matrices[1], 6)] * 5 + [blank] * 5 + [frame(matrices[0], 7)] * 20)
    _, page = camera(together, feed)
    page.evaluate(SPY)
    got = page.evaluate(SCAN, {"ms": 0, "remove": False})
    assert got.get("text") == offer, got
    assert got["started"] == {"detector": "library"}
    assert page.evaluate("typeof BarcodeDetector") == "undefined"
    assert got["released"], "the camera is stopped once the code is read"
    assert any(w.endswith("/together/scan-worker.js") for w in page.evaluate("workers"))
    assert page.evaluate("(t) => T.code.decode(t, 'offer').kind", got["text"]) == "offer"
    assert got["ms"] < 10_000


def test_stopping_a_scan_releases_the_camera(together, tmp_path):
    feed = tmp_path / "blank.y4m"
    write_y4m(feed, [frame([[False]], 1)] * 3)
    _, page = camera(together, feed)
    page.evaluate(SPY)
    aborted = page.evaluate(SCAN, {"ms": 1500, "remove": False})
    assert aborted == {"error": "ScanError:stopped", "started": {"detector": "library"}, "released": True}
    removed = page.evaluate(SCAN, {"ms": 1500, "remove": True})
    assert removed == {"error": "ScanError:stopped", "started": {"detector": "library"}, "released": True}
    # leaving the page (pagehide) stops it too
    hidden = page.evaluate("""async () => {
      const video = document.createElement("video");
      document.body.append(video);
      setTimeout(() => window.dispatchEvent(new PageTransitionEvent("pagehide")), 1500);
      try { await T.scan.scan(video); return "read"; } catch (e) { return e.code; }
    }""")
    assert hidden == "stopped"
    assert page.evaluate("lastStream.getTracks().every((t) => t.readyState === 'ended')")


def test_a_refused_or_missing_camera_is_a_clear_error(together):
    # a camera is there (the fake one) but the permission is not given (no fake UI: refused).
    # Debian's full Chromium: the headless shell has no permission prompt to refuse with, and
    # answers NotSupportedError (camera_failed) where a phone's browser says NotAllowedError
    _, page = together(FAKE_DEVICE, full=True)
    assert page.evaluate(SCAN, {"ms": 0, "remove": False}) == \
        {"error": "ScanError:camera_denied", "started": None, "released": True}
    # no fake device, and this machine has no camera
    _, page = together(FAKE_UI)
    if not glob.glob("/dev/video*"):
        assert page.evaluate(SCAN, {"ms": 0, "remove": False}) == \
            {"error": "ScanError:no_camera", "started": None, "released": True}
    # no camera API at all (an insecure context has none; this page is secure, so: no camera)
    got = page.evaluate("""async () => {
      Object.defineProperty(navigator, "mediaDevices", {value: undefined});
      try { await T.scan.scan(document.createElement("video")); return "read"; } catch (e) { return e.code; }
    }""")
    assert got == "no_camera"


def test_barcode_detector_reads_the_same_image_where_it_exists(together):
    """Android Chrome's path. Desktop Linux Chromium has no BarcodeDetector: skipped there."""
    _, page = together()
    if page.evaluate("typeof BarcodeDetector") == "undefined":
        pytest.skip("this Chromium has no BarcodeDetector (desktop Linux); Android Chrome has")
    offer = real_codes(page)[0]
    got = page.evaluate("""async (text) => {
      const det = await T.scan.nativeDetector();
      if (!det) return "no qr_code format";
      const svg = T.qr.qrSvg(text);
      const url = URL.createObjectURL(new Blob([new XMLSerializer().serializeToString(svg)], {type: "image/svg+xml"}));
      const img = new Image(); img.src = url; await img.decode();
      const c = document.createElement("canvas"); c.width = c.height = 400;
      c.getContext("2d").drawImage(img, 0, 0, 400, 400);
      const found = await det.detect(c);
      return found.map((b) => b.rawValue);
    }""", offer)
    assert got == [offer]
