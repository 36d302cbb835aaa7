"""The lessons of web/lessons/<game>.json (docs/lessons.md) fit the engine: each is played
through the engine's api as the app plays it (lesson_runner.py), every way its steps allow, so a
rule change that breaks a lesson fails here, never on a player's screen (issue 32, "Bad
input"). Each lesson names the rule text it teaches (``rule``: the seed file and its sentence,
or a documented option); the lessons teach the engine's rules and nothing else: every expected
action is one the engine finds legal in that position, every scripted reply of the computer
players too, and every step ends (its success test holds) whatever the person's free moves."""

from __future__ import annotations

import copy
import itertools
import os
import re
from pathlib import Path

import pytest

from engine.api import handle
from engine.bots import levels

from .lesson_runner import (GAMES, ROOT, LANGS, LESSON_FIELDS, STEP_FIELDS, UNTIL, LessonError, catalog,
                            first_legal, last_legal, load, play)

SOURCES = {"cuatrola": {"000", "002", "003", "option"}, "cuarenta": {"004", "option"}}
UNTIL_OF = {"cuatrola": {"move", "trick", "hand", "match"}, "cuarenta": {"move", "deal", "hand", "match", "claim"}}
POLICIES = (first_legal, last_legal)
MAX_WAYS = 32
KEY = re.compile(r"^lesson\.[a-z]+\.[a-z0-9_]+\.[a-z0-9_.]+$")

LESSONS = [(game, lesson["id"]) for game in GAMES for lesson in load(game)["lessons"]]


def lesson_of(game: str, lesson_id: str) -> dict:
    return next(lesson for lesson in load(game)["lessons"] if lesson["id"] == lesson_id)


def keys_of(lesson: dict) -> list[str]:
    """The catalog keys a lesson names."""
    keys = [lesson["title"], lesson["intro"], lesson["done"]]
    for step in lesson["steps"]:
        keys += [step["goal"]] + ([step["hint"]] if "hint" in step else [])
    return keys


def ways(lesson: dict):
    """Every way to play a lesson: one expected action per step with a list (by index),
    each with every free-move policy."""
    lists = [range(len(s["expect"])) if isinstance(s["expect"], list) else [0] for s in lesson["steps"]]
    combos = list(itertools.product(*lists))
    assert len(combos) * len(POLICIES) <= MAX_WAYS, "too many ways to check"
    for combo in combos:
        for policy in POLICIES:
            yield dict(enumerate(combo)), policy


def check(lesson: dict, game: str) -> dict:
    """Play ``lesson`` every way and check what a lesson must be; returns what was seen per step
    ({i: {"legal_expected", "alternatives", "seen"}}). Raises LessonError."""
    seen = {i: {"legal_expected": set(), "alternatives": False, "seen": set()} for i in range(len(lesson["steps"]))}
    for choice, policy in ways(lesson):
        run = play(lesson, game, policy, choice)
        listed = iter(run.legal_expected)
        for i, (step, view) in enumerate(zip(lesson["steps"], run.views)):
            s = seen[i]
            s["seen"] |= set(view["hand"]) | set(view["legal"])
            s["seen"] |= set(view.get("table", [])) | {p["card"] for p in view.get("trick", [])}
            if isinstance(step["expect"], list):
                s["legal_expected"] |= set(next(listed))
                s["alternatives"] |= bool(set(view["legal"]) - set(step["expect"]))
            for field, value in step.get("check", {}).items():
                if view[field] != value:
                    raise LessonError(run.where(f"step {i + 1}: the view's {field} is {view[field]}, "
                                                f"not {value} (its words say so)"))
        if len(run.views) != len(lesson["steps"]):
            raise LessonError(run.where("not every step was reached"))
    for i, step in enumerate(lesson["steps"]):
        where = f"{game} lesson {lesson['id']!r}: step {i + 1}"
        s = seen[i]
        if isinstance(step["expect"], list):
            never = set(step["expect"]) - s["legal_expected"]
            if never:
                raise LessonError(f"{where}: expected actions never legal: {sorted(never)}")
            if s["alternatives"] and "hint" not in step:
                raise LessonError(f"{where}: a legal move other than the expected ones needs a 'hint'")
            if not s["alternatives"] and "hint" in step:
                raise LessonError(f"{where}: a 'hint' for a step where nothing else is legal")
        unseen = set(step.get("highlight", [])) - s["seen"]
        if unseen:
            raise LessonError(f"{where}: highlights on nothing the person sees or can do: {sorted(unseen)}")
    return seen


