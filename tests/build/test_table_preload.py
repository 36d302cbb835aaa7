"""boot.js fetches a resumed table's whole module graph at once (issue 41): its
``TABLE_MODULES`` are every module the games' tables import statically, at any depth, but
the games' own (games.js loads them) and those index.html preloads. A module added to the
tables' graph and left out of the list would be fetched a round trip later, level by level,
and the resumed table's first paint would wait for it (docs/performance.md)."""

from __future__ import annotations

import posixpath
import re

import build

WEB = build.WEB
IMPORT = re.compile(r'^\s*import\s[^;]*?from\s+"(\.[^"]+)"', re.M)
GAME_TABLES = ("table/cuatrola.js", "table/cuarenta.js")


def _imports(path: str) -> set[str]:
    text = (WEB / path).read_text(encoding="utf-8")
    return {posixpath.normpath(posixpath.join(posixpath.dirname(path), m)) for m in IMPORT.findall(text)}


def _closure(starts) -> set[str]:
    seen, todo = set(), list(starts)
    while todo:
        p = todo.pop()
        if p in seen:
            continue
        seen.add(p)
        todo.extend(_imports(p))
    return seen


def test_boot_fetches_the_tables_whole_graph_at_once():
    boot = (WEB / "boot.js").read_text(encoding="utf-8")
    listed = re.search(r"const TABLE_MODULES = \[([^\]]*)\]", boot)
    assert listed, "boot.js has no TABLE_MODULES"
    modules = {m[2:] for m in re.findall(r'"(\./[^"]+)"', listed.group(1))}
    html = (WEB / "index.html").read_text(encoding="utf-8")
    preloaded = set(re.findall(r'<link rel="modulepreload"[^>]*href="([^"]+)"', html))
    want = _closure(GAME_TABLES) - set(GAME_TABLES) - preloaded
    assert modules == want, f"missing {sorted(want - modules)}, not needed {sorted(modules - want)}"
    assert all((WEB / m).is_file() for m in modules)


def test_a_games_table_is_where_boot_looks_for_it():
    """boot.js fetches the hinted game's table as ``./table/<game>.js`` before games.js has
    answered: every game's table loader in games.js is that file."""
    games = (WEB / "games.js").read_text(encoding="utf-8")
    loaders = re.findall(r'(\w+): Object\.freeze\(\{\s*table: \(\) => import\("\./table/(\w+)\.js"\)', games)
    assert loaders and {g for g, _ in loaders} >= {"cuatrola", "cuarenta"}, loaders
    assert all(g == f for g, f in loaders), loaders
    assert {f"table/{g}.js" for g, _ in loaders} == set(GAME_TABLES)
