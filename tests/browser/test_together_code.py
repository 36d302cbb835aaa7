"""Connection codes (web/together/code.js) and QR codes (qr.js, scan.js's decoder) in Chromium:
what only a browser shows.

Fresh SDPs come from Chromium's own RTCPeerConnection, with its default mDNS host candidates
and with plain addresses (``--disable-features=WebRtcHideLocalIpsWithMdns``); they are
checked against an independent reading of the SDP text here in Python, and the rebuilt SDP
must be one Chromium accepts. The code format is docs/play-together.md ("Connection
codes"). The codec itself (what a code keeps of an SDP, IPv6 texts, every mistake, cut,
version and refusal) is tested in Node on recorded Chromium SDPs: tests/js/code.test.mjs.
"""

from __future__ import annotations

import ipaddress
import json
import random
import re
import shutil

import pytest

import build

from .conftest import ROOT
from .together import MDNS_OFF, REAL_SDPS, real_codes, together  # noqa: F401  (fixture)

# Encodes each SDP, decodes the text, rebuilds the SDP and reads it again; the rebuilt SDP
# must be one Chromium accepts as a remote description (an answer needs an offer first).
ROUND_TRIP = """async (items) => {
  const {code} = window.T;
  const out = [];
  for (const it of items) {
    const text = code.encodeSdp(it.sdp, it);
    const info = code.decode(text, it.kind);
    const sdp = code.toSdp(info);
    const pc = new RTCPeerConnection({iceServers: []});
    pc.createDataChannel("t", {negotiated: true, id: 0});
    let accepted = true;
    try {
      if (it.kind === "answer") await pc.setLocalDescription(await pc.createOffer());
      await pc.setRemoteDescription({type: it.kind, sdp});
    } catch (e) { accepted = String(e); }
    pc.close();
    out.push({text, info, again: code.parseSdp(sdp), accepted});
  }
  return out;
}"""


def candidates_of(sdp: str) -> list[tuple[str, int]]:
    """UDP host candidates of component 1, highest priority first (read here, not in JS)."""
    found = []
    for line in sdp.splitlines():
        m = re.match(r"a=candidate:\S+ (\d+) (\S+) (\d+) (\S+) (\d+) typ (\S+)", line)
        if m and m[1] == "1" and m[2].lower() == "udp" and m[6] == "host":
            found.append((-int(m[3]), m[4].lower(), int(m[5])))
    out = []
    for _, addr, port in sorted(found):
        if (addr, port) not in out:
            out.append((addr, port))
    return out


def attr(sdp: str, name: str) -> str:
    return next(line.split(":", 1)[1].strip() for line in sdp.splitlines()
                if line.startswith(f"a={name}:"))


