"""Learn to play (issue 32, "Lessons"; docs/lessons.md) at the real table: a first lesson of
each game played to its end by taps in one fresh profile (speed instant): the first lesson
offered once on home to a first-time player, nothing of the lessons loaded on first paint, a
move that is not the lesson's answered with the engine's refusal or the lesson's hint (in the
UI language) and not played, a retry, stars stored and shown, every lesson's words fitting
its coach and introduction; a damaged progress record ignored with the lessons still
playable; the lessons offline; axe on a lesson. That every lesson fits the engine, and that
the app's steps follow every play of every lesson, is tests/engine/test_lessons.py's and
test_lesson_scripts.py's (CPython, Node)."""

from __future__ import annotations

import json
import re
import time

from engine.games import GAMES as REGISTRY

from .conftest import ROOT, answered, read_catalog
from .helpers import moves, set_settings, wait_ready
from .waits import engine_calls, engine_mark, still

GAMES = tuple(REGISTRY)
LESSONS = {g: json.loads((ROOT / "web" / "lessons" / f"{g}.json").read_text())["lessons"] for g in GAMES}
CARD = re.compile(r"^(?:(?:1[0-2]|[13])[OCEB]|[A2-7JQK][HDCS])$")
DONE = "dialog.lesson-done[open]"


def state(page):
    return page.evaluate("""() => { const s = document.getElementById('screen').dataset;
      return {step: Number(s.lessonStep || 0), state: s.lessonState || '', moves: Number(s.moves || -1)}; }""")


def wait_turn_or_done(page, timeout=60_000):
    """Until the person can act in the lesson, or it is over; a hand's breakdown on the way is
    closed ("Continue"). Returns "turn" or "done"."""
    end = time.time() + timeout / 1000
    while time.time() < end:
        page.wait_for_selector(f"{DONE}, dialog.hand-over[open], #screen[data-lesson-state=turn]", timeout=timeout)
        if page.locator(DONE).count():
            return "done"
        if page.locator("dialog.hand-over[open]").count():
            page.locator("dialog.hand-over[open] button.primary").tap()
            page.wait_for_selector("dialog.hand-over[open]", state="detached")
            continue
        return "turn"
    raise AssertionError("the lesson did not go on")


def tap_and_wait(page, locator):
    """Tap a card or control that plays a move, and wait until the move is shown (or the
    lesson moved on, or a dialog opened)."""
    before = state(page)
    locator.tap()
    page.wait_for_function("""(b) => { const s = document.getElementById('screen').dataset;
      return Number(s.moves) !== b.moves || Number(s.lessonStep) !== b.step || s.lessonState !== 'turn'
        || document.querySelector('dialog[open]') !== null; }""", arg=before, timeout=30_000)


def play_action(page, action):
    """The person plays ``action`` (action text) by taps: a card, a bid or a claim control, or a
    Cuarenta capture (the card, then the capture it offers)."""
    if CARD.match(action):
        card = page.locator(f".hand [data-card='{action}']")
        if card.get_attribute("data-captures"):        # a card that could capture: laid down
            card.tap()
            tap_and_wait(page, page.locator(f".controls [data-action='{action}']"))
        else:
            tap_and_wait(page, card)
    elif ":" in action and not action.startswith(("claim:", "take:")):
        capture = page.locator(f".controls [data-action='{action}']")
        if not capture.count():       # (its card is not selected yet)
            page.locator(f".hand [data-card='{action.split(':')[0]}']").tap()
        tap_and_wait(page, capture)
    else:
        tap_and_wait(page, page.locator(f".controls [data-action='{action}']"))


def free_move(page):
    """Any legal move: the first bid, else a claim's first rank, else the first playable card
    (and, when it captures, the first capture offered)."""
    bids = page.locator(".controls button.bid")
    claim = page.locator(".controls button.rank-btn")
    if bids.count():
        tap_and_wait(page, bids.first)
    elif claim.count():
        tap_and_wait(page, claim.first)
    else:
        card = page.locator(".hand button.card:not(.illegal)").first
        if card.get_attribute("data-captures"):
            card.tap()
            tap_and_wait(page, page.locator(".controls button.capture-btn").first)
        else:
            tap_and_wait(page, card)


