"""One small interface over two browser drivers, for the smoke suite in WebKit and Firefox.

``Driver``: ``goto(url)``, ``reload()``, ``click(css)``, ``type(css, text)``, ``eval(js)``
(a JavaScript expression; a promise is awaited; the result comes back as JSON),
``screenshot(path)`` (a PNG of the window, to look at the app as a person would),
``wait_for(js)`` (polls ``eval`` until it is truthy), ``errors()`` and ``close()``. A new
profile is a new driver. The offline switch is the test server's (``server.offline``): neither
driver can take the network away from the browser.

- ``WebKit``: Debian's WebKitGTK (``webkit2gtk-driver``): plain W3C WebDriver over HTTP
  (``urllib``) to ``WebKitWebDriver``, which drives ``MiniBrowser --automation`` on an Xvfb
  display (``WebKitService``: one X server and one driver per test process, each on a free
  display and port; a session per profile, each automation session a fresh, ephemeral profile).
  Its default window is kept: after a window resize, WebDriver clicks land on the wrong element.
- ``Firefox``: Debian's Firefox ESR through WebDriver BiDi with ``puppeteer-core``
  (``firefox.mjs``: a Node process per profile, one JSON line per command and per answer).

Page errors: WebKit's console cannot be read over WebDriver, so both drivers read the list the
app keeps itself (``window.__tapeteErrors``, ``web/engine.js``: uncaught errors and unhandled
rejections in the page, the Python worker's ``error`` and ``messageerror`` events, CSP
violations); Firefox adds puppeteer's ``pageerror`` events. The list of a page is read (and
emptied) before every navigation, so ``errors()`` holds every error since the driver started.
"""

from __future__ import annotations

import base64
import glob
import json
import os
import select
import shutil
import socket
import subprocess
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]

FIREFOX = os.environ.get("TAPETE_FIREFOX", "/usr/bin/firefox-esr")
PUPPETEER = ROOT / "node_modules" / "puppeteer-core" / "package.json"
WEBKIT_DRIVER = os.environ.get("TAPETE_WEBKITWEBDRIVER", "/usr/bin/WebKitWebDriver")
XVFB = os.environ.get("TAPETE_XVFB", "/usr/bin/Xvfb")


def minibrowser() -> str:
    """WebKitGTK's MiniBrowser (its directory names the machine's architecture)."""
    if os.environ.get("TAPETE_MINIBROWSER"):
        return os.environ["TAPETE_MINIBROWSER"]
    found = sorted(glob.glob("/usr/lib/*/webkit2gtk-4.1/MiniBrowser"))
    return found[0] if found else "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser"


def missing(browser: str) -> list[str]:
    """What ``browser`` ("webkit" or "firefox") lacks on this machine (empty: it can run)."""
    if browser == "webkit":
        need = [WEBKIT_DRIVER, XVFB, minibrowser()]
    else:
        need = [FIREFOX, shutil.which("node") or "node", str(PUPPETEER)]
    return [p for p in need if not Path(p).exists()]


STEP_TIMEOUT = 60.0    # s: one command (a click, a navigation's load event, a script), on a busy machine
POLL = 0.1             # s between two evaluations of wait_for's condition
HARVEST = "(window.__tapeteErrors || []).splice(0)"


class DriverError(AssertionError):
    """A command the browser refused or did not answer in time (fails the test)."""


