"""Every lesson played by taps, as a player sees it, with a screenshot at its introduction, at
each step and at its end (not a test; issue 32's "Checked like a player"):

    python3 tests/browser/lesson_shots.py [outdir] [--langs es,de] [--sizes 360x640,412x839]
    python3 tests/browser/lesson_shots.py --docs      # only docs/screenshots/lesson-step.png

Builds dist/, serves it on 127.0.0.1 and drives Debian's Chromium as a phone (touch, Pixel 7's
user agent) at each size in each language, one fresh profile a language and size, the lessons
in sequence at speed instant. Besides the pictures (outdir/<lang>-<size>/<game>-<id>-<n>.png)
it prints what a look could miss: the page wider than the window, the coach, the hand or the
controls reaching past the window's edges, the coach's text cut off.
"""

from __future__ import annotations

import argparse
import json
import shutil
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

import build  # noqa: E402
from engine.games import GAMES as REGISTRY  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402

from tests.browser.conftest import ARGS, CHROMIUM_FULL as CHROMIUM, WATCH  # noqa: E402   (pictures: the full browser)
from tests.browser.helpers import set_settings, wait_ready  # noqa: E402
from tests.browser.waits import still  # noqa: E402
from tests.browser.test_lessons import DONE, PROBLEMS, play_lesson  # noqa: E402

GAMES = tuple(REGISTRY)
LESSONS = {g: json.loads((ROOT / "web" / "lessons" / f"{g}.json").read_text())["lessons"] for g in GAMES}
DOCS_SHOT = ROOT / "docs" / "screenshots" / "lesson-step.png"



def run(url: str, lang: str, size: tuple[int, int], out: Path | None, pw, docs: bool = False) -> list[str]:
    """Play every lesson (or, for ``docs``, the one the docs show) in ``lang`` at ``size``;
    returns the problems seen."""
    problems: list[str] = []
    profile = tempfile.mkdtemp(prefix="tapete-lessons-")
    dev = dict(pw.devices["Pixel 7"])
    dev.pop("default_browser_type", None)
    dev.update(viewport={"width": size[0], "height": size[1]}, screen={"width": size[0], "height": size[1]})
    ctx = pw.chromium.launch_persistent_context(profile, executable_path=CHROMIUM, args=ARGS, headless=True,
                                                locale={"es": "es-ES", "de": "de-DE", "fr": "fr-FR"}.get(lang, "en-US"), **dev)
    try:
        ctx.add_init_script(WATCH)
        page = ctx.pages[0] if ctx.pages else ctx.new_page()
        page.goto(url)
        wait_ready(page)
        set_settings(page, speed="instant", lang=lang)
        page.reload()
        wait_ready(page)
        where = f"{lang} {size[0]}x{size[1]}"
        if out:
            (out / f"{lang}-{size[0]}x{size[1]}").mkdir(parents=True, exist_ok=True)

        def look_at(game, lesson):
            def look(page, name):
                still(page)
                for p in page.evaluate(PROBLEMS):
                    problems.append(f"{where} {game}/{lesson['id']} {name}: {p}")
                if out:
                    page.screenshot(path=str(out / f"{lang}-{size[0]}x{size[1]}" / f"{game}-{lesson['id']}-{name}.png"), scale="css")
                if docs and name == "1":
                    still(page)
                    page.screenshot(path=str(DOCS_SHOT), scale="css")
                    print("wrote", DOCS_SHOT)
            return look

        chosen = [("cuatrola", LESSONS["cuatrola"][1])] if docs else [(g, lesson) for g in GAMES for lesson in LESSONS[g]]
        for game, lesson in chosen:
            started = time.time()
            page.goto(f"{url}#/learn/{game}?lesson={lesson['id']}")
            page.wait_for_selector(f"#screen[data-lesson='{game}/{lesson['id']}']", timeout=60_000)
            stars = play_lesson(page, lesson, look=look_at(game, lesson))
            print(f"{where} {game}/{lesson['id']}: {stars} stars, {time.time() - started:.1f} s", flush=True)
            page.locator(f"{DONE} button[data-value=list]").tap()       # (closes the end's dialog)
            page.wait_for_selector(DONE, state="detached")
            if docs:
                break
        if out and not docs:
            page.goto(url + "#/learn")
            page.wait_for_selector(".lesson-list")
            still(page)
            page.screenshot(path=str(out / f"{lang}-{size[0]}x{size[1]}" / "list.png"), scale="css", full_page=True)
    finally:
        ctx.close()
        shutil.rmtree(profile, ignore_errors=True)
    return problems


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("out", nargs="?", type=Path, default=Path(tempfile.gettempdir()) / "tapete-lesson-shots")
    ap.add_argument("--langs", default="es,de")
    ap.add_argument("--sizes", default="360x640,412x839")
    ap.add_argument("--docs", action="store_true", help="only docs/screenshots/lesson-step.png (Spanish, 412x839)")
    a = ap.parse_args()
    build.build(quiet=True)
    srv = build.serve_in_thread(build.DIST)
    url = f"http://127.0.0.1:{srv.server_address[1]}/"
    problems: list[str] = []
    with sync_playwright() as pw:
        if a.docs:
            problems += run(url, "es", (412, 839), None, pw, docs=True)
        else:
            for lang in a.langs.split(","):
                for size in a.sizes.split(","):
                    w, h = (int(x) for x in size.split("x"))
                    problems += run(url, lang, (w, h), a.out, pw)
            print("screenshots in", a.out)
    srv.shutdown()
    for p in problems:
        print("PROBLEM", p)
    print(f"{len(problems)} problems")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
