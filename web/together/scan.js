// Reading a QR code with the phone's camera: the back camera through getUserMedia, frames
// read a few times a second by the BarcodeDetector API where the browser has one for QR codes
// (Chrome on Android), otherwise by jsQR in a worker (scan-worker.js), so the page never
// decodes on the main thread. The camera is released when a code is read, on stop (an
// AbortSignal), when the video element leaves the document and when the page is hidden.
//
// Errors are ScanError with a stable `code`:
//   insecure       no camera API: the page is not a secure context (https or localhost)
//   no_camera      no camera on this device (or none that fits)
//   camera_denied  the person or the browser refused the camera
//   camera_busy    another app holds the camera
//   camera_failed  any other failure to start it, or it stopped while scanning
//   stopped        the scan was stopped (signal aborted, video removed, page hidden)
//   reader_failed  the decoder could not run
// The paste path never needs any of this.

import {looksLikeCode} from "./code.js";

/** Frames are scaled down to this width before decoding (a code at arm's length stays readable). */
export const SCAN_WIDTH = 640;
/** Pause between two frames read, in ms (one frame in flight at a time). */
export const SCAN_INTERVAL_MS = 150;
const WORKER_URL = new URL("./scan-worker.js", import.meta.url);

export class ScanError extends Error {
  constructor(code, detail = "") {
    super(detail ? `${code}: ${detail}` : code);
    this.name = "ScanError";
    this.code = code;
  }
}

/** Whether the browser's own detector reads QR codes (then no worker is started). */
export async function nativeDetector() {
  try {
    if (typeof globalThis.BarcodeDetector !== "function") return null;
    const formats = await globalThis.BarcodeDetector.getSupportedFormats();
    if (!formats.includes("qr_code")) return null;
    return new globalThis.BarcodeDetector({formats: ["qr_code"]});
  } catch {
    return null;
  }
}

/**
 * jsQR in a worker. read(source) takes an ImageData, or anything drawImage / createImageBitmap
 * takes (a video, canvas, image, ImageBitmap), scales it to at most `width` px wide and
 * resolves with the text of the QR code found, or null.
 */
export class QrReader {
  constructor({width = SCAN_WIDTH, workerUrl = WORKER_URL} = {}) {
    this.width = width;
    this.worker = new Worker(workerUrl);
    this.pending = new Map();
    this.nextId = 1;
    this.bitmaps = typeof createImageBitmap === "function";
    this.canvas = null;
    this.worker.onmessage = (e) => {
      const p = this.pending.get(e.data.id);
      if (!p) return;
      this.pending.delete(e.data.id);
      if (e.data.error) p.reject(e.data);
      else p.resolve(e.data.text);
    };
    this.worker.onerror = (e) => {
      e.preventDefault();
      this.failed = new ScanError("reader_failed", e.message || "the decoder worker failed");
      for (const p of this.pending.values()) p.reject(this.failed);
      this.pending.clear();
    };
  }

  post(message, transfer) {
    if (this.failed) return Promise.reject(this.failed);
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, {resolve, reject});
      this.worker.postMessage({id, ...message}, transfer);
    });
  }

  async read(source) {
    if (typeof ImageData !== "undefined" && source instanceof ImageData) {
      const copy = source.data.slice().buffer;
      return this.decode(this.post({pixels: copy, width: source.width, height: source.height}, [copy]));
    }
    const sw = source.videoWidth || source.naturalWidth || source.width;
    const sh = source.videoHeight || source.naturalHeight || source.height;
    if (!sw || !sh) return null;
    const scale = Math.min(1, this.width / sw);
    const width = Math.max(1, Math.round(sw * scale));
    const height = Math.max(1, Math.round(sh * scale));
    if (this.bitmaps) {
      const bitmap = await createImageBitmap(source, {resizeWidth: width, resizeHeight: height});
      try {
        return await this.post({bitmap, width, height}, [bitmap]);
      } catch (e) {
        if (e && e.error === "no_offscreen") {
          this.bitmaps = false;   // this browser's workers cannot draw: send pixels from now on
        } else {
          return this.decode(Promise.reject(e));
        }
      }
    }
    if (!this.canvas) {
      this.canvas = document.createElement("canvas");
      this.context = this.canvas.getContext("2d", {willReadFrequently: true});
    }
    this.canvas.width = width;
    this.canvas.height = height;
    this.context.drawImage(source, 0, 0, width, height);
    const buf = this.context.getImageData(0, 0, width, height).data.buffer;
    return this.decode(this.post({pixels: buf, width, height}, [buf]));
  }

  async decode(promise) {
    try {
      return await promise;
    } catch (e) {
      if (e instanceof ScanError) throw e;
      throw new ScanError("reader_failed", (e && (e.detail || e.error)) || String(e));
    }
  }

  close() {
    this.worker.terminate();
    for (const p of this.pending.values()) p.reject(new ScanError("stopped"));
    this.pending.clear();
  }
}