def expected_now(page, step):
    """The first of a step's expected actions that can be played now (its card in hand)."""
    for action in step["expect"]:
        if CARD.match(action) or (":" in action and not action.startswith(("claim:", "take:"))):
            if page.locator(f".hand [data-card='{action.split(':')[0]}']").count():
                return action
        elif page.locator(f".controls [data-action='{action}']").count():
            return action
    raise AssertionError(f"none of {step['expect']} can be played")


# what a look could miss: the coach, the hand, the controls or a dialog reaching past the
# window, the page wider than it, the coach's words cut off (a list of sentences)
PROBLEMS = """() => {
  const W = innerWidth, H = innerHeight, out = [];
  if (document.documentElement.scrollWidth > W + 1) out.push(`page ${document.documentElement.scrollWidth} px wide`);
  for (const sel of ['.coach', '.hand', '.controls', 'dialog[open]']) {
    for (const el of document.querySelectorAll(sel)) {
      const r = el.getBoundingClientRect();
      if (!r.width || !r.height) continue;
      if (r.left < -1 || r.right > W + 1 || r.top < -1 || r.bottom > H + 1)
        out.push(`${sel} at ${Math.round(r.left)},${Math.round(r.top)}-${Math.round(r.right)},${Math.round(r.bottom)}`);
    }
  }
  for (const el of document.querySelectorAll('.coach-text, .coach-feedback')) {
    if (el.scrollHeight > el.clientHeight + 1 || el.scrollWidth > el.clientWidth + 1) out.push(`${el.className} cut off`);
  }
  return out;
}"""


def play_lesson(page, lesson, wrong=None, look=None):
    """Play ``lesson`` from its introduction to its end by taps; ``wrong(page, index)`` may try
    moves that are not the lesson's at the start of a step first; ``look(page, name)`` is
    called at the introduction ("intro"), at each step ("1", "2"...) and at the end ("done")
    (lesson_shots.py takes screenshots there). Returns the stars shown."""
    page.wait_for_selector("dialog.lesson-intro[open]", timeout=60_000)
    if look:
        look(page, "intro")
    page.locator("dialog.lesson-intro[open] button.primary").tap()
    for i, step in enumerate(lesson["steps"]):
        if wait_turn_or_done(page) == "done":
            raise AssertionError(f"{lesson['id']}: over before step {i + 1}")
        assert state(page)["step"] == i + 1, (lesson["id"], i + 1, state(page))
        if look:
            look(page, str(i + 1))
        if wrong:
            wrong(page, i)
        if step["expect"] == "any":
            free_move(page)
        else:
            play_action(page, expected_now(page, step))
        # a step whose success test needs more of the person's moves: free ones
        while wait_turn_or_done(page) == "turn" and state(page)["step"] == i + 1:
            free_move(page)
    assert wait_turn_or_done(page) == "done", lesson["id"]
    if look:
        look(page, "done")
    return int(page.get_attribute("#screen", "data-lesson-stars"))


def feedback(page):
    page.wait_for_selector(".coach-feedback:not([hidden])", timeout=10_000)
    return page.inner_text(".coach-feedback")


def stored_progress(page):
    return page.evaluate("JSON.parse(localStorage.getItem('tapete.lessons'))")


