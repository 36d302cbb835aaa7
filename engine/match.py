"""Match files: a versioned JSON format (docs/match-format.md), load, dump, replay.

A match is its rules, its seed (or explicit deals) and its action log.

>>> m = new_match_file("cuatrola", seed="doc")
>>> m["format"], m["version"], m["actions"]
('tapete-match', 1, [])
>>> replay(m).hand_no
0
"""

from __future__ import annotations

import json

from . import strictjson
from .config import DEFAULT_SEED, MatchConfig
from .deal import check_seed
from .errors import IllegalActionError, MatchFileError, RulesError, TapeteError, brief
from .games import get_game

FORMAT = "tapete-match"
VERSION = 1
REQUIRED = ("format", "version", "game", "rules", "actions")
OPTIONAL = ("seed", "deals", "first_dealer", "meta")
MAX_ACTIONS = 100_000


def new_match_file(game: str, seed: str = DEFAULT_SEED, preset: str | None = None,
                   options: dict | None = None, meta: dict | None = None) -> dict:
    """A new match file (no actions yet) with every rule option written out."""
    g = get_game(game)
    check_seed(seed)
    rules = g.options.resolve(options, preset)
    m = {"format": FORMAT, "version": VERSION, "game": game, "rules": rules.to_json(),
         "seed": seed, "actions": []}
    if meta:
        m["meta"] = meta
    return m


def config_of(m) -> MatchConfig:
    """Validate everything but the actions; the MatchConfig the file describes."""
    if not isinstance(m, dict):
        raise MatchFileError("a match file must be a JSON object")
    for k in REQUIRED:
        if k not in m:
            raise MatchFileError(f"missing field {k!r}")
    extra = sorted(set(m) - set(REQUIRED) - set(OPTIONAL), key=str)
    if extra:
        raise MatchFileError(f"unknown field {brief(extra[0])}")
    if m["format"] != FORMAT:
        raise MatchFileError(f"field 'format' must be {FORMAT!r}")
    if type(m["version"]) is not int or m["version"] != VERSION:
        raise MatchFileError(f"unsupported version {brief(m['version'])} "
                             f"(this engine reads {VERSION})")
    try:
        g = get_game(m["game"])
    except RulesError as e:
        raise MatchFileError(f"field 'game': {e}") from None
    if not isinstance(m["rules"], dict):
        raise MatchFileError("field 'rules' must be an object")
    try:
        rules = g.options.resolve(m["rules"])
    except RulesError as e:
        raise MatchFileError(f"field 'rules': {e}") from None
    try:
        seed = check_seed(m.get("seed", DEFAULT_SEED))
    except RulesError as e:
        raise MatchFileError(f"field 'seed': {e}") from None
    deals = ()
    if "deals" in m:
        if not isinstance(m["deals"], list):
            raise MatchFileError("field 'deals' must be a list")
        deals = g.parse_deals(m["deals"])
    first = m.get("first_dealer")
    if first is not None:
        n = g.seats(rules)
        if isinstance(first, bool) or not isinstance(first, int) or not 0 <= first < n:
            raise MatchFileError(f"field 'first_dealer' must be a seat 0..{n - 1}")
    if "meta" in m and not isinstance(m["meta"], dict):
        raise MatchFileError("field 'meta' must be an object")
    actions = m["actions"]
    if not isinstance(actions, list):
        raise MatchFileError("field 'actions' must be a list of action texts")
    if len(actions) > MAX_ACTIONS:
        raise MatchFileError(f"field 'actions' holds {len(actions)} actions: the limit is "
                             f"{MAX_ACTIONS}")
    if not all(type(a) is str for a in actions):
        i = next(i for i, a in enumerate(actions) if type(a) is not str)
        raise MatchFileError(f"action {i + 1} ({brief(actions[i])}): an action must be text")
    return MatchConfig(m["game"], rules, seed, deals, first)


def opening(cfg: MatchConfig):
    """The opening state of a validated match config (no action applied)."""
    try:
        return get_game(cfg.game).new_match(seed=cfg.seed, options=dict(cfg.rules),
                                            deals=cfg.deals, first_dealer=cfg.first_dealer)
    except IllegalActionError as e:
        raise MatchFileError(e.reason) from None


def initial(m):
    """The opening state of a match file (actions not applied)."""
    return opening(config_of(m))


def replay(m, upto: int | None = None):
    """Validate and replay a match file; the final state.

    An illegal or malformed action raises MatchFileError naming its index.
    """
    state = initial(m)
    actions = m["actions"] if upto is None else m["actions"][:upto]
    return apply_texts(state, actions, offset=0)


def apply_texts(state, texts, offset: int = 0):
    """Apply action texts in order; MatchFileError names the failing one."""
    for i, text in enumerate(texts):
        try:
            state = state.apply(state.parse_action(text))
        except IllegalActionError as e:
            raise MatchFileError(f"action {offset + i + 1} ({brief(text)}): {e.reason}") from None
        except TapeteError as e:
            raise MatchFileError(f"action {offset + i + 1} ({brief(text)}): {e}") from None
    return state


def summary(m) -> dict:
    """Replay summary of a match file (game-specific per-hand details)."""
    state = replay(m)
    return get_game(state.cfg.game).match_summary(state)


def loads(text: str) -> dict:
    """Parse match-file text; MatchFileError on broken JSON."""
    try:
        m = strictjson.loads(text)
    except strictjson.JSONTextError as e:
        raise MatchFileError(f"not valid JSON: {e}") from None
    config_of(m)
    return m


def dumps(m: dict) -> str:
    """Canonical text of a match file."""
    return json.dumps(m, ensure_ascii=False, indent=1) + "\n"