class Driver:
    """What a test uses; subclasses implement ``_goto``, ``_reload``, ``_click``, ``_type``,
    ``eval``, ``_page_errors`` and ``_quit``."""

    name = "browser"

    def __init__(self):
        self.seen: list[str] = []   # errors already read from pages left behind

    def goto(self, url: str) -> None:
        self._harvest()
        self._goto(url)
        self._taps_at_once()

    def reload(self) -> None:
        self._harvest()
        self._reload()
        self._taps_at_once()

    def _taps_at_once(self) -> None:
        """A test taps a control as soon as it is drawn, faster than a person can: the tap
        guard's 350 ms (web/ui.js) is turned off in each page loaded, as the Chromium tests'
        init script does (tests/browser/conftest.py); the guard's own tests run in Chromium."""
        self.eval("(() => { window.__tapeteTapFreshMs = 0; return true; })()")

    def click(self, css: str, timeout: float = STEP_TIMEOUT) -> None:
        """A tap on the first element ``css`` selects, once it is shown and enabled, scrolled
        to the middle of the window first if it is not wholly in it (as a player would: a
        driver's own scrolling may leave it under the app's sticky bar)."""
        self.wait_for(f"""(() => {{ const e = document.querySelector({json.dumps(css)});
          if (!e || e.disabled || !e.getClientRects().length) return false;
          const r = e.getBoundingClientRect();
          if (r.top < 0 || r.left < 0 || r.bottom > innerHeight || r.right > innerWidth)
            e.scrollIntoView({{ block: 'center', inline: 'center' }});
          return true; }})()""", timeout, what=f"{css} shown and enabled")
        self._click(css, timeout)

    def type(self, css: str, text: str, timeout: float = STEP_TIMEOUT) -> None:
        """Type ``text`` into the (empty) text field ``css``."""
        self.wait_for(f"!!document.querySelector({json.dumps(css)})", timeout, what=css)
        self._type(css, text, timeout)

    def wait_for(self, js: str, timeout: float = STEP_TIMEOUT, what: str | None = None):
        """The first truthy value of the expression ``js``, polled until ``timeout`` s."""
        end = time.monotonic() + timeout
        failed = None
        while True:
            try:
                value = self.eval(js)
            except DriverError as e:   # a poll that met the page between two documents, or
                value, failed = None, e   # a busy web process: WebKit answers "unknown error"
            if value:
                return value
            if time.monotonic() > end:
                raise DriverError(f"{self.name}: waited {timeout:.0f} s for {what or js}"
                                  f" (the page then: {self._where()}; last failed poll: {failed})")
            time.sleep(POLL)

    def _where(self) -> str:
        """Where the page is, for a failure's message: its address, its screen's heading and
        an open dialog's title."""
        try:
            return str(self.eval("""JSON.stringify({hash: location.hash,
              screen: (document.querySelector('main h1, main h2') || {}).textContent || null,
              dialog: (document.querySelector('dialog[open] h2') || {}).textContent || null,
              body: document.body.innerText.slice(0, 200)})"""))
        except Exception as e:   # the page itself is gone: say so, keep the first error
            return f"unreadable: {e}"

    def errors(self) -> list[str]:
        """Every error reported so far (the current page's too); none is reported twice."""
        self._harvest()
        return list(self.seen)

    def take_errors(self) -> list[str]:
        """Like ``errors()``, and forget them (a test that provokes errors on purpose)."""
        out = self.errors()
        self.seen.clear()
        return out

    def _harvest(self) -> None:
        try:
            self.seen.extend(self.eval(HARVEST) or [])
        except DriverError:
            pass   # no app page (yet)
        self.seen.extend(self._page_errors())

    def close(self) -> None:
        self._quit()


