"""The learned lead correction of the Cuatrola expert (tools/train/lead_model.py, fitted by
tools/train/leads.py; issue 29: not part of the shipped expert): its model file is checked
on loading (format, version, features, finite weights, checksum), the correction is the
weighted sum of the lead's features, the arena can play a model against the plain expert
(probe ``expert+leads=FILE``), and the shipped expert loads no model at all."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from engine.bots.cuatrola.info import Info
from engine.cuatrola import new_match
from tools.strength import probes
from tools.train import lead_model as L

ROOT = Path(__file__).resolve().parents[2]
UNTRAINED = {"note": "no correction (before training)"}


def _model(tmp_path, weights=None, name="model.json"):
    """A model file written by ``save`` (all weights zero unless given)."""
    p = tmp_path / name
    L.save(p, weights or [0.0] * len(L.FEATURES), UNTRAINED)
    return p


def test_a_saved_model_loads_with_its_weights():
    # (was: the shipped model loads and is the one in use; the expert ships none now)
    import tempfile
    with tempfile.TemporaryDirectory() as d:
        w = [0.25 * (i - 3) for i in range(len(L.FEATURES))]
        p = _model(Path(d), w)
        assert L.load(p) == tuple(w) and len(L.load(p)) == len(L.FEATURES)
        body = json.loads(p.read_text())
        assert body["format"] == L.FORMAT and body["version"] == L.VERSION
        assert p.stat().st_size < 10_000  # a small file


def _altered(tmp_path, change):
    body = json.loads(_model(tmp_path, name="base.json").read_text())
    change(body)
    p = tmp_path / "model.json"
    p.write_text(json.dumps(body) if not isinstance(body, str) else body)
    return p


@pytest.mark.parametrize("change", [
    lambda b: b["weights"].__setitem__(0, b["weights"][0] + 1.0),   # checksum no longer matches
    lambda b: b.__setitem__("version", L.VERSION + 1),
    lambda b: b.__setitem__("format", "something else"),
    lambda b: b["features"].reverse(),
    lambda b: b["weights"].pop(),
    lambda b: b["weights"].__setitem__(0, "1"),
    lambda b: b.pop("sha256"),
])
def test_an_altered_model_is_refused(tmp_path, change):
    with pytest.raises(L.ModelError):
        L.load(_altered(tmp_path, change))


def test_a_missing_or_unreadable_model_is_refused(tmp_path):
    with pytest.raises(L.ModelError, match="cannot be read"):
        L.load(tmp_path / "none.json")
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": ')
    with pytest.raises(L.ModelError, match="cannot be read"):
        L.load(bad)
    bad.write_text("[1, 2]")
    with pytest.raises(L.ModelError, match="not a JSON object"):
        L.load(bad)
    bad.write_text('{"weights": [NaN]}')
    with pytest.raises(L.ModelError):
        L.load(bad)


def test_the_shipped_expert_loads_no_lead_model():
    # (was: the expert does not play without its model) issue 29: the untrained correction
    # left the expert; importing and playing it reads no model file, and the engine holds none
    code = ("import sys\nfrom engine.bots import choose\nfrom engine.cuatrola import new_match\n"
            "s = new_match(seed='m')\nchoose(s.view(s.current_player), 'expert', None)\n"
            "print(sorted(m for m in sys.modules if 'lead' in m))")
    r = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    assert r.returncode == 0 and r.stdout.strip() == "[]", r.stderr
    assert not list((ROOT / "engine").rglob("*.json"))


def test_features_describe_the_lead_and_the_correction_is_their_weighted_sum():
    s = new_match(seed="leads-features")
    for _ in range(4):
        s = s.apply(s.parse_action("pass"))
    seat = s.current_player
    info = Info.from_view(s.view(seat))
    trump = s.trump // 10
    for c in (x for x in range(40) if info.hand >> x & 1):
        f = dict(zip(L.FEATURES, L.features(info, c)))
        assert f["trump"] == (1.0 if c // 10 == trump else 0.0)
        assert f["fresh_suit"] == 1.0                       # the first lead of the hand
        assert f["trump_first_trick"] == f["trump"]
        assert f["points"] == pytest.approx({0: 11, 2: 10, 9: 4, 8: 3, 7: 2}[c % 10] / 11)
        assert 0 < f["suit_length"] <= 1
        w = [0.5 * (i + 1) for i in range(len(L.FEATURES))]
        assert L.correction(info, c, w) == pytest.approx(
            sum(a * b for a, b in zip(w, L.features(info, c))))


def _lead_positions(count: int):
    """Lead decisions with a choice (a trick's first card, two or more legal cards) in
    matches of club players: (name, state)."""
    from engine.bots import choose
    out, i = [], 0
    while len(out) < count:
        s = new_match(seed=f"leads-v1/{i}")
        i += 1
        while not s.is_terminal() and s.hand_no < 2 and len(out) < count:
            v = s.view(s.current_player)
            if s.phase_name == "play" and not s.trick and len(s.legal_actions()) > 1:
                out.append((f"leads-v1/{i}/{len(s.history)}", s))
            s = s.apply(s.parse_action(choose(v, "heuristic", None)))
    return out


def test_the_arena_plays_a_lead_model_against_the_plain_expert(tmp_path):
    # (was: the untrained model leaves the expert leading as v1) an untrained model leads
    # as the expert does, on the expert's random stream (so --paired-with compares the
    # same decisions); a model with weights changes the leads its correction favours
    from engine.bots import choose
    from engine.deal import SeededStream
    zero = _model(tmp_path, name="zero.json")
    level = f"{probes.LEADS}{zero}"
    assert probes.parse(level) == ("leads", str(zero), None)
    points = L.FEATURES.index("points")
    heavy = _model(tmp_path, [-100.0 if i == points else 0.0 for i in range(len(L.FEATURES))],
                   name="heavy.json")
    changed = 0
    for name, s in _lead_positions(8):
        view = s.view(s.current_player)
        plain = choose(view, "expert", SeededStream("leads-v1", name, "x"))
        assert probes.act(s, s.current_player, level, SeededStream("leads-v1", name, "x")) \
            == plain, name
        cheap = probes.act(s, s.current_player, f"{probes.LEADS}{heavy}",
                           SeededStream("leads-v1", name, "x"))
        pts = {t: L.features(Info.from_view(view), s.parse_action(t))[points]
               for t in (plain, cheap)}
        assert pts[cheap] <= pts[plain]
        changed += cheap != plain
    assert changed >= 1
