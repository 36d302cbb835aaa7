"""Playing one deal by taps for the daily-deal and challenge tests (issue 16)."""

from __future__ import annotations

import base64
import hashlib
import json
import time
from urllib.parse import urlencode

from .helpers import ACTION, act_once, moves, wait_moved

HAND_OVER = "dialog.hand-over[open]"


def play_first_hand(page, timeout=300):
    """The person's first legal bid or card at each turn until the first hand's end-of-hand
    dialog is open (not closed)."""
    end = time.time() + timeout
    while time.time() < end:
        page.wait_for_selector(f"{ACTION}, {HAND_OVER}", timeout=120_000)
        if page.locator(HAND_OVER).count():
            return
        if page.locator("dialog[open]").count():      # another dialog (a cante): go on
            page.locator("dialog[open] button.primary").first.click()
            continue
        if page.locator(".table.cuarenta").count():
            cuarenta_step(page)
        else:
            act_once(page)
    raise AssertionError("the first hand did not end")


def challenge_link(app_url, game, seed, rules, level, points, detail, v=None, dv=1, tamper=None,
                   hand=None, prefix=None):
    """A challenge link as docs/share-links.md describes it (Python, independent of the app):
    version 1 (a match's first hand), or version 2 with ``hand`` and ``prefix`` (the match's
    action texts before that hand)."""
    later = hand is not None
    v = v or ("2" if later else "1")
    r = base64.urlsafe_b64encode(json.dumps(rules, sort_keys=True, separators=(",", ":"),
                                            ensure_ascii=False).encode()).decode().rstrip("=")
    p, d = f"{points[0]},{points[1]}", f"{detail[0]},{detail[1]}"
    text = f"tapete-challenge|{v}|{game}|{dv}|{seed}|{r}|{level}|{p}|{d}"
    q = {"v": v, "g": game, "dv": str(dv), "s": seed, "r": r, "lv": level, "p": p, "d": d}
    if later:
        a = base64.urlsafe_b64encode("\n".join(prefix).encode()).decode().rstrip("=")
        text += f"|{hand}|{a}"
        q.update(h=str(hand), a=a)
    q["c"] = hashlib.sha256(text.encode()).hexdigest()[:12]
    if tamper:
        q.update(tamper)
    return f"{app_url}#/challenge?{urlencode(q)}"


def cuarenta_step(page):
    """One Cuarenta move by taps: a capture offered, a ronda claim, a forgotten run, else
    the first playable card (and its first capture)."""
    before = moves(page)
    choice = page.locator(".controls button.capture-btn")
    claim = page.locator(".controls button.rank-btn")
    take = page.locator(".controls button[data-action^='take:']")
    if choice.count():
        choice.first.tap()
    elif claim.count():
        claim.first.tap()
    elif take.count():
        take.first.tap()
    else:
        page.locator(".hand button.card:not(.illegal)").first.tap()
        if choice.count():
            choice.first.tap()
    wait_moved(page, before)
