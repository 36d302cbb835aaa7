"""The lessons' scripts against the engine in CPython, and the app's own steps of a lesson
(web/lessons/steps.js, run by Node) against those plays: what playing every lesson by taps
at the real table checked that is not drawing (tests/browser/test_lessons.py plays the first
lesson of each game there, a wrong try included; the script format: docs/lessons.md).

- Every scripted move is legal and every step ends: tests/engine/test_lessons.py.
- Every "try again" path is reachable and answered: at a step that asks for a move, each
  other move the person can try (each card of the hand, each legal action) is refused with
  words: a legal one with the step's hint (in every language), an illegal card with the
  engine's refusal, whose code every UI catalog words (``err.<code>``, web/engine-text.js).
- The app's steps follow the script: fed every play of every lesson (each expected action,
  each free-move policy, and once with every wrong try made first at each step), steps.js
  judges each of the person's moves the lesson's and each wrong try not, answers with the
  step's scripted replies (then the computer player), marks what the step highlights, moves
  to the next step where the script does and ends the lesson at its last action, and gives
  the stars its wrong tries earn (3, 2 or 1).
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess

import pytest

from engine.api import handle

from .lesson_runner import GAMES, LANGS, ROOT, catalog, first_legal, load, play
from .test_lessons import LESSONS, lesson_of, ways

STEPS_TOOL = ROOT / "tests" / "engine" / "lesson_steps.mjs"
#: Stars for a lesson played with no, one, two or more wrong tries (docs/lessons.md).
STARS = {0: 3, 1: 2, 2: 1, 3: 1}
PLACEHOLDER = re.compile(r"\{(\w+)\}")


def ui_catalog(lang: str) -> dict:
    return json.loads((ROOT / "web" / "i18n" / f"{lang}.json").read_text(encoding="utf-8"))


def wrong_tries(step: dict, view: dict) -> list[str]:
    """What the person can try at the first move of ``step`` that is not the lesson's: every
    card of the hand and every legal action but the expected ones (none for "any")."""
    if not isinstance(step["expect"], list):
        return []
    return sorted((set(view["hand"]) | set(view["legal"])) - set(step["expect"]))


# ------------------------------------------------------------------ every try answered
@pytest.mark.parametrize("game,lesson_id", LESSONS)
def test_every_try_that_is_not_the_lessons_is_answered_in_words(game, lesson_id):
    lesson = lesson_of(game, lesson_id)
    cats = {lang: ui_catalog(lang) for lang in LANGS}
    words = {lang: catalog(lang) for lang in LANGS}
    for choice, policy in ways(lesson):
        run = play(lesson, game, policy, choice)
        for i, (step, view, match) in enumerate(zip(lesson["steps"], run.views, run.at)):
            for t in wrong_tries(step, view):
                where = (game, lesson_id, i + 1, t)
                if t in view["legal"]:         # played, it would be legal: the step's hint
                    assert "hint" in step, where
                    assert all(words[lang][step["hint"]].strip() for lang in LANGS), where
                    continue
                ans = handle({"op": "explain", "match": match, "seat": run.seat, "action": t})
                assert ans["ok"] and ans["legal"] is False and ans["code"], (where, ans)
                for lang in LANGS:             # the coach says it in the UI language
                    text = cats[lang].get(f"err.{ans['code']}")
                    assert text, (where, lang, ans["code"])
                    assert set(PLACEHOLDER.findall(text)) <= set(ans.get("params") or {}), (where, lang, text)


# ------------------------------------------------------------------ the app's steps
def plays():
    """Every play of every lesson: (game, lesson, run, tries made first at each step)."""
    out = []
    for game, lesson_id in LESSONS:
        lesson = lesson_of(game, lesson_id)
        for choice, policy in ways(lesson):
            out.append((game, lesson, play(lesson, game, policy, choice), False))
        out.append((game, lesson, play(lesson, game, first_legal), True))
    return out


@pytest.fixture(scope="module")
def steps_run():
    """``plays()`` and what web/lessons/steps.js made of each (tests/engine/lesson_steps.mjs)."""
    node = shutil.which("node") or shutil.which("nodejs")
    if not node:
        if os.environ.get("TAPETE_REQUIRE_PYODIDE"):
            pytest.fail("Node.js is missing (it runs web/lessons/steps.js)")
        pytest.skip("Node.js is missing (it runs web/lessons/steps.js)")
    made = plays()
    feed = []
    for game, lesson, run, with_tries in made:
        events, first = [], set()
        for e in run.events:
            tries = []
            if e["seat"] == run.seat and e["step"] not in first:
                first.add(e["step"])
                if with_tries:
                    tries = wrong_tries(lesson["steps"][e["step"]], run.views[e["step"]])
            events.append({"seat": e["seat"], "action": e["action"], "view": e["view"], "tries": tries})
        feed.append({"lesson": lesson, "seat": run.seat, "begin": run.begin, "events": events})
    proc = subprocess.run([node, str(STEPS_TOOL)], input=json.dumps(feed), capture_output=True, text=True,
                          cwd=ROOT, timeout=120)
    assert proc.returncode == 0, proc.stderr[-3000:]
    return list(zip(made, json.loads(proc.stdout)))


def test_the_apps_steps_follow_every_play_of_every_lesson(steps_run):
    assert {(g, lesson["id"]) for (g, lesson, _r, _t), _o in steps_run} == set(LESSONS)
    for (game, lesson, run, with_tries), got in steps_run:
        name = f"{game}/{lesson['id']}" + (" with wrong tries" if with_tries else "")
        assert len(got["steps"]) == len(run.events), name
        first, wrong = set(), 0
        for k, (e, at) in enumerate(zip(run.events, got["steps"])):
            step = lesson["steps"][e["step"]]
            where = (name, k, e["action"], e["by"])
            assert at["index"] == e["step"], where                  # the script's step is on
            if e["seat"] == run.seat:
                assert at["judge"] == "play", where
                if e["step"] not in first:                          # the step's first move
                    first.add(e["step"])
                    assert at["asks"] is isinstance(step["expect"], list), where
                    assert at["marks"] == step.get("highlight", []), where
                    assert set(at["tries"].values()) <= {"other"}, (where, at["tries"])
                    wrong += len(at["tries"])
                else:
                    assert at["asks"] is False and at["tries"] == {}, where
            else:
                assert at["reply"] == (e["action"] if e["by"] == "reply" else None), where
            assert at["ended"] is (k == len(run.events) - 1), where   # the lesson ends at its last action
        assert got["done"] is True, name
        assert got["mistakes"] == wrong and got["stars"] == STARS[min(wrong, 3)], (name, got["mistakes"], wrong)
        if with_tries and wrong:
            assert got["stars"] < 3, name


def test_a_wrong_try_is_counted_once_per_try_and_the_lesson_goes_on(steps_run):
    """At least one lesson of each game has a step where a try other than the lesson's can be
    made (the first ones: a card that must follow suit, a card laid instead of paired), and
    every lesson played with every such try still ends (test above): none is a dead end."""
    for game in GAMES:
        tried = [got for (g, lesson, _run, with_tries), got in steps_run if g == game and with_tries and got["mistakes"]]
        assert tried, game
        first = load(game)["lessons"][0]["id"]
        assert any(True for (g, lesson, _r, t), got in steps_run if g == game and t and lesson["id"] == first
                   and got["mistakes"]), (game, first)

