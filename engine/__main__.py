"""Command line: ``python -m engine play|replay`` (installed: ``tapete play|replay``).

    python -m engine play cuatrola [--seed S] [--preset P] [--level L] [--save FILE]
    python -m engine play cuarenta --players 2|4 [...]
    python -m engine replay FILE

The only module of the package that prints or reads input.
"""

from __future__ import annotations

import argparse
import json
import os
import sys

from . import api
from . import match as M
from .bots import levels
from .errors import MatchFileError, TapeteError
from .games import GAMES, get_game

EXIT_BAD_INPUT = 2
MAX_FILE_BYTES = 16 * 1024 * 1024  #: a match file of 100,000 actions is under 2 MB


def _shown(path: str) -> str:
    """A file name as a terminal can always print it (no lone surrogates, cut short)."""
    text = path.encode("utf-8", "backslashreplace").decode("utf-8")
    return text if len(text) <= 120 else text[:119] + "…"


def read_match(path: str) -> dict:
    """The match file at ``path``; MatchFileError (with a plain reason) otherwise."""
    try:
        with open(path, "rb") as f:
            data = f.read(MAX_FILE_BYTES + 1)
    except OSError as e:
        raise MatchFileError(f"cannot read it: {e.strerror or e}") from None
    if len(data) > MAX_FILE_BYTES:
        raise MatchFileError(f"it is larger than {MAX_FILE_BYTES // (1024 * 1024)} MB: "
                             f"not a match file")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise MatchFileError("it is not UTF-8 text: not a match file") from None
    return M.loads(text)


def cmd_replay(args, out=None, err=None) -> int:
    out, err = out or sys.stdout, err or sys.stderr
    try:
        summary = M.summary(read_match(args.file))
    except TapeteError as e:
        print(f"error: {_shown(args.file)}: {e}", file=err)
        return EXIT_BAD_INPUT
    print(json.dumps(summary, ensure_ascii=False, indent=1), file=out)
    return 0


def render(view: dict) -> str:
    """Text of a seat's view for the terminal."""
    return get_game(view["game"]).render_text(view)


def cmd_play(args, stdin=sys.stdin, out=sys.stdout) -> int:
    options = {}
    if args.players is not None:
        options["players"] = args.players
    try:
        m = M.new_match_file(args.game, seed=args.seed, preset=args.preset, options=options)
    except TapeteError as e:
        print(f"error: {e}", file=sys.stderr)
        return EXIT_BAD_INPUT
    if args.level not in levels(args.game):
        print(f"error: unknown level {args.level!r} (known: {', '.join(levels(args.game))})",
              file=sys.stderr)
        return EXIT_BAD_INPUT
    me = 0
    print(f"Tapete — {args.game}, seed {args.seed!r}. You are seat {me}. "
          "Type an action (or its number), 'save FILE', or 'quit'.", file=out)
    while True:
        state = api.state_of(m)
        if state.is_terminal():
            print(render(state.view(me)), file=out)
            print("Match over.", file=out)
            break
        seat = state.current_player
        if seat != me:
            # the same op (and so the same move in the same position) as the app
            r = api.handle({"op": "bot", "match": m, "seat": seat, "level": args.level})
            if not r["ok"]:
                print(f"error: {r['error']}", file=sys.stderr)
                return EXIT_BAD_INPUT
            print(f"seat {seat}: {r['action']}", file=out)
            m = r["match"]
            continue
        view = state.view(me)
        print("\n" + render(view), file=out)
        print("legal: " + "  ".join(f"[{i}] {a}" for i, a in enumerate(view["legal"])),
              file=out)
        out.write("> ")
        out.flush()
        line = stdin.readline()
        if not line or line.strip() in ("quit", "q"):
            break
        line = line.strip()
        if line.startswith("save "):
            path = line[5:].strip()
            try:
                with open(path, "w", encoding="utf-8") as f:
                    f.write(M.dumps(m))
                print(f"saved {path}", file=out)
            except OSError as e:
                print(f"cannot save: {e.strerror}", file=out)
            continue
        action = view["legal"][int(line)] if line.isdigit() and \
            int(line) < len(view["legal"]) else line
        r = api.handle({"op": "act", "match": m, "seat": seat, "action": action})
        if not r["ok"]:
            print(f"not allowed: {r['error']}", file=out)
            continue
        m = r["match"]
    if args.save:
        with open(args.save, "w", encoding="utf-8") as f:
            f.write(M.dumps(m))
        print(f"saved {args.save}", file=out)
    return 0


def main(argv=None) -> int:
    installed = os.path.basename(sys.argv[0]) == "tapete"  # the wheel's console command
    p = argparse.ArgumentParser(prog="tapete" if installed else "python -m engine",
                                description=__doc__.splitlines()[0])
    sub = p.add_subparsers(dest="cmd", required=True)
    pl = sub.add_parser("play", help="play one seat in the terminal against computer players")
    pl.add_argument("game", choices=sorted(GAMES))
    pl.add_argument("--seed", default="tapete")
    pl.add_argument("--preset", default=None)
    pl.add_argument("--players", type=int, default=None, help="cuarenta: 2 or 4")
    pl.add_argument("--level", default="heuristic", help="computer players: novice, heuristic, expert")
    pl.add_argument("--save", default=None, help="write the match file here at the end")
    rp = sub.add_parser("replay", help="validate and replay a match file; print a JSON summary")
    rp.add_argument("file")
    args = p.parse_args(argv)
    if args.cmd == "replay":
        return cmd_replay(args)
    try:
        return cmd_play(args)
    except (KeyboardInterrupt, EOFError):
        return 0
    except MatchFileError as e:
        print(f"error: {e}", file=sys.stderr)
        return EXIT_BAD_INPUT


if __name__ == "__main__":
    sys.exit(main())
