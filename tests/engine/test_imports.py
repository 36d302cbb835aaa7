"""How the engine's modules depend on one another (issue 29, "One house, quick to change"):
no import circle (the state and views modules of both games once imported each other), and
the games' computer players and reviews are found through the ``Game`` records, the one
registry, never by names built from a convention."""

from __future__ import annotations

import ast
import re
from pathlib import Path

ENGINE = Path(__file__).resolve().parents[2] / "engine"


def modules() -> dict[str, Path]:
    """Dotted name -> file of every module of the engine package."""
    out = {}
    for p in ENGINE.rglob("*.py"):
        parts = list(p.relative_to(ENGINE.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        out[".".join(parts)] = p
    return out


def imports(name: str, path: Path, known: dict) -> set[str]:
    """The engine modules ``name`` imports anywhere in its file (functions included)."""
    package = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
    out = set()
    for node in ast.walk(ast.parse(path.read_text("utf-8"))):
        if isinstance(node, ast.ImportFrom):
            base = package[:len(package) - node.level + 1] if node.level else []
            target = ".".join(base + ([node.module] if node.module else []))
            for alias in node.names:
                sub = f"{target}.{alias.name}"
                out.add(sub if sub in known else target)
        elif isinstance(node, ast.Import):
            out.update(alias.name for alias in node.names)
    return {m for m in out if m in known and m != name}


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The groups of modules that import one another, directly or round a circle
    (strongly connected components of more than one module)."""
    index, low, stack, on, found = {}, {}, [], set(), []

    def visit(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def test_the_circle_finder_finds_a_circle():
    assert circles({"a": {"b"}, "b": {"a"}, "c": {"a"}}) == [["a", "b"]]
    assert circles({"a": {"b"}, "b": set()}) == []


def test_no_engine_module_imports_itself_round_a_circle():
    known = modules()
    graph = {m: imports(m, p, known) for m, p in known.items()}
    assert graph["engine.cuarenta.state"] and graph["engine.cuatrola.views"]
    assert circles(graph) == []


def test_no_module_is_found_by_a_name_built_from_a_convention():
    # the games' levels, oracles and reviews are named in their Game records
    # (engine/protocol.py ``load``), never as import_module(f"...{game}...")
    built = re.compile(r"import_module\(\s*f[\"']")
    for path in ENGINE.rglob("*.py"):
        assert not built.search(path.read_text("utf-8")), path


def test_a_page_imports_only_the_levels_it_plays():
    # the Game records name each level's module as text: engine.bots imports it on the
    # level's first move, so a page playing novices never loads the experts' searches
    import ast as literal
    import subprocess
    import sys
    code = ("import sys\nimport engine.api as a\nfrom engine.games import GAMES\n"
            "for game in GAMES:\n"
            "    r = a.handle({'op': 'new', 'game': game, 'seed': 'lazy'})\n"
            "    b = a.handle({'op': 'bot', 'match': r['match'], 'seat': r['view']['turn'],\n"
            "                  'level': 'novice'})\n"
            "    assert b['ok'], b\n"
            "print(sorted(m for m in sys.modules if m.startswith(('engine.bots.', "
            "'engine.review.'))))\n")
    r = subprocess.run([sys.executable, "-c", code], cwd=ENGINE.parent, capture_output=True,
                       text=True)
    assert r.returncode == 0, r.stderr
    loaded = literal.literal_eval(r.stdout.strip())
    assert {"engine.bots.cuatrola.novice", "engine.bots.cuarenta.novice"} <= set(loaded)
    heavy = ("heuristic", "expert", "expert_v1", "search", "solver", "model", "sample")
    assert not [m for m in loaded if m.rsplit(".", 1)[-1] in heavy or
                m.startswith("engine.review.")], loaded
