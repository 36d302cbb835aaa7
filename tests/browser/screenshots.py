"""Phone screenshots of both tables for docs/screenshots/ (not a test).

    python3 tests/browser/screenshots.py [outdir]
    python3 tests/browser/screenshots.py --look [outdir]   # only the look's (issue 32)
    python3 tests/browser/screenshots.py --manifest         # the manifest's, into web/screenshots/

Builds dist/, serves it on 127.0.0.1 and drives Debian's Chromium as a Pixel 7
(412x839), plus one landscape phone and one desktop shot.
"""

from __future__ import annotations

import shutil
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

import build  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402

from tests.browser.conftest import ARGS, CHROMIUM_FULL as CHROMIUM  # noqa: E402   (pictures: the full browser)
from tests.browser.waits import still  # noqa: E402
from tests.browser.helpers import (act_once, press, new_match, set_settings, wait_ready, moves, wait_moved,  # noqa: E402
                                   capture_position)


# this script taps faster than a person: the tap guard's 350 ms is off (web/ui.js)
FAST_TAPS = "window.__tapeteTapFreshMs = 0"


def shoot(page, out, name):
    still(page)
    page.screenshot(path=str(out / f"{name}.png"), scale="css")
    print("wrote", out / f"{name}.png")


def play_until(page, pred, limit=200):
    """Tap the first bid / first playable card until pred(page) holds."""
    for _ in range(limit):
        if pred(page):
            return True
        page.wait_for_selector("dialog[open], .controls button.bid, .hand button.card:not(.illegal)", timeout=30_000)
        if pred(page):
            return True
        if page.locator("dialog.match-over[open]").count():
            return False
        if page.locator("dialog[open]").count():
            press(page, page.locator("dialog[open] button.primary"))
            continue
        act_once(page)
    return False


def look_shots(p, url, out):
    """The look of issue 32 (Settings, "Cards and table"): Cuarenta's four-colour deck on a
    Pixel 7 mid-deal, and Cuatrola's large indices on a 360 x 640 phone, in Spanish."""
    dev = dict(p.devices["Pixel 7"])
    dev.pop("default_browser_type", None)
    for name, size, look in (("cuarenta-four-colours", None, {"suits": "four"}),
                             ("cuatrola-large-indices", {"width": 360, "height": 640}, {"indices": "large"})):
        opts = {**dev, "viewport": size} if size else dev
        ctx = p.chromium.launch_persistent_context(tempfile.mkdtemp(), executable_path=CHROMIUM, args=ARGS,
                                                   headless=True, locale="es-ES", **opts)
        ctx.add_init_script(FAST_TAPS)
        page = ctx.pages[0] if ctx.pages else ctx.new_page()
        page.goto(url)
        wait_ready(page)
        set_settings(page, speed="instant", lang="es", **look)
        page.reload()
        wait_ready(page)
        if name.startswith("cuarenta"):
            new_match(page, url, "cuarenta", {}, seed="pantalla-40", query="?players=2")
            play_until_cuarenta(page, lambda pg: pg.locator(".table-cards .card").count() >= 4
                                and pg.locator(".hand button.card:not(.illegal)").count() >= 3)
        else:
            new_match(page, url, "cuatrola", {}, seed="pantalla-7", level="heuristic")
            play_until(page, lambda pg: pg.locator(".trick .card").count() >= 2
                       and pg.locator(".hand button.card:not(.illegal)").count() > 0)
        shoot(page, out, name)
        ctx.close()


# A PNG screenshot as WebP, encoded by the browser itself (no image library): {quality}
TO_WEBP = """async ([b64, quality]) => {
  const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
  const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
  const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
  canvas.getContext('2d').drawImage(bitmap, 0, 0);
  const blob = await canvas.convertToBlob({ type: 'image/webp', quality });
  let out = '';
  const buf = new Uint8Array(await blob.arrayBuffer());
  for (let i = 0; i < buf.length; i += 0x8000) out += String.fromCharCode(...buf.subarray(i, i + 0x8000));
  return [btoa(out), bitmap.width, bitmap.height];
}"""
WEBP_QUALITY = 0.75
#: The manifest's screenshots (web/screenshots/, listed in manifest.json): a Cuatrola trick on
#: a phone and on a desktop window, in Spanish (the manifest's language).
MANIFEST_SHOTS = (("narrow", {"viewport": {"width": 412, "height": 839}, "is_mobile": True, "has_touch": True}),
                  ("wide", {"viewport": {"width": 1280, "height": 800}}))