# ------------------------------------------------------------------------ the files
@pytest.mark.parametrize("game", GAMES)
def test_a_lesson_file_has_the_documented_shape(game):
    """docs/lessons.md: the format, explicit deals (a lesson never depends on the shuffle), the
    fields of a lesson and of a step, each step's success test one the game has."""
    doc = load(game)
    assert (doc["format"], doc["version"], doc["game"]) == ("tapete-lessons", 1, game)
    lessons = doc["lessons"]
    assert 6 <= len(lessons) <= 10                      # issue 32: about 6-10 short lessons
    ids = [lesson["id"] for lesson in lessons]
    assert len(set(ids)) == len(ids) and all(re.fullmatch(r"[a-z0-9_]+", i) for i in ids)
    for lesson in lessons:
        assert set(lesson) <= LESSON_FIELDS, set(lesson) - LESSON_FIELDS
        assert lesson["deals"] and isinstance(lesson["deals"], list), "explicit deals"
        assert isinstance(lesson["seed"], str) and lesson["seed"]
        assert lesson.get("level", "novice") in levels(game)
        assert lesson["rule"] and all(r["source"] in SOURCES[game] and r["text"] for r in lesson["rule"])
        assert lesson["steps"]
        for step in lesson["steps"]:
            assert set(step) <= STEP_FIELDS, set(step) - STEP_FIELDS
            assert step.get("until", "move") in UNTIL_OF[game]
            assert step["expect"] == "any" or (step["expect"] and all(isinstance(a, str) for a in step["expect"]))
            assert all(isinstance(a, str) for a in step.get("replies", []) + step.get("highlight", []))
        for key in keys_of(lesson):
            assert KEY.match(key) and key.startswith(f"lesson.{game}.{lesson['id']}."), key


def test_every_lesson_word_is_in_every_language():
    """The lessons' words are catalog keys (web/lessons/i18n/<lang>.json, loaded with the
    lessons): each named key in the four languages, none left over, no placeholders (a lesson's
    numbers are written out and pinned by its steps' ``check``)."""
    named = {key for game in GAMES for lesson in load(game)["lessons"] for key in keys_of(lesson)}
    for lang in LANGS:
        cat = catalog(lang)
        assert set(cat) == named, (lang, sorted(set(cat) ^ named))
        assert all(isinstance(v, str) and v.strip() for v in cat.values()), lang
        assert not [k for k, v in cat.items() if re.search(r"\{\w+\}", v)], lang


def test_every_cited_rule_text_is_in_its_source():
    """A lesson's ``rule`` cites its rule text word for word: a sentence of the seed file it
    names (the seeds' folder: TAPETE_SEEDS, else /work/shared/seeds; the part is skipped where
    it is absent), or an option that docs/rules-<game>.md documents (**`name`**)."""
    seeds_dir = Path(os.environ.get("TAPETE_SEEDS", "/work/shared/seeds"))
    norm = lambda text: re.sub(r"\s+", " ", text).strip()    # noqa: E731
    seeds = {p.name[:3]: norm(p.read_text(encoding="utf-8")) for p in seeds_dir.glob("0*.txt")}
    checked = 0
    for game in GAMES:
        rules_doc = (ROOT / "docs" / f"rules-{game}.md").read_text(encoding="utf-8")
        for lesson in load(game)["lessons"]:
            for cite in lesson["rule"]:
                if cite["source"] == "option":
                    name = cite["text"].split(":")[0].strip()
                    assert f"**`{name}`**" in rules_doc, (game, lesson["id"], name)
                elif seeds:
                    assert norm(cite["text"]) in seeds[cite["source"]], (game, lesson["id"], cite["text"])
                    checked += 1
    if not seeds:
        pytest.skip(f"no seed files in {seeds_dir} (the options were checked)")
    assert checked