def expected_bytes(info: dict) -> int:
    """Docs' layout: header 3, flags 1, table 4, seat 1, ufrag, pwd, fingerprint 32,
    count 1, 1 + 16|4|16 + 2 per candidate, CRC 4."""
    ice = sum(1 + -(-len(info[k]) * 6 // 8) for k in ("ufrag", "pwd"))
    cands = 0
    for c in info["candidates"]:
        cands += 1 + 2 + (16 if c["address"].endswith(".local") or ":" in c["address"] else 4)
    return 3 + 1 + 4 + 1 + ice + 32 + 1 + cands + 4


@pytest.fixture
def page(together):
    return together()[1]


def check_round_trips(page, sdps):
    rng = random.Random(18)
    items = [{**s, "table": f"{rng.getrandbits(32):08x}", "seat": rng.randrange(256)} for s in sdps]
    results = page.evaluate(ROUND_TRIP, items)
    for item, r in zip(items, results):
        info, sdp = r["info"], item["sdp"]
        assert r["accepted"] is True, r["accepted"]
        assert r["text"].startswith("TPT:") and re.fullmatch(r"TPT:[A-Z2-7]+", r["text"])
        assert (info["kind"], info["table"], info["seat"]) == (item["kind"], item["table"], item["seat"])
        assert info["ufrag"] == attr(sdp, "ice-ufrag") and info["pwd"] == attr(sdp, "ice-pwd")
        assert info["fingerprint"] == attr(sdp, "fingerprint").split()[1].upper()
        assert info["setup"] == attr(sdp, "setup")
        got = [(c["address"], c["port"]) for c in info["candidates"]]
        want = candidates_of(sdp)
        assert [(str(ipaddress.ip_address(a)) if not a.endswith(".local") else a, p) for a, p in got] \
            == [(str(ipaddress.ip_address(a)) if not a.endswith(".local") else a, p) for a, p in want]
        assert got, "a Chromium SDP here has host candidates"
        again = r["again"]
        assert {k: again[k] for k in ("ufrag", "pwd", "fingerprint", "setup", "candidates")} \
            == {k: info[k] for k in ("ufrag", "pwd", "fingerprint", "setup", "candidates")}
        assert info["bytes"] == expected_bytes(info)
        n = info["bytes"]
        assert len(r["text"]) == 4 + -(-n * 8 // 5)
    return results


def test_real_sdps_with_mdns_round_trip(together):
    _, page = together()
    sdps = page.evaluate(REAL_SDPS, 6)
    results = check_round_trips(page, sdps)
    addrs = [c["address"] for r in results for c in r["info"]["candidates"]]
    assert all(re.fullmatch(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.local", a)
               for a in addrs), addrs
    assert {r["info"]["setup"] for r in results} == {"actpass", "active"}


def test_real_sdps_with_plain_addresses_round_trip(together):
    _, page = together(MDNS_OFF)
    sdps = page.evaluate(REAL_SDPS, 6)
    results = check_round_trips(page, sdps)
    addrs = {c["address"] for r in results for c in r["info"]["candidates"]}
    assert not any(a.endswith(".local") for a in addrs)
    assert any(ipaddress.ip_address(a).version == 4 for a in addrs), addrs


SERVER_LINES = [
    "a=candidate:91 1 udp 1677729535 203.0.113.5 40000 typ srflx raddr 0.0.0.0 rport 0",
    "a=candidate:92 1 udp 1677729279 2001:db8::5 40001 typ srflx raddr :: rport 0",
    "a=candidate:93 1 udp 41885439 198.51.100.20 50000 typ relay raddr 203.0.113.5 rport 40000",
    "a=candidate:94 1 udp 41885183 2001:db8:1::20 50001 typ relay raddr 2001:db8::5 rport 40001",
]


def test_server_candidates_round_trip(page):
    """Format 2: a real offer and answer with server-reflexive and relay candidates (IPv4 and
    IPv6) added: each is carried with its type, in priority order, in the same bytes as a
    host candidate of its family (docs' layout), and the rebuilt SDP names the type
    (`typ srflx raddr 0.0.0.0 rport 0`) and is accepted by Chromium."""
    sdps = page.evaluate(REAL_SDPS, 1)
    for s in sdps:
        s["sdp"] = s["sdp"].replace("a=ice-ufrag", "\r\n".join(SERVER_LINES) + "\r\na=ice-ufrag", 1)
    items = [{**s, "table": "0badc0de", "seat": 2} for s in sdps]
    for item, r in zip(items, page.evaluate(ROUND_TRIP, items)):
        info = r["info"]
        assert r["accepted"] is True, r["accepted"]
        hosts = [(a, p) for a, p in candidates_of(item["sdp"])]
        got = [(c["address"], c["port"], c["type"]) for c in info["candidates"]]
        assert got == [(a, p, "host") for a, p in hosts] + [
            ("203.0.113.5", 40000, "srflx"), ("2001:db8::5", 40001, "srflx"),
            ("198.51.100.20", 50000, "relay"), ("2001:db8:1::20", 50001, "relay")]
        assert info["bytes"] == expected_bytes(info)
        assert r["again"]["candidates"] == info["candidates"]
        sdp = page.evaluate("(text) => T.code.toSdp(T.code.decode(text))", r["text"])
        assert " 203.0.113.5 40000 typ srflx raddr 0.0.0.0 rport 0 generation 0" in sdp
        assert " 198.51.100.20 50000 typ relay raddr 0.0.0.0 rport 0 generation 0" in sdp
    # at most so many of each type, then the total (peer.js keeps 4 host, 2 srflx, 2 relay)
    kept = page.evaluate("""(sdp) => T.code.decode(T.code.encodeSdp(sdp, {kind: "offer", table: "0badc0de", seat: 1,
        perType: {host: 1, srflx: 1, relay: 2}, maxCandidates: 3})).candidates.map((c) => c.type)""", sdps[0]["sdp"])
    assert kept == ["host", "srflx", "relay"]


# ------------------------------------------------------------------------------- QR codes
# The SVG drawn by qr.js, rasterised by the browser (SVG → image → canvas), read back by
# jsQR in the worker, both from pixels and from the canvas (the ImageBitmap path).
QR_READ_BACK = """async ({text, px}) => {
  const {qr, scan} = window.T;
  const svg = qr.qrSvg(text, {label: "code"});
  const n = Number(svg.getAttribute("viewBox").split(" ")[2]);
  const blob = new Blob([new XMLSerializer().serializeToString(svg)], {type: "image/svg+xml"});
  const url = URL.createObjectURL(blob);
  const img = new Image();
  img.src = url;
  await img.decode();
  const canvas = document.createElement("canvas");
  canvas.width = canvas.height = n * px;
  const ctx = canvas.getContext("2d");
  ctx.imageSmoothingEnabled = false;
  ctx.drawImage(img, 0, 0, n * px, n * px);
  URL.revokeObjectURL(url);
  const reader = new scan.QrReader({width: 2000});
  const fromPixels = await reader.read(ctx.getImageData(0, 0, canvas.width, canvas.height));
  const fromCanvas = await reader.read(canvas);
  reader.bitmaps = false;   // the path of a browser whose workers cannot draw (pixels from the page)
  const fromPagePixels = await reader.read(canvas);
  reader.close();
  // the quiet zone: the outer 4 modules all white
  const m = qr.qrMatrix(text).modules;
  const quiet = m.every((row, y) => row.every((dark, x) => !dark || (x >= 4 && y >= 4 && x < n - 4 && y < n - 4)));
  return {fromPixels, fromCanvas, fromPagePixels, version: Number(svg.dataset.qrVersion), modules: n, quiet,
          label: svg.getAttribute("aria-label")};
}"""


@pytest.mark.parametrize("mdns", [True, False], ids=["mdns", "plain"])
def test_qr_of_real_codes_reads_back(together, mdns):
    _, page = together() if mdns else together(MDNS_OFF)
    for text in real_codes(page):
        for px in (3, 6):
            r = page.evaluate(QR_READ_BACK, {"text": text, "px": px})
            assert r["fromPixels"] == r["fromCanvas"] == r["fromPagePixels"] == text, (px, r, text)
            assert r["quiet"] and r["label"] == "code"
            assert r["modules"] == 17 + 4 * r["version"] + 8
            assert r["version"] <= 7, "two host candidates fit a version 7 QR code (45 modules)"


def test_reader_finds_nothing_in_a_blank_image_and_survives(page):
    got = page.evaluate("""async () => {
      const reader = new window.T.scan.QrReader();
      const blank = new ImageData(320, 240);
      blank.data.fill(255);
      const a = await reader.read(blank);
      const c = document.createElement("canvas"); c.width = 10; c.height = 10;
      const b = await reader.read(c);
      reader.close();
      return [a, b];
    }""")
    assert got == [None, None]


# ------------------------------------------------------------------------------- packaging
def test_vendored_libraries_are_the_pinned_packages(dist):
    pins = json.loads((ROOT / "package.json").read_text())["devDependencies"]
    lock = json.loads((ROOT / "package-lock.json").read_text())["packages"]
    for package, files in build.VENDOR.items():
        assert lock[f"node_modules/{package}"]["version"] == pins[package]
        for src, dest in files.items():
            assert (build.DIST / dest).read_bytes() == (ROOT / "node_modules" / package / src).read_bytes()
    qr_js = (ROOT / "web" / "together" / "qr.js").read_text()
    worker = (ROOT / "web" / "together" / "scan-worker.js").read_text()
    assert 'from "../vendor/uqr.mjs"' in qr_js and 'importScripts("../vendor/jsqr.js")' in worker


def test_a_missing_qr_library_names_npm_ci(tmp_path, monkeypatch):
    modules = tmp_path / "node_modules"
    shutil.copytree(ROOT / "node_modules" / "uqr", modules / "uqr")
    with pytest.raises(build.BuildError) as e:
        build.vendor_files(modules)
    assert "node_modules/jsqr is missing" in e.value.message and "npm ci" in e.value.message
    (modules / "jsqr").mkdir()
    (modules / "jsqr" / "package.json").write_text('{"version": "1.3.0"}')
    with pytest.raises(build.BuildError) as e:
        build.vendor_files(modules)
    assert "version 1.3.0" in e.value.message and "npm ci" in e.value.message
    monkeypatch.setattr(build, "NODE_MODULES", modules)
    with pytest.raises(build.BuildError):
        build.build(tmp_path / "dist", quiet=True)


def test_nothing_on_first_paint_loads_the_feature():
    """The home screen's files name web/together/, the vendored libraries and the lessons
    (web/lessons/, issue 32) only inside an import() run when the feature is opened
    (screens/play.js: a table played together; its screens; app.js: #/learn)."""
    dynamic = re.compile(r"""import\(\s*["'][^"']*(together/|vendor/|lessons/)[^"']*["']\s*\)""")
    for name in ("index.html", "boot.js", "app.js", "screens/home.js",
                 "games.js", "boot-bar.js", "sw-update.js", "screens/play.js"):   # (app.js's static imports)
        text = dynamic.sub("", (ROOT / "web" / name).read_text())
        code = "\n".join(line.split("//")[0] for line in text.splitlines())   # not in comments
        assert "together/" not in code and "vendor/" not in code and "lessons/" not in code, name
    for path in (ROOT / "web").rglob("*.js"):
        for feature in ("together", "lessons"):
            if feature in path.parts:
                continue
            text = path.read_text()
            assert not re.search(r"""^\s*import\s[^;]*["'][^"']*%s/""" % feature, text, re.M), \
                f"{path}: a static import of web/{feature}/ (use import() when the feature opens)"


def test_the_test_page_enforces_the_csp(together):
    """The blank page's policy is the app's: an inline script is refused (so 'no CSP
    violation' in the other tests means something)."""
    browser, page = together()
    ran = page.evaluate("""() => new Promise((resolve) => {
      document.addEventListener("securitypolicyviolation", (e) => resolve(["blocked", e.violatedDirective]), {once: true});
      const s = document.createElement("script");
      s.textContent = "window.__inline = 1";
      document.body.append(s);
      setTimeout(() => resolve(window.__inline === 1 ? ["ran"] : ["silent"]), 2000);
    })""")
    assert ran[0] == "blocked" and ran[1].startswith("script-src"), ran
    page.evaluate("window.__csp = []")
    browser.console_errors[:] = [m for m in browser.console_errors if "Content Security Policy" not in m]
