// What the home screen offers about installing and keeping the data (web/install.js), in Node:
// node --test tests/js/   The browser tests (tests/browser/test_install.py, test_deploy.py)
// show the offers on the page; here is every case of the choice.
import { test } from "node:test";
import assert from "node:assert/strict";

import { homeOffer, installWay, isStandalone } from "../../web/install.js";

const UA = {
  iphone: "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
  ipadDesktop: "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15",
  chromeIos: "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/126.0 Mobile/15E148 Safari/604.1",
  firefoxAndroid: "Mozilla/5.0 (Android 14; Mobile; rv:128.0) Gecko/128.0 Firefox/128.0",
  firefoxDesktop: "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0",
  chromeAndroid: "Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36",
};

test("the way to install: Chromium's prompt when it came, Safari's steps on iOS, Firefox's on Android", () => {
  assert.equal(installWay({ prompt: true, ua: UA.chromeAndroid }), "prompt");
  assert.equal(installWay({ ua: UA.chromeAndroid }), null, "no prompt (yet): nothing to offer");
  assert.equal(installWay({ ua: UA.iphone }), "ios");
  assert.equal(installWay({ ua: UA.chromeIos }), "ios");
  assert.equal(installWay({ ua: UA.ipadDesktop, touchPoints: 5 }), "ios", "an iPad asking for the desktop site");
  assert.equal(installWay({ ua: UA.ipadDesktop, touchPoints: 0 }), null, "a Mac");
  assert.equal(installWay({ ua: UA.firefoxAndroid }), "firefox");
  assert.equal(installWay({ ua: UA.firefoxDesktop }), null);
  for (const ua of Object.values(UA)) assert.equal(installWay({ standalone: true, prompt: true, ua, touchPoints: 5 }), null);
});

test("home's offer: the note once before the first backup, then installing until put away; nothing installed", () => {
  const base = { way: "ios", dismissed: false, noticed: false, backedUp: false, finished: 0 };
  assert.equal(homeOffer(base), "ios", "no finished match yet: nothing to lose, no note");
  assert.equal(homeOffer({ ...base, finished: 1 }), "notice");
  assert.equal(homeOffer({ ...base, finished: 1, noticed: true }), "ios", "the note is said once");
  assert.equal(homeOffer({ ...base, finished: 3, backedUp: true }), "ios", "a backup saved: no note");
  assert.equal(homeOffer({ ...base, finished: 1, way: null }), "notice", "the note also where there is no way to install");
  assert.equal(homeOffer({ ...base, dismissed: true }), null, "put away for good");
  assert.equal(homeOffer({ ...base, way: null }), null);
  assert.equal(homeOffer({ ...base, finished: 1, standalone: true }), null, "installed: nothing at all");
  assert.equal(homeOffer({ ...base, way: "prompt", finished: 1, noticed: true }), "prompt");
});

test("installed: the display mode of the app's own window, or Safari's navigator.standalone", () => {
  const win = (modes, standalone) => ({ navigator: { standalone }, matchMedia: (q) => ({ matches: modes.some((m) => q === `(display-mode: ${m})`) }) });
  assert.equal(isStandalone(win(["browser"])), false);
  for (const mode of ["standalone", "fullscreen", "minimal-ui", "window-controls-overlay"]) assert.equal(isStandalone(win([mode])), true, mode);
  assert.equal(isStandalone(win(["browser"], true)), true);
  assert.equal(isStandalone({ navigator: {} }), false, "no matchMedia");
});