function cameraError(e) {
  const name = e && e.name;
  if (name === "NotAllowedError" || name === "SecurityError") return new ScanError("camera_denied", name);
  if (name === "NotFoundError" || name === "OverconstrainedError") return new ScanError("no_camera", name);
  if (name === "NotReadableError" || name === "AbortError") return new ScanError("camera_busy", name);
  return new ScanError("camera_failed", String((e && e.message) || e));
}

/**
 * Opens the back camera into `video` and resolves with the first QR text that `accept`
 * takes (by default: anything with a connection code's prefix; other QR codes are ignored).
 * Options: signal (AbortSignal: stops the scan, rejects "stopped"), interval (ms between
 * frames), width (decoding width), reader ("auto" | "library": jsQR even where
 * BarcodeDetector exists), onstart({detector: "native" | "library"}) once the camera runs.
 * Rejects with ScanError. The camera is stopped in every outcome.
 */
export async function scan(video, {accept = looksLikeCode, signal = null, interval = SCAN_INTERVAL_MS,
                                   width = SCAN_WIDTH, reader = "auto", onstart = null} = {}) {
  const devices = globalThis.navigator && navigator.mediaDevices;
  if (!devices || typeof devices.getUserMedia !== "function") {
    throw new ScanError(globalThis.isSecureContext === false ? "insecure" : "no_camera");
  }
  if (signal && signal.aborted) throw new ScanError("stopped");
  let stream;
  try {
    stream = await devices.getUserMedia({
      audio: false,
      video: {facingMode: {ideal: "environment"}, width: {ideal: 1280}, height: {ideal: 720}},
    });
  } catch (e) {
    throw cameraError(e);
  }

  let stopReason = null;
  let wake = null;
  const stop = (code) => {
    if (!stopReason) stopReason = code;
    if (wake) wake();
  };
  const onAbort = () => stop("stopped");
  const onHide = () => { if (document.visibilityState === "hidden") stop("stopped"); };
  const onPageHide = () => stop("stopped");
  const onEnded = () => stop("camera_failed");
  signal?.addEventListener("abort", onAbort);
  document.addEventListener("visibilitychange", onHide);
  window.addEventListener("pagehide", onPageHide);
  for (const track of stream.getVideoTracks()) track.addEventListener("ended", onEnded);

  let detector = null;
  let library = null;
  try {
    video.muted = true;
    video.setAttribute("playsinline", "");
    video.srcObject = stream;
    await video.play().catch(() => {});   // a fresh video may refuse play() before metadata
    if (signal && signal.aborted) stop("stopped");
    detector = reader === "library" ? null : await nativeDetector();
    if (!detector) library = new QrReader({width});
    if (onstart) onstart({detector: detector ? "native" : "library"});
    const pause = (ms) => new Promise((resolve) => {
      const timer = setTimeout(() => { wake = null; resolve(); }, ms);
      wake = () => { clearTimeout(timer); wake = null; resolve(); };
    });
    while (!stopReason) {
      if (!video.isConnected) { stop("stopped"); break; }
      if (video.readyState >= 2 && video.videoWidth) {
        let text = null;
        if (detector) {
          const found = await detector.detect(video).catch(() => []);
          const hit = found.find((b) => accept(b.rawValue));
          text = hit ? hit.rawValue : null;
        } else {
          text = await library.read(video);
        }
        if (text && !stopReason && accept(text)) return text;
      }
      await pause(interval);
    }
    throw new ScanError(stopReason);
  } catch (e) {
    if (e instanceof ScanError) throw e;
    throw new ScanError("camera_failed", String((e && e.message) || e));
  } finally {
    signal?.removeEventListener("abort", onAbort);
    document.removeEventListener("visibilitychange", onHide);
    window.removeEventListener("pagehide", onPageHide);
    for (const track of stream.getTracks()) {
      track.removeEventListener("ended", onEnded);
      track.stop();
    }
    if (video.srcObject === stream) video.srcObject = null;
    if (library) library.close();
  }
}
