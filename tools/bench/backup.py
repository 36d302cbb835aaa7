"""The backup (issue 38): the size of a backup of N stored matches, the time to make it and to
restore it, in Chromium (the app's own code: web/backup.js, IndexedDB, WebCrypto).

    python3 -m tools.bench.backup [--matches 100] [--runs 5]

N whole matches (random legal play in CPython, half Cuatrola and half Cuarenta for 2, one in
ten cut in the middle: "being played"), each stored as the table stores it (with the
person's view), then timed in the page: ``backupNow()`` (read every record and the settings,
canonical JSON, SHA-256, the text) and ``restoreText()`` of that text into another profile
with nothing stored (the check, the merge, one IndexedDB transaction) and again into the same
(every match already there). Prints the file's size (raw and gzipped) and the medians.
"""

from __future__ import annotations

import argparse
import gzip
import json
import random
import statistics
import tempfile
import time

import build
from engine import match as M
from engine.api import handle
from engine.selfplay import play_random

from .browser import ARGS, CHROMIUM

CUT_EVERY = 10   # one match in ten is left unfinished


def match_file(i: int) -> dict:
    game = "cuatrola" if i % 2 == 0 else "cuarenta"
    rules = {} if game == "cuatrola" else {"players": 2}
    m = handle({"op": "new", "game": game, "rules": rules, "seed": f"bench-backup-{i}", "seat": 0,
                "meta": {"app": "tapete-web", "level": "novice"}})["match"]
    state = M.initial(m)
    rng = random.Random(i)
    texts = []
    end = None if i % CUT_EVERY else rng.randrange(10, 60)
    while not state.is_terminal() and (end is None or len(texts) < end):
        action = rng.choice(state.legal_actions())
        texts.append(state.action_text(action))
        state = state.apply(action)
    return dict(m, actions=texts)


def record(i: int, m: dict) -> dict:
    view = handle({"op": "view", "match": m, "seat": 0})["view"]
    over = view["winner"] is not None
    now = 1_796_000_000_000 + i * 60_000
    return {"id": f"bench-{i:04d}", "rev": len(m["actions"]) + 1, "game": m["game"], "origin": "new",
            "created": now, "updated": now, "status": "finished" if over else "playing",
            "result": {"score": view["score"], "winner": view["winner"] if over else None, "side": 0},
            "view": view, "match": m}


STORE = """async (records) => {
  const store = await import('./store.js');
  for (const r of records) await store.putRaw(r);
  return (await store.listMatches()).length;
}"""
MAKE = """async () => {
  const { backupNow } = await import('./backup.js');
  const t0 = performance.now();
  const out = await backupNow();
  return { ms: performance.now() - t0, text: out.text, matches: out.file.data.matches.length };
}"""
RESTORE = """async (text) => {
  const { restoreText } = await import('./backup.js');
  const t0 = performance.now();
  const counts = await restoreText(text);
  return { ms: performance.now() - t0, ...counts };
}"""
CLEAR = """async () => {
  const store = await import('./store.js');
  for (const r of await store.listMatches()) await store.deleteMatch(r.id);
}"""


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--matches", type=int, default=100)
    ap.add_argument("--runs", type=int, default=5)
    args = ap.parse_args(argv)
    from playwright.sync_api import sync_playwright
    t0 = time.monotonic()
    records = [record(i, match_file(i)) for i in range(args.matches)]
    print(f"{args.matches} matches made in CPython in {time.monotonic() - t0:.1f} s "
          f"({sum(len(r['match']['actions']) for r in records)} actions)")
    build.build(quiet=True)
    srv = build.serve_in_thread(build.DIST)
    url = f"http://127.0.0.1:{srv.server_address[1]}/"
    make, fresh, again = [], [], []
    with sync_playwright() as p:
        phones = [p.chromium.launch_persistent_context(tempfile.mkdtemp(), executable_path=CHROMIUM, args=ARGS,
                                                       headless=True) for _ in range(2)]
        pages = [ctx.pages[0] if ctx.pages else ctx.new_page() for ctx in phones]
        for page in pages:
            page.goto(url)
            page.wait_for_selector("#new-cuatrola")
        src, dst = pages
        assert src.evaluate(STORE, records) == args.matches
        for _ in range(args.runs):
            made = src.evaluate(MAKE)
            assert made["matches"] == args.matches
            make.append(made["ms"])
            dst.evaluate(CLEAR)
            first = dst.evaluate(RESTORE, made["text"])
            assert first["added"] == args.matches, first
            fresh.append(first["ms"])
            second = dst.evaluate(RESTORE, made["text"])
            assert second["same"] == args.matches, second
            again.append(second["ms"])
        text = made["text"]
        for ctx in phones:
            ctx.close()
    srv.shutdown()
    raw = len(text.encode())
    print(f"a backup of {args.matches} matches: {raw:,} bytes ({raw / args.matches / 1000:.1f} KB a match), "
          f"{len(gzip.compress(text.encode(), 9)):,} gzipped; {len(json.loads(text)['data']['matches'])} matches in it")
    med = lambda xs: statistics.median(xs)  # noqa: E731
    print(f"make (read, check, text), median of {args.runs}: {med(make):.0f} ms  (runs: {', '.join(f'{x:.0f}' for x in make)})")
    print(f"restore into a phone with nothing stored: {med(fresh):.0f} ms  (runs: {', '.join(f'{x:.0f}' for x in fresh)})")
    print(f"restore again (every match already there): {med(again):.0f} ms  (runs: {', '.join(f'{x:.0f}' for x in again)})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
