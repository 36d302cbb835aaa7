"""Checks of the built site that need no browser: catalogs, build, manifest, CSP text."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
import zipfile

import pytest

from .conftest import ROOT, read_catalog
import build

LANGS = ("es", "en", "de", "fr")


def test_every_key_in_every_catalog():
    cats = {lang: read_catalog(lang) for lang in LANGS}
    keys = set().union(*cats.values())
    for lang, cat in cats.items():
        missing = sorted(keys - set(cat))
        assert not missing, f"i18n/{lang}.json lacks {missing}"
        empty = [k for k, v in cat.items() if not isinstance(v, str) or not v.strip()]
        assert not empty, f"i18n/{lang}.json has empty strings: {empty}"
        for k, v in cat.items():  # the same {placeholders} in every language
            assert set(re.findall(r"\{(\w+)\}", v)) == set(re.findall(r"\{(\w+)\}", cats["en"][k])), (lang, k)


def test_every_key_used_in_the_code_exists():
    en = read_catalog("en")
    used = set()
    for path in (ROOT / "web").rglob("*.js"):
        text = path.read_text()
        used |= set(re.findall(r"""\bt\(\s*["']([a-z0-9_.]+)["']""", text))
        plurals = set(re.findall(r"""\bplural\(\s*["']([a-z0-9_.]+)["']""", text))
        # plural(cond ? "a.b" : "c.d", n)
        for m in re.finditer(r"""\bplural\(([^(),]*\?[^(),]*),""", text):
            plurals |= set(re.findall(r"""["']([a-z0-9_]+\.[a-z0-9_.]+)["']""", m.group(1)))
        used |= {k + ".one" for k in plurals} | {k + ".other" for k in plurals}
        # keys chosen by a ternary: t(cond ? "a.b" : "c.d")
        for m in re.finditer(r"""\bt\(([^()]*\?[^()]*)\)""", text):
            used |= set(re.findall(r"""["']([a-z0-9_]+\.[a-z0-9_.]+)["']""", m.group(1)))
    missing = sorted(k for k in used if k not in en)
    assert not missing, f"keys used in web/*.js but missing from the catalogs: {missing}"
    # keys made from engine values must exist for every value the engine has now
    from engine.api import handle
    games = handle({"op": "games"})["games"]
    for game, spec in games.items():
        assert f"game.{game}" in en
        for level in spec["levels"]:
            assert f"level.{level}" in en, f"no label for computer level {level}"


# things a message may count; "{n} players" is always 2 or 4
COUNTED = r"\{(?:n|count)\} (?:ways|points|decisions|hands|moves|cards|tricks|days|deals|mistakes|hints)\b"
NEVER_ONE = {"home.players"}


def test_a_message_counting_things_has_words_for_one():
    """"1 ways to capture", "1 points more than the machine" were on screen: a message that
    counts things has a singular form (``key.one`` beside ``key.other``, or beside an
    ``err.<code>`` message, used by web/engine-text.js when the count is 1)."""
    for lang in LANGS:
        cat = read_catalog(lang)
        en = read_catalog("en")
        for k, v in en.items():
            if k.endswith(".one") or k in NEVER_ONE or not re.search(COUNTED, v):
                continue
            # "x.other" is a plural form when "x.one" is; else a message of its own (about
            # another seat, "c40.ev.carton.other"), whose singular is "x.other.one"
            base = k.removesuffix(".other") if k.removesuffix(".other") + ".one" in en else k
            assert base + ".one" in cat, f"i18n/{lang}.json: {k} counts things and has no {base}.one"


# The plural lint (issue 32): a number placeholder followed by a word that counts ("{v} puntos",
# "{n} Spieler") needs the message's singular beside it ("<key>.one"; web/i18n.js t takes the
# count's form from Intl.PluralRules). Placeholders that hold a number:
NUMERIC = {"n", "count", "v", "points", "score", "perros", "tantos", "tricks", "of", "done", "total",
           "used", "quota", "a", "b", "us", "them", "mine", "theirs", "k"}
# words that may follow a number without agreeing with it (prepositions, conjunctions,
# comparatives, a unit that does not inflect, an adjective after "wert")
NOT_COUNTED = {
    "es": {"de", "a", "en", "más", "menos", "y", "o", "MB"},
    "en": {"of", "to", "in", "more", "less", "and", "or", "MB"},
    "de": {"von", "zu", "in", "mehr", "weniger", "und", "oder", "MB", "der", "wert"},
    "fr": {"de", "des", "du", "à", "aux", "sur", "en", "plus", "moins", "et", "ou", "Mo", "MB"},
}
# a number after one of these words names a thing ("Hand 3", "jugada número 3"): no count
LABELS = {
    "es": {"mano", "Mano", "número", "Reparto", "reparto", "Baza", "Jugada", "chica"},
    "en": {"hand", "Hand", "number", "Deal", "Trick", "Move", "seat", "chica"},
    "de": {"Hand", "Spiel", "Nummer", "Runde", "Zug", "Stich", "Platz", "chica"},
    "fr": {"donne", "Donne", "numéro", "Coup", "coup", "Pli", "pli", "chica"},
}
SPACE = "[\\s\u00a0\u202f]"
COUNTS = re.compile(r"(?:(\S+)" + SPACE + r"+)?\{(\w+)\}" + SPACE + r"+([^\s\u00a0\u202f{}.,:;!?()·–—-]+)")
FORM = re.compile(r"\.(zero|one|two|few|many|other)$")


def counts_without_forms(cat, lang):
    """The messages of a catalog that count things and have no plural forms."""
    found = []
    for key, text in sorted(cat.items()):
        form = FORM.search(key)
        if form and (form.group(1) != "other" or key.removesuffix(".other") + ".one" in cat):
            continue   # a plural form itself ("x.other" of a seat, "announce.play.other", is a message)
        for m in COUNTS.finditer(text):
            before, name, word = m.groups()
            if (name in NUMERIC and word[0].isalpha() and word not in NOT_COUNTED[lang]
                    and before not in LABELS[lang] and key + ".one" not in cat):
                found.append(f"{key}: {m.group(0)!r}")
    return found


def test_every_count_has_plural_forms():
    """"−1 puntos de partida" was on the review: no message counts things without its forms."""
    for lang in LANGS:
        cat = read_catalog(lang)
        assert counts_without_forms(cat, lang) == [], lang
    # the lint finds such a message (the review's unit as it was)
    es = dict(read_catalog("es"))
    del es["learn.unit.match_points.one"]
    assert counts_without_forms(es, "es") == ["learn.unit.match_points: '{v} puntos'"]
    de = dict(read_catalog("de"), **{"x.players": "Mit {n} Spielern"})
    assert counts_without_forms(de, "de") == ["x.players: 'Mit {n} Spielern'"]


def test_no_inline_script_or_style_and_strict_csp():
    html = (ROOT / "web" / "index.html").read_text()
    assert not re.search(r"<script(?![^>]*\bsrc=)[^>]*>", html), "inline <script> in index.html"
    assert "style=" not in html and "<style" not in html
    assert not re.search(r"<[^>]+\son[a-z]+=", html), "inline event handler"
    meta = re.search(r'http-equiv="Content-Security-Policy" content="([^"]+)"', html).group(1)
    for policy in (meta, build.CSP):
        assert "'unsafe-eval'" not in policy and "'unsafe-inline'" not in policy
        assert "script-src 'self' 'wasm-unsafe-eval'" in policy
        assert "default-src 'self'" in policy
    for path in (ROOT / "web").rglob("*.js"):
        text = path.read_text()
        assert "eval(" not in text and "new Function" not in text, path
        assert 'style="' not in text, f"{path}: a style attribute would break under the CSP"


def test_build_is_reproducible(tmp_path, dist):
    a = tmp_path / "a"
    b = tmp_path / "b"
    build.build(a, quiet=True)
    build.build(b, quiet=True)
    files_a = sorted(p.relative_to(a).as_posix() for p in a.rglob("*") if p.is_file())
    files_b = sorted(p.relative_to(b).as_posix() for p in b.rglob("*") if p.is_file())
    assert files_a == files_b
    for name in files_a:
        assert (a / name).read_bytes() == (b / name).read_bytes(), name


def test_dist_contents(dist):
    d = build.DIST
    lock = json.loads((d / "pyodide" / "pyodide-lock.json").read_text())
    assert lock["packages"] == {}
    shipped = {p.name for p in (d / "pyodide").iterdir()}
    assert shipped == {"pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip",
                       "pyodide-lock.json"}
    meta = json.loads((ROOT / "node_modules" / "pyodide" / "package.json").read_text())
    assert meta["version"] == build.PYODIDE_VERSION
    with zipfile.ZipFile(d / "engine.zip") as z:
        names = z.namelist()
        assert names == sorted(names)
        assert "engine/api.pyc" in names and "engine/cuatrola/views.pyc" in names
        assert all(i.date_time == (1980, 1, 1, 0, 0, 0) for i in z.infolist())
    # bytecode for every module the app imports (not the command line), and no source
    engine_pyc = sorted("engine/" + p.relative_to(ROOT / "engine").with_suffix(".pyc").as_posix()
                        for p in (ROOT / "engine").rglob("*.py")
                        if "__pycache__" not in p.parts and p.relative_to(ROOT / "engine") != build.MAIN)
    assert [n for n in names if n.endswith(".pyc")] == engine_pyc
    assert not [n for n in names if n.endswith(".py")]
    sw = (d / "service-worker.js").read_text()
    info = json.loads((d / "build.json").read_text())
    assert f'const VERSION = "{info["version"]}"' in sw
    listed = re.findall(r'\["([^"]+)", "sha256-', sw)
    on_disk = sorted(p.relative_to(d).as_posix() for p in d.rglob("*") if p.is_file()
                     and p.name != "service-worker.js")
    assert listed == on_disk, "the precache list must be every shipped file"


def test_manifest():
    m = json.loads((ROOT / "manifest.json").read_text())
    for k in ("name", "short_name", "start_url", "scope", "display", "background_color",
              "theme_color", "icons", "shortcuts"):
        assert k in m, k
    # no "id": it would be resolved against the origin, not the manifest's folder, so every
    # copy on one host (GitHub Pages user sites) would be one app; without it the id is the
    # start URL, the folder the app is published in (issue 38, test_deploy.py)
    assert "id" not in m and m["start_url"] == m["scope"] == "./"
    assert m["display"] == "standalone"
    sizes = {(i["sizes"], i.get("purpose", "any")) for i in m["icons"]}
    assert {("192x192", "any"), ("512x512", "any"), ("512x512", "maskable")} <= sizes
    urls = [s["url"] for s in m["shortcuts"]]
    assert any("new/cuatrola" in u for u in urls) and any("new/cuarenta" in u for u in urls)
    png = build.icon_bytes(192, False)
    assert png[:8] == b"\x89PNG\r\n\x1a\n"


def test_missing_pyodide_gives_a_clear_message(tmp_path, monkeypatch):
    monkeypatch.setattr(build, "PYODIDE_DIR", tmp_path / "node_modules" / "pyodide")
    with pytest.raises(build.BuildError) as e:
        build.build(tmp_path / "dist", quiet=True)
    assert "npm ci" in e.value.message
    out = subprocess.run([sys.executable, "-c", "import sys, build; build.PYODIDE_DIR = "
                          f"__import__('pathlib').Path({str(tmp_path)!r}); sys.exit(build.main([]))"],
                         cwd=ROOT, capture_output=True, text=True)
    assert out.returncode == 2 and "npm ci" in out.stderr


# web/games.js read by Node as it is (a data: URL: always an ES module; nothing it imports
# runs): each game's entry, and the text of its table loader.
SHELL_GAMES = r"""
import fs from "node:fs";
const src = fs.readFileSync(process.argv[1], "utf8");
const { GAMES } = await import("data:text/javascript;base64," + Buffer.from(src).toString("base64"));
console.log(JSON.stringify(Object.entries(GAMES).map(([id, g]) =>
  ({ id, deck: g.deck, players: g.players, daily: g.daily, table: String(g.table) }))));
"""


def test_the_shells_games_are_the_engines():
    """web/games.js is the shell's one list of games (issue 29): the engine's games
    (engine/games.py), each with the table module its loader names, a deck card-faces.js draws,
    the numbers of players of the engine's `players` option (one, without it), daily rules
    the engine deals with, and the strings the shell makes from its id in every catalog."""
    from engine.api import handle
    node = shutil.which("node") or shutil.which("nodejs")
    if not node:
        pytest.skip("Node.js is needed to read web/games.js")
    out = subprocess.run([node, "--input-type=module", "-e", SHELL_GAMES, str(ROOT / "web" / "games.js")],
                         capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr[-2000:]
    shell = json.loads(out.stdout)
    engine_games = handle({"op": "games"})["games"]
    assert sorted(g["id"] for g in shell) == sorted(engine_games)
    cats = {lang: read_catalog(lang) for lang in LANGS}
    for g in shell:
        game = g["id"]
        loader = re.fullmatch(r"""\(\) => import\("\./table/(\w+)\.js"\)\.then\(\(m\) => m\.(\w+)\)""", g["table"])
        assert loader and loader.group(1) == game, g["table"]
        assert re.search(rf"^export class {loader.group(2)}\b", (ROOT / "web" / "table" / f"{game}.js").read_text(), re.M)
        assert g["deck"] in ("spanish", "french")
        option = [o for o in engine_games[game]["options"]["options"] if o["name"] == "players"]
        assert g["players"] == (option[0]["choices"] if option else g["players"][:1]), game
        for n in g["players"] if option else []:
            ans = handle({"op": "new", "game": game, "rules": {"players": n}, "seed": "players", "seat": 0})
            assert ans["ok"] and ans["view"]["players"] == n
        daily = handle({"op": "new", "game": game, "rules": g["daily"], "seed": "daily-check", "seat": 0})
        assert daily["ok"], daily
        keys = [f"game.{game}", f"new.title.{game}", f"home.new_{game}", f"help.{game}.1", f"daily.detail.{game}"]
        if len(g["players"]) == 1:
            keys.append(f"home.{game}_sub")
        for lang, cat in cats.items():
            assert not [k for k in keys if k not in cat], (lang, game)


CONFLICT = re.compile(r"^(<{7}|={7}|>{7})( |$)", re.M)


def test_no_merge_conflict_marker_in_the_sources():
    """A line left by a merge ("=======") in app.css made the browser drop the rule after it
    (the announcement line's): no source file of the app, the engine, the build or the tests
    holds one."""
    out = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True).stdout
    paths = [p for p in out.decode().split("\0")
             if p.endswith((".css", ".js", ".mjs", ".html", ".json", ".py", ".sh", ".webmanifest"))]
    assert len(paths) > 50
    marked = [p for p in paths if CONFLICT.search((ROOT / p).read_text(errors="replace"))]
    assert not marked, f"merge conflict markers in {marked}"


def test_the_dark_theme_has_one_set_of_colours():
    """app.css states the dark theme's colours twice (chosen, and the system's when no theme is
    chosen: web/look.js): the two blocks must say the same."""
    css = (ROOT / "web" / "app.css").read_text()
    chosen = re.search(r"html\[data-theme=dark\] \{([^}]*)\}", css).group(1)
    system = re.search(r"@media \(prefers-color-scheme: dark\) \{\s*html:not\(\[data-theme\]\) \{([^}]*)\}", css).group(1)
    norm = lambda block: sorted(d.strip() for d in block.split(";") if d.strip())  # noqa: E731
    assert norm(chosen) == norm(system)
    assert len(norm(chosen)) > 10


def test_no_shadow_filter_on_a_cards_svg():
    """WebKit cuts a CSS filter on an <svg> element to the svg's own box: a card's glow (a
    capture's cards, the selected card, a trick's winner) showed there as a hard-edged
    rectangle (seen in WebKitGTK 2.50; the same glow on the card element is round). Shadows and
    glows (drop-shadow) are set on the card element, never on its svg, in every style sheet of
    the app. (A colour filter, which draws nothing outside the card, stays on the svg: on the
    button it would dim the focus ring too.)"""
    sheets = sorted((ROOT / "web").rglob("*.css"))
    assert sheets
    found = []
    for sheet in sheets:
        css = re.sub(r"/\*.*?\*/", "", sheet.read_text(), flags=re.S)
        for selectors, body in re.findall(r"([^{}]+)\{([^{}]*)\}", css):
            if not re.search(r"(^|;)\s*filter\s*:[^;]*drop-shadow", body):
                continue
            for sel in selectors.split(","):
                last = sel.strip().split()[-1] if sel.strip() else ""
                if re.search(r"(^svg|\.card-svg)([.:\[]|$)", last):
                    found.append(f"{sheet.name}: {sel.strip()}")
    assert not found, found