# ------------------------------------------------------------------------------- WebKit
def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class WebKitService:
    """Xvfb (``-noreset``: a second session needs the display to outlive the first; the display
    number is the first free one, ``-displayfd``) and ``WebKitWebDriver`` on a free port."""

    def __init__(self, logdir: Path):
        self.logdir = logdir
        read, write = os.pipe()
        self.xvfb = subprocess.Popen(
            [XVFB, "-displayfd", str(write), "-screen", "0", "1280x1024x24", "-nolisten", "tcp",
             "-noreset"], pass_fds=(write,), stdout=subprocess.DEVNULL,
            stderr=open(logdir / "xvfb.log", "wb"))
        os.close(write)
        number = b""
        try:   # the number, then a newline in a second write (the pipe must stay open for it)
            end = time.monotonic() + STEP_TIMEOUT
            while not number.endswith(b"\n"):
                ready, _, _ = select.select([read], [], [], max(end - time.monotonic(), 0))
                chunk = os.read(read, 64) if ready else b""
                if not chunk:
                    break
                number += chunk
        finally:
            os.close(read)
        number = number.decode().strip()
        if not number.isdigit():
            self.xvfb.kill()
            raise DriverError(f"Xvfb did not start (see {logdir / 'xvfb.log'})")
        self.display = f":{number}"
        self.driver = None
        for _attempt in range(3):   # a port taken between free_port() and the driver's bind
            port = free_port()
            proc = subprocess.Popen(
                [WEBKIT_DRIVER, f"--port={port}"], env={**os.environ, "DISPLAY": self.display},
                stdout=subprocess.DEVNULL, stderr=open(logdir / "webkitwebdriver.log", "ab"))
            self.base = f"http://127.0.0.1:{port}"
            end = time.monotonic() + STEP_TIMEOUT
            while proc.poll() is None and time.monotonic() < end:
                try:
                    http("GET", self.base + "/status", timeout=2)
                    self.driver = proc
                    return
                except (OSError, DriverError):
                    time.sleep(POLL)
            proc.kill()
            proc.wait()
        self.stop()
        raise DriverError(f"WebKitWebDriver did not start (see {logdir / 'webkitwebdriver.log'})")

    def stop(self) -> None:
        for proc in (self.driver, self.xvfb):
            if proc and proc.poll() is None:
                proc.terminate()
                try:
                    proc.wait(10)
                except subprocess.TimeoutExpired:
                    proc.kill()
                    proc.wait()


def http(method: str, url: str, body=None, timeout: float = STEP_TIMEOUT):
    """One WebDriver command: its ``value``, or a DriverError with the driver's message."""
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(url, data=data, method=method,
                                 headers={"Content-Type": "application/json; charset=utf-8"})
    try:
        with urllib.request.urlopen(req, timeout=timeout) as res:
            return json.loads(res.read() or b"{}").get("value")
    except urllib.error.HTTPError as err:
        try:
            value = json.loads(err.read()).get("value") or {}
        except ValueError:
            value = {}
        raise DriverError(f"{method} {url.rsplit('/', 1)[-1]}: {value.get('error', err.code)}: "
                          f"{value.get('message', '')}".strip()) from None


class WebKit(Driver):
    """A WebDriver session of MiniBrowser: a fresh, ephemeral profile."""

    name = "webkit"

    def __init__(self, service: WebKitService):
        super().__init__()
        caps = {"capabilities": {"alwaysMatch": {
            "browserName": "MiniBrowser",
            "webkitgtk:browserOptions": {"binary": minibrowser(), "args": ["--automation"]}}}}
        value = http("POST", service.base + "/session", caps, timeout=2 * STEP_TIMEOUT)
        self.url = f"{service.base}/session/{value['sessionId']}"
        self.version = value["capabilities"].get("browserVersion", "")
        http("POST", self.url + "/timeouts", {"script": int(STEP_TIMEOUT * 1000),
                                               "pageLoad": int(2 * STEP_TIMEOUT * 1000)})

    def _cmd(self, method, path, body=None):
        return http(method, self.url + path, body, timeout=2 * STEP_TIMEOUT + 5)

    def _goto(self, url):
        self._cmd("POST", "/url", {"url": url})

    def _reload(self):
        self._cmd("POST", "/refresh", {})

    def _element(self, css):
        found = self._cmd("POST", "/element", {"using": "css selector", "value": css})
        return next(iter(found.values()))

    def _retry(self, what, act, timeout):
        """``act()`` again while the element is missing, stale or covered (a screen being drawn)."""
        end = time.monotonic() + timeout
        while True:
            try:
                return act()
            except DriverError as err:
                transient = any(k in str(err) for k in (
                    "no such element", "stale element", "element click intercepted",
                    "element not interactable"))
                if not transient or time.monotonic() > end:
                    raise DriverError(f"webkit: {what}: {err}") from None
                time.sleep(POLL)

    def _click(self, css, timeout):
        self._retry(f"click {css}", lambda: self._cmd(
            "POST", f"/element/{self._element(css)}/click", {}), timeout)

    def _type(self, css, text, timeout):
        self._retry(f"type into {css}", lambda: self._cmd(
            "POST", f"/element/{self._element(css)}/value", {"text": text}), timeout)

    def eval(self, js):
        return self._cmd("POST", "/execute/sync", {"script": f"return ({js});", "args": []})

    def screenshot(self, path) -> None:
        Path(path).write_bytes(base64.b64decode(self._cmd("GET", "/screenshot")))

    def _page_errors(self):
        return []   # not reachable over WebDriver: the app's own list only

    def _quit(self):
        try:
            self._cmd("DELETE", "")
        except (OSError, DriverError):
            pass


