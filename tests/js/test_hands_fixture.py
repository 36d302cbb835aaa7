"""tests/js/fixtures/hands.json is what tests/js/fixtures/hands.py writes today: the scripted
hands the sound cues' node tests read (tests/js/sound.test.mjs) are the engine's own, and an
engine change that alters them shows here (run the script to write them again)."""

from __future__ import annotations

import importlib.util
from pathlib import Path

FIXTURES = Path(__file__).resolve().parent / "fixtures"


def test_the_scripted_hands_are_the_engines():
    spec = importlib.util.spec_from_file_location("hands_fixture", FIXTURES / "hands.py")
    hands = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(hands)
    stored = (FIXTURES / "hands.json").read_text(encoding="utf-8")
    assert stored == hands.build(), "tests/js/fixtures/hands.json is stale: python3 tests/js/fixtures/hands.py"
