"""Helpers of the invitation tests (test_invite.py, issue 30): phones whose share sheet is
stubbed (what they share is recorded) or missing (the link is copied), the host's invitation
link for a seat, the guest's answer link, and the wire of a phone whose messages can be
altered before they leave it."""

from __future__ import annotations

from .helpers import goto, settings_before_start
from .table_together import PHONE_SETTINGS, WIRE, open_panel

#: The share sheet stubbed: every navigator.share(data) is recorded in window.__shared.
SHARE = """(() => {
  window.__shared = [];
  Object.defineProperty(Navigator.prototype, 'share', { configurable: true,
    value: async function (data) { window.__shared.push({ title: data.title, text: data.text, url: data.url }); } });
})();"""
#: A browser with no share sheet (the app copies the link to the clipboard instead).
NO_SHARE = """(() => {
  Object.defineProperty(Navigator.prototype, 'share', { configurable: true, value: undefined });
})();"""
#: Rewrites this phone's hello (its seat key) before it leaves: ``window.helloKey`` (a key)
#: replaces the key, ``null`` drops the hello altogether; unset, the hello goes as it is.
FORGE_HELLO = """(() => {
  if (typeof RTCDataChannel !== 'function') return;
  const send = RTCDataChannel.prototype.send;
  RTCDataChannel.prototype.send = function (data) {
    if (typeof data === 'string' && data.includes('"hello"') && 'helloKey' in window) {
      if (window.helloKey === null) return undefined;
      const m = JSON.parse(data);
      m.key = window.helloKey;
      data = JSON.stringify(m);
    }
    return send.call(this, data);
  };
})();"""


def sharing_phone(new_browser, app_url, share=True, wire=False, forge=False):
    """A phone (phone() of table_together) whose share sheet is stubbed, or missing (then
    the clipboard may be written and read)."""
    b = new_browser(installed=True)
    settings_before_start(b.context, **PHONE_SETTINGS)
    for script in [SHARE if share else NO_SHARE] + ([WIRE] if wire else []) + ([FORGE_HELLO] if forge else []):
        b.context.add_init_script(script)
    page = b.page()
    goto(page, app_url)
    if not share:
        b.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=app_url.rstrip("/"))
    return b, page


def shared(page):
    """What this phone sent through the (stubbed) share sheet, in order."""
    return page.evaluate("window.__shared || []")


def invitation_link(host, slot):
    """The host invites a friend to ``slot`` (a seat, or 100+ for a watcher), a new
    invitation if one was on screen, and sends it through the share sheet: the link it
    shared."""
    open_panel(host)
    row = f"#seats-panel .seat-entry[data-seat='{slot}']"
    field = f"{row} .share-link .link-field"
    old = host.get_attribute(field, "data-link") if host.locator(field).count() else None
    show = host.locator(f"{row} [data-show='{slot}']")
    if show.is_visible():
        show.tap()
    else:
        host.locator(f"{row} [data-fresh='{slot}']").tap()
    host.wait_for_function("([sel, old]) => { const e = document.querySelector(sel); return !!e && e.dataset.link !== old; }",
                           arg=[field, old], timeout=30_000)
    send = host.locator(f"#invite-{slot}")
    before = len(shared(host))
    send.tap()
    host.wait_for_function("(n) => (window.__shared || []).length > n", arg=before, timeout=10_000)
    return shared(host)[-1]["url"]


def answer_link(guest, link):
    """The friend taps the invitation link (it opens the app on the join screen with it
    filled in), joins, and sends the answer through the share sheet: the answer link."""
    guest.goto(link)
    guest.wait_for_selector("#offer-code", timeout=60_000)
    guest.wait_for_function("() => document.getElementById('offer-code').value.startsWith('TPT:')", timeout=30_000)
    guest.locator("#offer-use").tap()
    send = guest.locator("#send-answer")
    send.wait_for(timeout=30_000)
    before = len(shared(guest))
    send.tap()
    guest.wait_for_function("(n) => (window.__shared || []).length > n", arg=before, timeout=10_000)
    return shared(guest)[-1]["url"]


def open_in_new_tab(browser, url):
    """The host taps a link in a chat app: it opens in a new tab of the app."""
    tab = browser.context.new_page()
    tab.goto(url)
    return tab


__all__ = ["SHARE", "NO_SHARE", "FORGE_HELLO", "WIRE", "sharing_phone", "shared", "invitation_link", "answer_link",
           "open_in_new_tab"]