# ------------------------------------------------------------------------------ Firefox
class Firefox(Driver):
    """Firefox ESR in its own new profile, driven by ``firefox.mjs`` (puppeteer-core, BiDi)."""

    name = "firefox"

    def __init__(self, logdir: Path):
        super().__init__()
        self.profile = tempfile.mkdtemp(prefix="tapete-firefox-")
        self.log = open(logdir / "firefox.log", "ab")
        self.proc = subprocess.Popen(
            ["node", str(HERE / "firefox.mjs"), self.profile, FIREFOX], cwd=ROOT,
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=self.log)
        self.buf = b""
        self.next_id = 0
        try:
            self.version = self._cmd("start", timeout=4 * STEP_TIMEOUT)
        except BaseException:
            self._quit()
            raise

    def _line(self, timeout):
        end = time.monotonic() + timeout
        fd = self.proc.stdout.fileno()
        while b"\n" not in self.buf:
            left = end - time.monotonic()
            ready, _, _ = select.select([fd], [], [], max(left, 0))
            if not ready:
                raise DriverError(f"firefox: no answer in {timeout:.0f} s (see {self.log.name})")
            chunk = os.read(fd, 65536)
            if not chunk:
                raise DriverError(f"firefox: the driver stopped (see {self.log.name})")
            self.buf += chunk
        line, self.buf = self.buf.split(b"\n", 1)
        return json.loads(line)

    def _cmd(self, op, timeout=STEP_TIMEOUT, **args):
        self.next_id += 1
        try:
            self.proc.stdin.write(json.dumps({"id": self.next_id, "op": op, "timeout": timeout * 1000,
                                              **args}).encode() + b"\n")
            self.proc.stdin.flush()
        except BrokenPipeError:
            raise DriverError(f"firefox: the driver stopped (see {self.log.name})") from None
        while True:
            answer = self._line(timeout + 5)
            if answer.get("id") == self.next_id:
                break
        if not answer["ok"]:
            raise DriverError(f"firefox: {op}: {answer['error']}")
        return answer.get("value")

    def _goto(self, url):
        self._cmd("goto", url=url)

    def _reload(self):
        self._cmd("reload")

    def _click(self, css, timeout):
        self._cmd("click", timeout, css=css)

    def _type(self, css, text, timeout):
        self._cmd("type", timeout, css=css, text=text)

    def eval(self, js):
        return self._cmd("eval", js=js)

    def screenshot(self, path) -> None:
        self._cmd("screenshot", path=str(path))

    def _page_errors(self):
        return self._cmd("errors") if self.proc.poll() is None else []

    def _quit(self):
        try:
            if self.proc.poll() is None:
                self._cmd("close")
        except (OSError, DriverError):
            pass
        finally:
            if self.proc.poll() is None:
                self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
            self.log.close()
            shutil.rmtree(self.profile, ignore_errors=True)