#: Every lesson's words in a lesson's coach and introduction, one text after another, in
#: every language (what a look at each step would see: the coach's words cut off, or the
#: coach pushing the hand or the controls out of the window); the problems found.
WORDS_FIT = """([texts, problems]) => {
  const check = new Function(`return (${problems})`)();
  const goal = document.querySelector('.coach-goal'), feedback = document.querySelector('.coach-feedback');
  const kept = [goal.textContent, feedback.textContent, feedback.hidden];
  const out = [];
  for (const [where, g, f] of texts) {
    goal.textContent = g;
    feedback.hidden = !f;
    feedback.textContent = f || '';
    for (const p of check()) out.push(`${where}: ${p}`);
  }
  [goal.textContent, feedback.textContent, feedback.hidden] = kept;
  return out;
}"""
INTRO_FITS = """([texts, problems]) => {
  const check = new Function(`return (${problems})`)();
  const body = document.querySelector('dialog.lesson-intro[open] .dlg-body');
  const title = document.querySelector('dialog.lesson-intro[open] h2');
  const kept = [title.textContent, [...body.childNodes]];
  const out = [];
  for (const [where, t, paragraphs] of texts) {
    title.textContent = t;
    body.replaceChildren(...paragraphs.map((text) => Object.assign(document.createElement('p'), { textContent: text })));
    for (const p of check()) out.push(`${where}: ${p}`);
  }
  title.textContent = kept[0];
  body.replaceChildren(...kept[1]);
  return out;
}"""


DONE_FITS = """([texts, problems]) => {
  const check = new Function(`return (${problems})`)();
  const line = document.querySelector('dialog.lesson-done[open] .lesson-stars + p');
  const kept = line.textContent;
  const out = [];
  for (const [where, text] of texts) {
    line.textContent = text;
    for (const p of check()) out.push(`${where}: ${p}`);
  }
  line.textContent = kept;
  return out;
}"""


def every_lessons_end_fits(page, game):
    """``DONE_FITS`` on a lesson's end now open: every lesson's last words of ``game``."""
    texts = [[f"{lang} {game}/{lesson['id']}", LESSON_WORDS[lang][lesson["done"]]]
             for lang in LANGS for lesson in LESSONS[game]]
    problems = page.evaluate(DONE_FITS, [texts, PROBLEMS])
    assert not problems, problems


def every_lessons_words_fit(page, game):
    """``WORDS_FIT`` on the lesson table now on screen: every step's goal of every lesson of
    ``game``, alone and with its hint and "try again" below, in every language."""
    texts = []
    for lang in LANGS:
        words, ui = LESSON_WORDS[lang], read_catalog(lang)
        for lesson in LESSONS[game]:
            for i, step in enumerate(lesson["steps"]):
                where = f"{lang} {game}/{lesson['id']} step {i + 1}"
                texts.append([where, words[step["goal"]], None])
                if "hint" in step:
                    texts.append([where + " hint", words[step["goal"]], f"{words[step['hint']]} {ui['lessons.try_again']}"])
    problems = page.evaluate(WORDS_FIT, [texts, PROBLEMS])
    assert not problems, problems


def every_lessons_intro_fits(page, game):
    """``INTRO_FITS`` on the introduction now open: every lesson's of ``game``, in every language."""
    texts = [[f"{lang} {game}/{lesson['id']}", LESSON_WORDS[lang][lesson["title"]],
              LESSON_WORDS[lang][lesson["intro"]].split("\n\n")]
             for lang in LANGS for lesson in LESSONS[game]]
    problems = page.evaluate(INTRO_FITS, [texts, PROBLEMS])
    assert not problems, problems


