"""Record the choices of the ``expert@v1`` measurement levels on fixed positions, for
tests/bots/test_v1_levels.py (which checks that they never change).

    python3 -m tools.strength.v1_golden > tests/bots/v1_choices.json

Positions: decisions with a choice in matches of club players (the heuristic), seeds
``v1-golden/<game>/<i>``, every ``STRIDE``-th such decision, with a random stream per
position. Run once, when ``expert@v1`` was frozen (issue 17).
"""

from __future__ import annotations

import json

from engine.bots import choose
from engine.deal import SeededStream
from engine.games import GAMES, get_game

STRIDE = {"cuatrola": 5, "cuarenta": 4}
PER_GAME = {"cuatrola": 24, "cuarenta": 30}
RULES = {"cuatrola": [{}, {"beat_partner": False, "cantes": "first_trick"}],
         "cuarenta": [{}, {"players": 2}]}


def positions(game: str):
    """(rules, seed, action texts before, state) of the recorded positions."""
    g = get_game(game)
    out = []
    i = 0
    while len(out) < PER_GAME[game]:
        rules = RULES[game][i % len(RULES[game])]
        seed = f"v1-golden/{game}/{i}"
        s = g.new_match(seed=seed, options=rules)
        texts, k = [], 0
        while not s.is_terminal() and s.hand_no < 2 and len(out) < PER_GAME[game]:
            if len(s.legal_actions()) > 1:
                k += 1
                if k % STRIDE[game] == 0:
                    out.append((rules, seed, list(texts), s))
            t = choose(s.view(s.current_player), "heuristic", None)
            texts.append(t)
            s = s.apply(s.parse_action(t))
        i += 1
    return out


def stream(seed: str, n: int) -> SeededStream:
    return SeededStream("v1-golden", seed, str(n))


def main():
    rows = {}
    for game in GAMES:
        rows[game] = []
        for rules, seed, texts, s in positions(game):
            want = choose(s.view(s.current_player), "expert@v1", stream(seed, len(texts)),
                          measurement=True)
            rows[game].append({"rules": rules, "seed": seed, "actions": texts, "choice": want})
    print(json.dumps(rows, indent=1))


if __name__ == "__main__":
    main()
