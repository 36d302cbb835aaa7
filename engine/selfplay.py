"""Random legal self-play, for property tests and the benchmark (no clock here).

>>> from engine.cuatrola import new_match
>>> s = play_random(new_match(seed="doc"), __import__("random").Random(1), max_hands=1)
>>> len(s.history)
1
"""

from __future__ import annotations


def play_random(state, rng, max_hands: int | None = None, max_actions: int = 1_000_000):
    """Play uniformly random legal actions from ``state``.

    Stops at the end of the match, after ``max_hands`` more finished hands, or
    after ``max_actions`` actions. ``rng`` is any object with ``choice``
    (``random`` for ``random_hands_count``).
    """
    target = None if max_hands is None else len(state.history) + max_hands
    choice = rng.choice
    for _ in range(max_actions):
        if state.is_terminal() or (target is not None and len(state.history) >= target):
            break
        state = state.apply(choice(state.legal_actions()))
    return state


MAX_ACTIONS_PER_HAND = 500  # far above any game's hand; a guard against a stuck game


def random_hands_count(new_state, hands: int, rng) -> int:
    """Play ``hands`` random hands (fresh matches as needed); return actions applied.

    Raises RuntimeError if the games stop finishing hands (a bug, not a hang).
    """
    done = actions = 0
    limit = hands * MAX_ACTIONS_PER_HAND
    state = new_state(0)
    match_no = 0
    rnd = rng.random
    while done < hands:
        if actions > limit:
            raise RuntimeError(f"{actions} actions without finishing {hands} hands")
        while state.is_terminal():  # a match may be over at once (Cuarenta: four of a kind)
            match_no += 1
            state = new_state(match_no)
        # play until a hand ends (the history grows) or the match does
        history = state.history
        while state.history is history:
            legal = state.legal_actions()
            if not legal:  # over without a new record
                break
            state = state.apply(legal[int(rnd() * len(legal))])
            actions += 1
            if actions > limit:
                break
        done += 1
    return actions
