"""Self-play: random legal play, for property tests and the benchmark (no clock here), and
the computer players playing a hand out in every seat (the api's ``duplicate`` op).

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


def play_hand(state, choose_text) -> tuple[object, list[str]]:
    """Play the hand in progress in ``state`` to its end (or the match's): each action is
    ``choose_text(state, seat, actions so far)``, the text of the acting seat's choice.
    Returns the state after the hand and the texts played.

    >>> from engine.cuatrola import new_match
    >>> first = lambda st, seat, done: st.action_text(st.legal_actions()[0])
    >>> s, texts = play_hand(new_match(seed="doc"), first)
    >>> len(s.history), s.hand_no, texts[0], len(texts) == len(s.history[0].bids) + 20
    (1, 1, 'pass', True)
    """
    hand_no = state.hand_no
    texts: list[str] = []
    while state.hand_no == hand_no and not state.is_terminal():
        text = choose_text(state, state.current_player, len(texts))
        state = state.apply(state.parse_action(text))
        texts.append(text)
    return state, texts


MAX_ACTIONS_PER_HAND = 500  # far above any game's hand; a guard against a stuck game


def random_hands_count(new_state, hands: int, rng) -> int:
    """Play ``hands`` random hands (fresh matches as needed); return actions applied.

    ``new_state(k)`` gives the opening state of the ``k``-th match; ``rng.random``
    picks each action uniformly among the legal ones. Raises RuntimeError when a
    hand takes more than ``MAX_ACTIONS_PER_HAND`` actions (a bug, not a hang).
    """
    done = actions = 0
    state = new_state(0)
    match_no = 0
    rnd = rng.random
    per_hand = range(1, MAX_ACTIONS_PER_HAND + 1)
    while done < hands:
        while state.is_terminal():  # a match may be over at once (Cuarenta: four of a kind)
            match_no += 1
            state = new_state(match_no)
        # play until a hand ends (the history grows) or the match does
        history = state.history
        for n in per_hand:
            legal = state.legal_actions()
            if not legal:  # over without a new record
                n -= 1
                break
            state = state.apply(legal[int(rnd() * len(legal))])
            if state.history is not history:
                break
        else:
            raise RuntimeError(f"{MAX_ACTIONS_PER_HAND} actions without finishing a hand")
        actions += n
        done += 1
    return actions
