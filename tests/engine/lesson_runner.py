"""A lesson of web/lessons/<game>.json played through the engine's api, as the app plays it
(web/lessons/source.js; the format: docs/lessons.md). Used by test_lessons.py.

``play(lesson, game, person)`` builds the lesson's match file, applies its ``before`` actions,
then runs its steps: the other seats answer with the step's scripted ``replies`` (in order,
whoever is to act) and, once those are spent, with the computer player of the lesson's
``level`` (the ``bot`` op, as in the app); the person's first move of a step must be one of
``expect`` (or anything legal with ``"any"``), later moves of the same step are free; the
step ends when its ``until`` holds after an action. ``person(view)`` chooses the free moves.
Every problem raises LessonError naming the lesson and the step.
"""

from __future__ import annotations

import json
from pathlib import Path

from engine.api import handle
from engine.games import GAMES as REGISTRY

ROOT = Path(__file__).resolve().parents[2]
LESSONS = ROOT / "web" / "lessons"
GAMES = tuple(REGISTRY)   # every game has its lessons
LANGS = ("es", "en", "de", "fr")
UNTIL = ("move", "trick", "deal", "hand", "match", "claim")
LESSON_FIELDS = {"id", "rule", "title", "intro", "done", "rules", "seed", "deals", "first_dealer",
                 "before", "seat", "level", "steps"}
STEP_FIELDS = {"goal", "replies", "expect", "hint", "until", "highlight", "check"}
#: the most actions a lesson may take (a whole Cuarenta hand for two is 40 plays and claims)
MAX_ACTIONS = 400


class LessonError(AssertionError):
    """A lesson whose data does not fit the engine (the build's tests fail on it)."""


def load(game: str) -> dict:
    return json.loads((LESSONS / f"{game}.json").read_text(encoding="utf-8"))


def catalog(lang: str) -> dict:
    return json.loads((LESSONS / "i18n" / f"{lang}.json").read_text(encoding="utf-8"))


def match_of(lesson: dict, game: str) -> dict:
    """The lesson's match file, before its ``before`` actions (web/lessons/source.js)."""
    m = {"format": "tapete-match", "version": 1, "game": game, "rules": lesson.get("rules", {}),
         "seed": lesson["seed"], "deals": lesson["deals"], "meta": {"lesson": lesson["id"]}, "actions": []}
    if "first_dealer" in lesson:
        m["first_dealer"] = lesson["first_dealer"]
    return m


def holds(until: str, start: dict, view: dict, seat: int) -> bool:
    """Whether a step's ``until`` holds in ``view`` (the person's), ``start`` being the
    person's view just before their first move of the step (web/lessons/steps.js)."""
    if view.get("winner") is not None and until != "claim":
        return True                       # the match is over: nothing more can happen
    if until == "move":
        return True
    if until == "trick":
        return view["hands_played"] > start["hands_played"] or len(view["tricks"]) > len(start["tricks"])
    if until == "deal":
        return view["hands_played"] > start["hands_played"] or view["deal_no"] != start["deal_no"]
    if until == "hand":
        return view["hands_played"] > start["hands_played"]
    if until == "match":
        return view.get("winner") is not None
    if until == "claim":
        return view["phase"] == "claim" and view["turn"] == seat
    raise LessonError(f"unknown until {until!r}")


def first_legal(view: dict) -> str:
    """The person's free move: the first playable card in hand order, else the first legal action
    (a bid, a claim), as tests/browser/test_lessons.py taps it."""
    for card in view["hand"]:
        if card in view["legal"]:
            return card
    return view["legal"][0]


def last_legal(view: dict) -> str:
    return view["legal"][-1]