def test_a_first_lesson_of_each_game_is_played_to_its_end_by_taps(new_browser, app_url):
    """The first lesson a first-time player is offered (Cuatrola's, "follow": a card that must
    follow suit tried first, the engine's refusal said) and Cuarenta's "ronda" (a capture, free
    moves up to the claim, the claim's row of ranks; a card laid down tried first, the
    lesson's hint said) by taps at the real table, on the smallest phone the app is made for.
    Every other lesson's script is checked against the engine and the app's steps in CPython
    and Node (tests/engine/test_lesson_scripts.py, test_lessons.py); every lesson's words are
    checked here in the coach and the introduction, in every language, over the rows of
    controls a lesson shows (cards, the bids, a capture, the ronda's claim)."""
    es = read_catalog("es")
    started = time.time()
    # the smallest phone the app is made for, held upright: at each step the coach, the hand and
    # the controls are all in the window (the lesson's coach once pushed the hand past its
    # bottom at 360x640 in 10 steps: the table's fit to the window left the lesson's screen out)
    b = new_browser(locale="es-ES", viewport={"width": 360, "height": 640})
    page = b.page()
    seen = []
    # the page's own requests (what it imports and fetches), not the service worker's: a
    # service worker may fetch files for later use once the first visit is done
    page.on("request", lambda r: seen.append(r.url) if r.service_worker is None else None)
    # a first-time player: the first lesson offered on home, once; nothing of the lessons loaded
    page.goto(app_url)
    page.wait_for_selector("#lesson-offer", timeout=60_000)
    wait_ready(page)
    still(page)
    assert not [u for u in seen if "/lessons/" in u], "first paint loaded the lessons"
    assert page.inner_text("#lesson-offer h2") == es["lessons.offer_title"]
    # motion off: this test is about the lessons' steps, words and fit, not the table's
    # animations (test_table_motion.py has those, with motion on)
    set_settings(page, speed="instant", motion=False)
    page.locator("#lesson-offer-cuatrola").tap()
    page.wait_for_url("**#/learn/cuatrola?first=1")

    def cuatrola_wrong(page, i):
        if i == 0:       # an illegal card: the engine's reason, not played (and the retry follows)
            at = moves(page)
            mark = engine_mark(page)
            page.locator(".hand [data-card='3C']").tap(force=True)
            text = feedback(page)
            assert text == f"{es['err.follow'].replace('{suit}', 'espadas')}. {es['lessons.try_again']}", text
            assert engine_calls(page, mark, "act") == [] and moves(page) == at, "a move not the lesson's was played"
        every_lessons_words_fit(page, "cuatrola")

    page.wait_for_selector("#screen[data-lesson='cuatrola/follow']", timeout=60_000)
    assert play_lesson(page, LESSONS["cuatrola"][0], cuatrola_wrong, look=fits) == 2
    every_lessons_end_fits(page, "cuatrola")
    # "Next lesson": the next one's introduction; every lesson's introduction fits
    page.locator(f"{DONE} button[data-value=next]").tap()
    page.wait_for_selector("#screen[data-lesson='cuatrola/trump']")
    page.wait_for_selector("dialog.lesson-intro[open]")
    every_lessons_intro_fits(page, "cuatrola")
    # the bids under the coach: a lesson that starts at the bidding
    page.goto(app_url + "#/learn/cuatrola?lesson=first_hand")
    page.wait_for_selector("#screen[data-lesson='cuatrola/first_hand']")
    page.wait_for_selector("dialog.lesson-intro[open]")
    page.locator("dialog.lesson-intro[open] button.primary").tap()
    wait_turn_or_done(page)
    assert page.locator(".controls button.bid").count() >= 2
    every_lessons_words_fit(page, "cuatrola")
    fits(page, "bids")

    ronda = next(lesson for lesson in LESSONS["cuarenta"] if lesson["id"] == "ronda")

    def ronda_wrong(page, i):
        if i == 0:       # a card laid down (legal, takes nothing): the lesson's hint, not played
            at = moves(page)
            mark = engine_mark(page)
            page.locator(".hand [data-card='4C']").tap()
            text = feedback(page)
            assert text.startswith(LESSON_WORDS["es"]["lesson.cuarenta.ronda.1.hint"]), text
            assert engine_calls(page, mark, "act") == [] and moves(page) == at
            assert page.locator(".hand [data-card='4C']").count() == 1
        if i in (0, 2):  # the capture's row, then the claim's ranks, under the coach
            every_lessons_words_fit(page, "cuarenta")

    page.goto(app_url + "#/learn/cuarenta?lesson=ronda")
    page.wait_for_selector("#screen[data-lesson='cuarenta/ronda']", timeout=60_000)
    assert play_lesson(page, ronda, ronda_wrong, look=fits) == 2
    every_lessons_end_fits(page, "cuarenta")
    page.locator(f"{DONE} button[data-value=next]").tap()
    page.wait_for_selector("dialog.lesson-intro[open]")
    every_lessons_intro_fits(page, "cuarenta")
    # stored and shown
    progress = stored_progress(page)["done"]
    assert {k: v["stars"] for k, v in progress.items()} == {"cuatrola/follow": 2, "cuarenta/ronda": 2}
    page.goto(app_url + "#/learn")
    page.wait_for_selector(".lesson-list")
    assert page.get_attribute("#lesson-cuatrola-follow .stars", "aria-label") == "2 de 3 estrellas"
    assert page.inner_text("#lesson-cuarenta-ronda .stars") == "★★☆"
    assert page.inner_text("#lesson-cuarenta-forty .stars") == "☆☆☆"
    assert page.inner_text("#learn-cuarenta .learn-progress") == f"Lecciones hechas: 1 de {len(LESSONS['cuarenta'])}"
    # the offer was made once: not again on home
    page.goto(app_url + "#/")
    page.reload()
    page.wait_for_selector("#home-learn")
    assert page.locator("#lesson-offer").count() == 0, "offered twice"
    print(f"two lessons played by taps in {time.time() - started:.0f} s")


