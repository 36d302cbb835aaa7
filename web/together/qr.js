// Showing a connection code as a QR code: uqr's encoder (vendored by build.py into
// dist/vendor/uqr.mjs from node_modules/uqr, a port of Nayuki's QR generator) drawn as an
// SVG with one path. Error correction M (15%: a screen has glare and moiré, not dirt), a
// quiet zone of 4 modules (what the standard asks), black on white whatever the theme.

import {encode as encodeQr} from "../vendor/uqr.mjs";

export const ECC = "M";
export const QUIET_ZONE = 4;
const SVG_NS = "http://www.w3.org/2000/svg";

/**
 * The QR symbol of `text`: {version, size (modules, quiet zone included), modules
 * (rows of booleans, true = dark)}. A code's text uses only QR alphanumeric characters,
 * which the encoder packs at 5.5 bits a character.
 */
export function qrMatrix(text, {ecc = ECC, border = QUIET_ZONE} = {}) {
  const qr = encodeQr(String(text), {ecc, border, boostEcc: false});
  return {version: qr.version, size: qr.size, modules: qr.data};
}

/** The path of the dark modules: one "h" run per row segment (a few hundred bytes). */
export function qrPath(modules) {
  let d = "";
  modules.forEach((row, y) => {
    for (let x = 0; x < row.length; x++) {
      if (!row[x]) continue;
      let end = x;
      while (end + 1 < row.length && row[end + 1]) end++;
      d += `M${x} ${y}h${end - x + 1}v1h${x - end - 1}z`;
      x = end;
    }
  });
  return d;
}

/**
 * An <svg> of the QR code, scaled by CSS (viewBox in modules; crisp edges). `label` is its
 * accessible name. Size it so a module is at least ~5 CSS px (e.g. width: min(80vw, 20rem)
 * for versions up to 8, 49 + 8 modules): a phone camera reads that at arm's length.
 */
export function qrSvg(text, {label = "", ecc = ECC, border = QUIET_ZONE, doc = document} = {}) {
  const {size, modules, version} = qrMatrix(text, {ecc, border});
  const svg = doc.createElementNS(SVG_NS, "svg");
  svg.setAttribute("viewBox", `0 0 ${size} ${size}`);
  svg.setAttribute("shape-rendering", "crispEdges");
  svg.setAttribute("role", "img");
  if (label) svg.setAttribute("aria-label", label);
  svg.dataset.qrVersion = String(version);
  const bg = doc.createElementNS(SVG_NS, "rect");
  bg.setAttribute("width", String(size));
  bg.setAttribute("height", String(size));
  bg.setAttribute("fill", "#fff");
  const path = doc.createElementNS(SVG_NS, "path");
  path.setAttribute("d", qrPath(modules));
  path.setAttribute("fill", "#000");
  svg.append(bg, path);
  return svg;
}