class Run:
    """One play of a lesson: its match, the person's view, the actions taken, what was checked."""

    def __init__(self, lesson: dict, game: str):
        self.lesson, self.game = lesson, game
        self.seat = lesson.get("seat", 0)
        self.level = lesson.get("level", "novice")
        self.match = match_of(lesson, game)
        self.actions = 0
        self.moves: list[str] = []        # the person's moves, in order
        self.views: list[dict] = []       # the person's view at the first move of each step
        self.at: list[dict] = []          # the match there
        self.legal_expected: list[list[str]] = []   # per step with expected actions: those legal then
        #: every action once the lesson is on (its ``before`` ones not), in order: {"seat",
        #: "action", "by" ("person", "reply" or "bot"), "step" (its index), "view" (the
        #: person's after it)}: what test_lesson_scripts.py feeds web/lessons/steps.js
        self.events: list[dict] = []
        self.step = None
        for a in lesson.get("before", []):
            seat = self.view()["turn"]
            self._apply({"op": "act", "seat": seat, "action": a}, f"before: {a!r}")

    def where(self, text: str) -> str:
        return f"{self.game} lesson {self.lesson.get('id')!r}: {text}"

    def view(self) -> dict:
        ans = handle({"op": "view", "match": self.match, "seat": self.seat})
        if not ans["ok"]:
            raise LessonError(self.where(f"the match is refused: {ans['error']}"))
        return ans["view"]

    def _apply(self, req: dict, what: str, by: str = "person") -> dict:
        seat = req["seat"]
        ans = handle({**req, "match": self.match, "viewers": [self.seat]})
        if not ans["ok"]:
            raise LessonError(self.where(f"{what} is refused by the engine: {ans['error']}"))
        self.match = ans["match"]
        self.actions += 1
        if self.actions > MAX_ACTIONS:
            raise LessonError(self.where("more than %d actions" % MAX_ACTIONS))
        if self.step is not None:
            self.events.append({"seat": seat, "action": ans["action"], "by": by, "step": self.step,
                                "view": ans["view"]})
        return ans["view"]

    def other(self, replies: list, what: str) -> dict:
        """One action of the seat to act (not the person's): the next scripted reply, else the
        computer player of the lesson's level."""
        seat = self.view()["turn"]
        if replies:
            a = replies.pop(0)
            return self._apply({"op": "act", "seat": seat, "action": a}, f"{what}: reply {a!r} of seat {seat}", "reply")
        return self._apply({"op": "bot", "seat": seat, "level": self.level}, f"{what}: the computer of seat {seat}",
                           "bot")


def play(lesson: dict, game: str, person=first_legal, choice: dict | None = None) -> Run:
    """Play ``lesson`` to its end; ``choice`` picks, per step index, which expected action the
    person takes (default the first). Returns the run; raises LessonError."""
    run = Run(lesson, game)
    seat = run.seat
    run.begin = run.view()
    for i, step in enumerate(lesson["steps"]):
        run.step = i
        what = f"step {i + 1}"
        replies = list(step.get("replies", []))
        until = step.get("until", "move")
        view = run.view()
        while view["turn"] != seat:
            if view.get("winner") is not None or view["turn"] < 0:
                raise LessonError(run.where(f"{what}: the match ended before the person's move"))
            view = run.other(replies, what)
        run.views.append(view)
        run.at.append(run.match)
        expect = step["expect"]
        if expect == "any":
            move = person(view)
        else:
            # the expected actions legal here (a step may list one for each way the person took
            # before: "pair the other one"); every one must be legal on some way (test_lessons)
            legal = [a for a in expect if a in view["legal"]]
            run.legal_expected.append(legal)
            if not legal:
                raise LessonError(run.where(f"{what}: no expected action is legal ({', '.join(expect)}; "
                                            f"legal: {', '.join(view['legal'])})"))
            move = legal[min((choice or {}).get(i, 0), len(legal) - 1)]
        start = view
        view = run._apply({"op": "act", "seat": seat, "action": move}, f"{what}: the person's {move!r}")
        run.moves.append(move)
        while not holds(until, start, view, seat):
            if view["turn"] == seat:
                move = person(view)
                view = run._apply({"op": "act", "seat": seat, "action": move}, f"{what}: the person's {move!r}")
                run.moves.append(move)
            elif view["turn"] < 0:
                raise LessonError(run.where(f"{what}: the match ended before {until!r}"))
            else:
                view = run.other(replies, what)
        if replies:
            raise LessonError(run.where(f"{what}: scripted replies left unplayed: {replies}"))
    return run