def manifest_shots(p, url, out):
    import base64
    import json
    manifest = json.loads((ROOT / "manifest.json").read_text())
    listed = {s["form_factor"]: s for s in manifest["screenshots"]}
    for name, opts in MANIFEST_SHOTS:
        ctx = p.chromium.launch_persistent_context(tempfile.mkdtemp(), executable_path=CHROMIUM, args=ARGS,
                                                   headless=True, locale="es-ES", **opts)
        ctx.add_init_script(FAST_TAPS)
        page = ctx.pages[0] if ctx.pages else ctx.new_page()
        page.goto(url)
        wait_ready(page)
        set_settings(page, speed="instant", lang="es")
        new_match(page, url, "cuatrola", {}, seed="pantalla-7", level="heuristic")
        play_until(page, lambda pg: pg.locator(".trick .card").count() >= 2
                   and pg.locator(".hand button.card:not(.illegal)").count() > 0)
        page.wait_for_timeout(400)
        png = page.screenshot(scale="css")
        data, w, h = page.evaluate(TO_WEBP, [base64.b64encode(png).decode(), WEBP_QUALITY])
        entry = listed[name]
        assert entry["sizes"] == f"{w}x{h}" and entry["type"] == "image/webp", (entry, w, h)
        path = out / Path(entry["src"]).name
        path.write_bytes(base64.b64decode(data))
        print("wrote", path, path.stat().st_size, "bytes")
        ctx.close()


def play_until_cuarenta(page, pred, limit=200):
    """Cuarenta: a capture with the first choice, else the first card, until pred(page)."""
    for _ in range(limit):
        page.wait_for_selector("dialog[open], .hand button.card:not(.illegal)", timeout=30_000)
        if pred(page):
            return True
        if page.locator("dialog[open]").count():
            press(page, page.locator("dialog[open] button.primary"))
            continue
        before = moves(page)
        press(page, page.locator(".hand button.card:not(.illegal)").first)
        if page.locator(".controls .capture-btn").count():
            press(page, page.locator(".controls .capture-btn").first)
        wait_moved(page, before)
    return False