def fits(page, name):
    """At a lesson's introduction, each of its steps and its end: nothing reaches past the window."""
    problems = page.evaluate(PROBLEMS)
    assert not problems, (page.get_attribute("#screen", "data-lesson"), name, problems)


LANGS = ("es", "en", "de", "fr")
LESSON_WORDS = {lang: json.loads((ROOT / "web" / "lessons" / "i18n" / f"{lang}.json").read_text()) for lang in LANGS}


def test_a_damaged_progress_record_is_ignored(phone, app_url):
    """issue 32, Bad input: a progress record that cannot be read counts as no progress (what
    can be read of it counts), every lesson stays playable, and playing one stores it anew."""
    try:
        for damaged in ("{not json", "[1, 2]", '"text"', '{"v": 1, "done": []}', '{"v": 7, "done": {}}'):
            phone.evaluate("(v) => localStorage.setItem('tapete.lessons', v)", damaged)
            phone.goto(app_url + "#/learn")
            phone.wait_for_selector(".lesson-list")
            assert phone.locator(".lesson-item .stars.s0").count() == sum(len(v) for v in LESSONS.values()), damaged
        # readable entries count, the rest does not
        phone.evaluate("""() => localStorage.setItem('tapete.lessons', JSON.stringify({v: 1, done: {
          'cuatrola/follow': {stars: 3, at: 1}, 'cuatrola/trump': {stars: 9}, 'cuarenta/pair': 'x',
          'constructor': {stars: 2}}}))""")
        phone.goto(app_url + "#/")
        phone.goto(app_url + "#/learn")
        phone.wait_for_selector(".lesson-list")
        assert phone.locator(".lesson-item .stars.s3").count() == 1
        assert phone.locator("#lesson-cuatrola-follow .stars.s3").count() == 1
        # still playable, and played it is stored again
        phone.locator("#lesson-cuatrola-trump").tap()
        assert play_lesson(phone, LESSONS["cuatrola"][1]) == 3
        assert stored_progress(phone)["done"] == {"cuatrola/follow": {"stars": 3, "at": 1},
                                                  "cuatrola/trump": {"stars": 3, "at": stored_progress(phone)["done"]["cuatrola/trump"]["at"]}}
        phone.locator(f"{DONE} button[data-value=list]").tap()
        phone.wait_for_selector(".lesson-list")
        assert phone.locator("#lesson-cuatrola-trump .stars.s3").count() == 1
    finally:
        phone.evaluate("localStorage.removeItem('tapete.lessons')")