# ------------------------------------------------------------------------ the engine
@pytest.mark.parametrize("game,lesson_id", LESSONS)
def test_every_lesson_is_played_to_its_end_by_the_engine(game, lesson_id):
    """Every expected action is legal in the engine for the lesson's deal and rules (each on
    some way the person took), every scripted reply too, none left over, every step's success
    test is reached whatever the person's free moves (first or last legal), a hint wherever a
    legal move is not the lesson's, highlights on what the person sees, the figures its words
    give as the engine counts them (``check``)."""
    check(lesson_of(game, lesson_id), game)


@pytest.mark.parametrize("game,lesson_id", LESSONS)
def test_a_lesson_starts_from_a_match_file_the_engine_reads(game, lesson_id):
    """The match file the app builds from a lesson (web/lessons/source.js: rules, seed, deals,
    first dealer, the ``before`` actions) is valid and it is the person's turn or the others'."""
    lesson = lesson_of(game, lesson_id)
    run = play(lesson, game)
    m = dict(run.match, actions=list(lesson.get("before", [])))
    ans = handle({"op": "validate", "match": m})
    assert ans["ok"] and not ans["finished"], ans


# ------------------------------------------------------------------------ bad lessons
def broken(game, lesson_id, change):
    lesson = copy.deepcopy(lesson_of(game, lesson_id))
    change(lesson)
    return lesson


def test_a_lesson_that_does_not_fit_the_engine_fails_here():
    """issue 32, Bad input: "a lesson whose data does not fit the engine (an illegal expected
    action) fails the build's tests, never a player's screen". Each kind of misfit is found
    and named: the lesson, the step, what is wrong."""
    def expect_illegal(lesson):       # Cuatrola: the 10E must follow espadas; the as de copas is illegal
        lesson["steps"][0]["expect"] = ["1C"]
    with pytest.raises(LessonError, match=r"'follow': step 1: no expected action is legal \(1C; legal: 10E\)"):
        check(broken("cuatrola", "follow", expect_illegal), "cuatrola")

    def one_of_two_never_legal(lesson):
        lesson["steps"][0]["expect"] = ["10E", "1C"]
    with pytest.raises(LessonError, match=r"step 1: expected actions never legal: \['1C'\]"):
        check(broken("cuatrola", "follow", one_of_two_never_legal), "cuatrola")

    def reply_illegal(lesson):        # the rival must follow espadas
        lesson["steps"][1]["replies"][0] = "10C"
    with pytest.raises(LessonError, match=r"step 2: reply '10C' of seat 1 is refused by the engine: .*espadas"):
        check(broken("cuatrola", "follow", reply_illegal), "cuatrola")

    def reply_left(lesson):
        lesson["steps"][0]["replies"] = ["1E", "3E"]
    with pytest.raises(LessonError, match=r"step 1: scripted replies left unplayed: \['3E'\]"):
        check(broken("cuatrola", "follow", reply_left), "cuatrola")

    def no_hint(lesson):              # Cuarenta: laying the 5 down is legal too
        del lesson["steps"][0]["hint"]
    with pytest.raises(LessonError, match=r"'caida': step 1: a legal move other than the expected ones needs a 'hint'"):
        check(broken("cuarenta", "caida", no_hint), "cuarenta")

    def wrong_figures(lesson):
        lesson["steps"][0]["check"] = {"score": [36, 4]}
    with pytest.raises(LessonError, match=r"step 1: the view's score is \[38, 4\], not \[36, 4\]"):
        check(broken("cuarenta", "forty", wrong_figures), "cuarenta")

    def never_ends(lesson):           # the claim phase never comes without a caída on the ronda
        lesson["steps"][0]["expect"] = ["7S:AC+6D>JS+QC"]
        del lesson["steps"][0]["highlight"]
    with pytest.raises(LessonError, match=r"'ronda': step 2: the match ended before 'claim'|more than"):
        check(broken("cuarenta", "ronda", never_ends), "cuarenta")

    def bad_deal(lesson):             # the dealer (seat 2) must hold the shown card
        lesson["deals"][0]["trump"] = "1E"
    with pytest.raises(LessonError, match=r"before: 'pass' is refused by the engine|the match is refused"):
        check(broken("cuatrola", "follow", bad_deal), "cuatrola")

    def highlight_nothing(lesson):
        lesson["steps"][0]["highlight"] = ["1C"]
    with pytest.raises(LessonError, match=r"step 1: highlights on nothing the person sees or can do: \['1C'\]"):
        check(broken("cuatrola", "trump", highlight_nothing), "cuatrola")
