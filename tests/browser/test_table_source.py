"""The table's source interface (issue 29): a table talks to a local match, a host, a guest or
a replay through one interface whose every method has a default (web/table/source.js), and
draws from a perspective object made per view (web/table/perspective.js), not from module
state. A new kind of source is a small subclass."""

from __future__ import annotations

import re

from .conftest import ROOT, read_catalog

TABLE = ROOT / "web" / "table"
#: The code that calls the source: the table's life, its dialogs, the two games' tables.
CALLERS = ("base.js", "dialogs.js", "cuatrola.js", "cuarenta.js")


def _source_methods() -> set[str]:
    text = (TABLE / "source.js").read_text()
    body = text[text.index("export class TableSource"):]
    return set(re.findall(r"^  (\w+)\(", body, re.M)) - {"constructor"}


def test_the_table_calls_only_what_every_source_has():
    """Every method the table calls on its source is one of the interface's, which has its
    default: the table never asks whether a source has a method (`source.x ? …`)."""
    methods = _source_methods()
    called: set[str] = set()
    for name in CALLERS:
        text = (TABLE / name).read_text()
        called |= set(re.findall(r"\b(?:source|src)\.(\w+)\(", text))
        probes = re.findall(r"\b(?:source|src|session)\.\w+\s*(?:\?|&&|\|\|)", text)
        assert not probes, f"{name} probes its source: {probes}"
        assert "this.session" not in text, f"{name}: the table's source is this.source"
    assert len(called) >= 20, sorted(called)
    assert called <= methods, f"called on a source but not in TableSource: {sorted(called - methods)}"


def test_nothing_under_table_together_or_services_imports_a_screen():
    """Screens use the table, play together and the services; none of those reaches back up
    into web/screens/ (starting a match: services/start.js; exporting: services/export.js)."""
    web = ROOT / "web"
    files = [*(web / "table").glob("*.js"), *(web / "together").glob("*.js"), *(web / "services").glob("*.js")]
    assert len(files) > 10
    for path in files:
        for spec in re.findall(r"""(?:\bfrom\s*|\bimport\(\s*)["']([^"']+)["']""", path.read_text()):
            assert "screens/" not in spec, f"{path.relative_to(ROOT)} imports {spec}"


# A table drawn from a source that only has a view: every other method is the interface's
# default. Two such tables, from seats 0 and 2 of the same deal, on the page at once: each
# keeps its own perspective (the second one drawn does not turn the first one around).
VIEW_ONLY = """async (seed) => {
  const { engine } = await import('./engine.js');
  const { TableSource } = await import('./table/source.js');
  const { CuatrolaTable } = await import('./table/cuatrola.js');
  await engine.ready;
  const made = await engine.call({ op: 'new', game: 'cuatrola', rules: {}, seed, seat: 0, meta: {} });
  const other = await engine.call({ op: 'view', match: made.match, seat: 2 });
  class ViewOnly extends TableSource {
    constructor(view) { super('cuatrola'); this.view = view; }
  }
  const box = (id) => { const el = document.createElement('div'); el.id = id; document.body.append(el); return el; };
  const a = new CuatrolaTable(box('src-a'), null, { session: new ViewOnly(made.view) });
  const b = new CuatrolaTable(box('src-b'), null, { session: new ViewOnly(other.view) });
  await a.mount();
  await b.mount();
  a.render(a.view);
  const seatAt = (id, pos) => document.querySelector(`#${id} .seat.pos-${pos}`).dataset.seat;
  const hand = (id) => [...document.querySelectorAll(`#${id} .hand button.card`)].map((e) => e.dataset.card);
  const out = {
    names: { a: [0, 1, 2, 3].map((s) => a.name(s)), b: [0, 1, 2, 3].map((s) => b.name(s)) },
    me: { a: document.querySelector('#src-a .seat.me').dataset.seat, b: document.querySelector('#src-b .seat.me').dataset.seat },
    top: { a: seatAt('src-a', 'top'), b: seatAt('src-b', 'top') },
    hands: { a: hand('src-a'), b: hand('src-b') },
    views: { a: made.view.hand, b: other.view.hand },
    moves: [document.getElementById('src-a').dataset.moves, document.getElementById('src-b').dataset.moves],
  };
  // nothing can be played through the default act(), and nothing is said about it
  const first = made.view.legal[0];
  out.acted = await a.submit(first);
  out.why = await a.source.why(first);
  // the menu: no share or export (no match file), no entries of a source's own
  const menu = a.menu();
  await new Promise((r) => setTimeout(r, 50));
  out.menu = [...document.querySelectorAll('dialog.menu[open] button')].map((e) => e.dataset.value);
  document.querySelector('dialog.menu[open] button[data-value=close]').click();
  await menu;
  // the score sheet: no hands yet (the default summary)
  const sheet = a.openScores();
  await new Promise((r) => setTimeout(r, 50));
  out.sheet = document.querySelector('dialog.scores[open] .dlg-body').textContent;
  document.querySelector('dialog.scores[open] button').click();
  await sheet;
  out.movesAfter = a.source.moves();
  a.destroy();
  b.destroy();
  document.getElementById('src-a').remove();
  document.getElementById('src-b').remove();
  return out;
}"""


def test_a_source_with_only_a_view_draws_a_table_from_its_seat(phone):
    en = read_catalog("en")
    out = phone.evaluate(VIEW_ONLY, "source interface")
    you, partner, left, right = en["seat.you"], en["seat.top"], en["seat.left"], en["seat.right"]
    assert out["names"]["a"] == [you, right, partner, left]
    assert out["names"]["b"] == [partner, left, you, right]
    assert out["me"] == {"a": "0", "b": "2"}
    assert out["top"] == {"a": "2", "b": "0"}
    assert out["hands"]["a"] == out["views"]["a"] and out["hands"]["b"] == out["views"]["b"]
    assert out["hands"]["a"] != out["hands"]["b"]
    assert out["moves"] == ["0", "0"]
    assert out["acted"] == {"ok": False, "busy": True} and out["why"] is None
    # (the sound toggle is every table's: it is the person's, not the source's)
    assert out["menu"] == ["sound", "help", "home", "close"]
    assert en["table.no_hand_yet"] in out["sheet"]
    assert out["movesAfter"] == 0
