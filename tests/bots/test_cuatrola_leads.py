"""The learned lead correction of the Cuatrola expert (engine/bots/cuatrola_leads.py): its model
file is checked on loading (format, version, features, finite weights, checksum), a missing or
altered file stops the expert loudly instead of letting it play without its model, and the
correction is the weighted sum of the lead's features."""

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from engine.bots import cuatrola_leads as L
from engine.bots.cuatrola_info import Info
from engine.cuatrola import new_match

ROOT = Path(__file__).resolve().parents[2]


def test_the_shipped_model_loads_and_is_the_one_in_use():
    w = L.load()
    assert len(w) == len(L.FEATURES) and w == L.WEIGHTS
    body = json.loads(L.PATH.read_text())
    assert body["format"] == L.FORMAT and body["version"] == L.VERSION
    assert L.PATH.stat().st_size < 10_000  # a small file


def _altered(tmp_path, change):
    body = json.loads(L.PATH.read_text())
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


@pytest.mark.parametrize("damage", ["delete", "corrupt"])
def test_the_expert_does_not_play_without_its_model(tmp_path, damage):
    # a copy of the engine with the model file gone or damaged: importing the expert fails
    shutil.copytree(ROOT / "engine", tmp_path / "engine",
                    ignore=shutil.ignore_patterns("__pycache__"))
    model = tmp_path / "engine" / "bots" / L.PATH.name
    if damage == "delete":
        model.unlink()
    else:
        model.write_text(model.read_text().replace('"weights": [', '"weights": [1.5, ', 1))
    code = ("from engine.bots import choose\nfrom engine.cuatrola import new_match\n"
            "s = new_match(seed='m')\nprint(choose(s.view(s.current_player), 'expert', None))")
    r = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, capture_output=True, text=True)
    assert r.returncode != 0 and "ModelError" in r.stderr


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
