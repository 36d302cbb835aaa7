"""The random self-play loop that tools/bench/engine.py times (engine/selfplay.py)."""

import random

import pytest

from engine.games import GAMES
from engine.selfplay import MAX_ACTIONS_PER_HAND, random_hands_count


def _reference_count(new_state, hands, rng):
    """The same walk written plainly: one uniformly random legal action at a time, a hand
    counted when the history grows or the match ends; fresh matches as needed."""
    done = actions = match_no = 0
    state = new_state(0)
    while done < hands:
        while state.is_terminal():
            match_no += 1
            state = new_state(match_no)
        before = len(state.history)
        while len(state.history) == before and not state.is_terminal():
            legal = state.legal_actions()
            state = state.apply(legal[int(rng.random() * len(legal))])
            actions += 1
        done += 1
    return actions


@pytest.mark.parametrize("name", sorted(GAMES))
def test_counts_the_actions_of_uniformly_random_hands(name):
    """docs/performance.md: 'Uniformly random legal actions (bids included) from fresh
    matches'; short Cuatrola matches so that new matches start within the run."""
    game = GAMES[name]
    if name == "cuatrola":
        def new_state(i):
            return game.new_match(seed=f"sp-{i}", options={"end": "hands", "hands": 3})
    else:
        def new_state(i):
            return game.new_match(seed=f"sp-{i}")
    hands = 12 if name == "cuatrola" else 3
    got = random_hands_count(new_state, hands, random.Random(7))
    assert got == _reference_count(new_state, hands, random.Random(7))
    assert got >= hands * (4 + 15 if name == "cuatrola" else 10)  # bids and plays counted


class _Stuck:
    """A game whose hand never ends: one legal action, the history never grows."""

    history = ()

    def is_terminal(self):
        return False

    def legal_actions(self):
        return (0,)

    def apply(self, action):
        return self


def test_a_hand_that_never_ends_raises_instead_of_hanging():
    with pytest.raises(RuntimeError, match=str(MAX_ACTIONS_PER_HAND)):
        random_hands_count(lambda i: _Stuck(), 1, random.Random(0))
