// A classic worker that reads QR codes with jsQR (vendored by build.py from node_modules/jsqr
// into dist/vendor/jsqr.js, a UMD script that defines self.jsQR here), off the main thread.
//
// page → worker  {id, bitmap, width, height}      an ImageBitmap (transferred), scaled here
//                {id, pixels, width, height}      RGBA bytes (an ArrayBuffer, transferred)
// worker → page  {id, text}                        the code's text, or null when none was found
//                {id, error: "no_offscreen"}      no 2D OffscreenCanvas here: send pixels instead
//                {id, error: "failed", detail}

/* global importScripts, jsQR */
importScripts("../vendor/jsqr.js");

let canvas = null;
let context = null;

function pixelsOf(bitmap, width, height) {
  if (typeof OffscreenCanvas === "undefined") return null;
  if (!canvas) {
    canvas = new OffscreenCanvas(width, height);
    context = canvas.getContext("2d", {willReadFrequently: true});
  }
  if (!context) return null;
  if (canvas.width !== width || canvas.height !== height) {
    canvas.width = width;
    canvas.height = height;
  }
  context.drawImage(bitmap, 0, 0, width, height);
  return context.getImageData(0, 0, width, height).data;
}

self.onmessage = (event) => {
  const {id, bitmap, pixels, width, height} = event.data || {};
  try {
    let data;
    if (bitmap) {
      data = pixelsOf(bitmap, width, height);
      bitmap.close();
      if (!data) {
        self.postMessage({id, error: "no_offscreen"});
        return;
      }
    } else {
      data = new Uint8ClampedArray(pixels);
    }
    // The app shows dark modules on white: no inverted pass (half the work per frame).
    const found = jsQR(data, width, height, {inversionAttempts: "dontInvert"});
    self.postMessage({id, text: found ? found.data : null});
  } catch (e) {
    self.postMessage({id, error: "failed", detail: String(e && e.message)});
  }
};