def main(out: Path, only_look=False, only=None):
    out.mkdir(parents=True, exist_ok=True)
    if only == "manifest":   # (the build wants every file the manifest names: a first run's stand-ins)
        import json
        for shot in json.loads((ROOT / "manifest.json").read_text())["screenshots"]:
            stand_in = ROOT / "web" / shot["src"]
            if not stand_in.is_file():
                stand_in.write_bytes(b"")
    build.build(quiet=True)
    srv = build.serve_in_thread(build.DIST)
    url = f"http://127.0.0.1:{srv.server_address[1]}/"
    profile = tempfile.mkdtemp()
    with sync_playwright() as p:
        if only_look:
            look_shots(p, url, out)
            srv.shutdown()
            return
        if only == "manifest":
            manifest_shots(p, url, out)
            srv.shutdown()
            return
        dev = dict(p.devices["Pixel 7"])
        dev.pop("default_browser_type", None)
        ctx = p.chromium.launch_persistent_context(profile, executable_path=CHROMIUM, args=ARGS,
                                                   headless=True, locale="es-ES", **dev)
        ctx.add_init_script(FAST_TAPS)
        page = ctx.pages[0] if ctx.pages else ctx.new_page()
        page.goto(url)
        wait_ready(page)
        set_settings(page, speed="instant", lang="es")
        page.reload()
        wait_ready(page)
        shoot(page, out, "home")

        page.goto(url + "#/new/cuatrola")
        page.wait_for_selector("#start")
        shoot(page, out, "new-cuatrola")

        new_match(page, url, "cuatrola", {}, seed="pantalla-7", level="heuristic")
        page.wait_for_selector(".controls button.bid, .hand button.card:not(.illegal)")
        shoot(page, out, "cuatrola-bidding")
        # a trick in the middle with a dimmed card
        play_until(page, lambda pg: pg.locator(".trick .card").count() >= 2
                   and pg.locator(".hand button.card:not(.illegal)").count() > 0
                   and pg.locator(".hand button.card.illegal").count() > 0)
        shoot(page, out, "cuatrola-trick")
        play_until(page, lambda pg: pg.locator("dialog.hand-over[open]").count() > 0)
        shoot(page, out, "cuatrola-hand-over")
        press(page, page.locator("dialog[open] button.primary"))
        page.wait_for_selector("dialog.hand-over[open]", state="detached")
        play_until(page, lambda pg: pg.locator(".trick .card").count() == 0
                   and pg.locator(".hand button.card:not(.illegal)").count() > 0
                   and pg.locator(".hand button.card").count() < 5)
        press(page, page.locator("button:has-text('Última baza')"))
        page.wait_for_selector("dialog.last-trick[open]")
        shoot(page, out, "cuatrola-last-trick")
        press(page, page.locator("dialog[open] button.primary"))
        press(page, page.locator("#scores"))
        page.wait_for_selector("dialog.scores[open] table.sheet")
        shoot(page, out, "cuatrola-scores")
        press(page, page.locator("dialog[open] button.primary"))

        new_match(page, url, "cuatrola", {"end": "target", "target": 1}, seed="browser-1")
        play_until(page, lambda pg: pg.locator("dialog.match-over[open]").count() > 0, limit=400)
        press(page, page.locator("dialog.match-over[open] button[data-value=close]"))
        page.wait_for_selector(".table .final")
        shoot(page, out, "cuatrola-final")

        seed, _v, card, _o = capture_position()
        new_match(page, url, "cuarenta", {}, seed=seed, query="?players=4")
        page.wait_for_selector(".hand button.card:not(.illegal)")
        press(page, page.locator(f".hand button.card[data-card='{card}']"))
        shoot(page, out, "cuarenta-4-capture-choice")

        new_match(page, url, "cuarenta", {}, seed="pantalla-40", query="?players=2")
        page.wait_for_selector(".hand button.card:not(.illegal)")
        for _ in range(14):
            page.wait_for_selector("dialog[open], .hand button.card:not(.illegal)")
            if page.locator("dialog[open]").count():
                break
            before = moves(page)
            press(page, page.locator(".hand button.card:not(.illegal)").first)
            if page.locator(".controls .capture-btn").count():
                press(page, page.locator(".controls .capture-btn").first)
            wait_moved(page, before)
        page.wait_for_selector(".hand button.card:not(.illegal)")
        shoot(page, out, "cuarenta-2")
        ctx.close()

        for name, opts in (("cuatrola-landscape", {**dev, "viewport": {"width": 839, "height": 412}}),
                           ("cuatrola-desktop", {"viewport": {"width": 1280, "height": 800}})):
            ctx = p.chromium.launch_persistent_context(tempfile.mkdtemp(), executable_path=CHROMIUM,
                                                       args=ARGS, headless=True, locale="es-ES", **opts)
            ctx.add_init_script(FAST_TAPS)
            page = ctx.pages[0] if ctx.pages else ctx.new_page()
            page.goto(url)
            wait_ready(page)
            set_settings(page, speed="instant", lang="es")
            new_match(page, url, "cuatrola", {}, seed="pantalla-7", level="heuristic")
            play_until(page, lambda pg: pg.locator(".trick .card").count() >= 2
                       and pg.locator(".hand button.card:not(.illegal)").count() > 0)
            shoot(page, out, name)
            ctx.close()
        look_shots(p, url, out)
    srv.shutdown()
    shutil.rmtree(profile, ignore_errors=True)


if __name__ == "__main__":
    args = [a for a in sys.argv[1:] if a not in ("--look", "--manifest")]
    if "--manifest" in sys.argv:
        main(Path(args[0]) if args else ROOT / "web" / "screenshots", only="manifest")
    else:
        main(Path(args[0]) if args else ROOT / "docs" / "screenshots", only_look="--look" in sys.argv)