def test_the_first_lesson_offer_can_be_skipped(phone, app_url):
    """A first-time player (no table opened, no lesson, never offered: as a fresh profile) sees
    the offer; "Skip" puts it away, and it is not offered again; someone who has opened a table
    before is not offered it."""
    keys = ("tapete.lessonOffer", "tapete.lessons", "tapete.lastTable")
    saved = phone.evaluate("(ks) => ks.map((k) => localStorage.getItem(k))", list(keys))
    try:
        phone.evaluate("(ks) => ks.forEach((k) => localStorage.removeItem(k))", list(keys))
        phone.reload()
        wait_ready(phone)
        phone.wait_for_selector("#lesson-offer")
        phone.locator("#lesson-offer-skip").tap()
        phone.wait_for_selector("#lesson-offer", state="detached")
        phone.reload()
        wait_ready(phone)
        phone.wait_for_selector("#home-learn")
        assert phone.locator("#lesson-offer").count() == 0
        # a player who has been at a table before
        phone.evaluate("""() => { localStorage.removeItem('tapete.lessonOffer');
          localStorage.setItem('tapete.lastTable', JSON.stringify({id: 'x', game: 'cuatrola'})); }""")
        phone.reload()
        wait_ready(phone)
        phone.wait_for_selector("#home-learn")
        assert phone.locator("#lesson-offer").count() == 0
    finally:
        phone.evaluate("""([ks, vs]) => ks.forEach((k, i) => vs[i] === null ? localStorage.removeItem(k)
          : localStorage.setItem(k, vs[i]))""", [list(keys), saved])
        phone.evaluate("localStorage.setItem('tapete.lessonOffer', '1')")


def test_axe_finds_nothing_in_the_lessons(phone, app_url):
    """axe-core (tests/browser/test_axe.py) on the list of lessons, a lesson's introduction, its
    table with the coach, a mark and a try that was not the lesson's, and its end."""
    from .test_axe import assert_clean      # (skipped, or failed when required, without axe-core)
    try:
        phone.goto(app_url + "#/learn")
        phone.wait_for_selector(".lesson-list")
        assert_clean(phone, "#/learn")
        phone.goto(app_url + "#/learn/cuarenta?lesson=caida")
        phone.wait_for_selector("dialog.lesson-intro[open]", timeout=60_000)
        assert_clean(phone, "a lesson's introduction")
        phone.locator("dialog.lesson-intro[open] button.primary").tap()
        wait_turn_or_done(phone)
        phone.locator(".hand [data-card='5S']").tap()
        phone.locator(".controls [data-action='5S:2C+3D']").tap()
        feedback(phone)
        assert phone.locator(".lesson-mark").count() >= 2
        assert_clean(phone, "a lesson's table")
        for step in LESSONS["cuarenta"][3]["steps"]:
            wait_turn_or_done(phone)
            play_action(phone, expected_now(phone, step))
        assert wait_turn_or_done(phone) == "done"
        assert_clean(phone, "a lesson's end")
        assert phone.get_attribute("#screen", "data-lesson-stars") == "2"
    finally:
        phone.evaluate("localStorage.removeItem('tapete.lessons')")


def test_the_lessons_work_offline(phone, app_url, server, installed):
    """The lessons' code, files, words and styles are in the service worker's precache list
    (build.py; docs/lessons.md): with the app installed and no network at all, the list of
    lessons opens after a reload and a lesson is played to its end, nothing served."""
    # (the lessons are "later" files, build.py LATER: fetched by the later stage after a first visit)
    phone.wait_for_function("() => !window.__tapete.later || window.__tapete.later.state === 'done'",
                            timeout=90_000)
    try:
        server.offline = True
        installed.context.set_offline(True)
        answered(server)   # (answers already on their way are done)
        n = len(server.log)
        phone.goto(app_url + "#/learn")
        phone.reload()
        wait_ready(phone)
        phone.wait_for_selector(".lesson-list", timeout=30_000)
        assert phone.locator("#screen .error-text").count() == 0
        phone.locator("#lesson-cuarenta-pair").tap()
        assert play_lesson(phone, LESSONS["cuarenta"][0]) == 3
        assert len(server.log) == n, f"served while offline: {server.log[n:]}"
    finally:
        server.offline = False
        installed.context.set_offline(False)
        phone.evaluate("localStorage.removeItem('tapete.lessons')")
