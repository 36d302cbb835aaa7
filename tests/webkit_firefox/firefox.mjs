// Firefox ESR driven through WebDriver BiDi by puppeteer-core, for tests/webkit_firefox
// (drivers.py's Firefox). Usage: node firefox.mjs <profile dir> [<firefox binary>]
// Reads one command per line on stdin, {id, op, timeout (ms), ...}, and answers each with one
// line on stdout, {id, ok: true, value} or {id, ok: false, error}. Ops: start (launches the
// browser in the new profile; answers its version), goto {url}, reload, click {css},
// type {css, text}, eval {js} (an expression; a promise is awaited), screenshot {path} (a PNG
// of the viewport), errors (the page errors reported since the last call), close.
import readline from "node:readline";
import puppeteer from "puppeteer-core";

const [profile, executablePath = "/usr/bin/firefox-esr"] = process.argv.slice(2);
// a phone's screen (the launch viewport is ignored: set once the page is open)
const VIEWPORT = { width: 412, height: 839 };
let browser = null;
let page = null;
const errors = [];

const ops = {
  async start() {
    browser = await puppeteer.launch({
      browser: "firefox", executablePath, headless: true, protocol: "webDriverBiDi", userDataDir: profile,
    });
    page = (await browser.pages())[0] || (await browser.newPage());
    page.on("pageerror", (err) => errors.push(`pageerror: ${err && err.message ? err.message : err}`));
    await page.setViewport(VIEWPORT);
    return browser.version();
  },
  goto: async ({ url, timeout }) => { await page.goto(url, { waitUntil: "load", timeout }); return null; },
  reload: async ({ timeout }) => { await page.reload({ waitUntil: "load", timeout }); return null; },
  click: async ({ css, timeout }) => { await page.locator(css).setTimeout(timeout).click(); return null; },
  type: async ({ css, text, timeout }) => { await page.locator(css).setTimeout(timeout).fill(text); return null; },
  eval: ({ js }) => page.evaluate(js),
  screenshot: async ({ path }) => { await page.screenshot({ path }); return null; },
  errors: () => errors.splice(0),
  close: async () => { if (browser) await browser.close(); browser = null; return null; },
};

const answer = (msg) => process.stdout.write(`${JSON.stringify(msg)}\n`);
let queue = Promise.resolve();   // one command at a time, in order
readline.createInterface({ input: process.stdin }).on("line", (line) => {
  queue = queue.then(async () => {
    let cmd = {};
    try {
      cmd = JSON.parse(line);
      const value = await ops[cmd.op](cmd);
      answer({ id: cmd.id, ok: true, value: value === undefined ? null : value });
    } catch (err) {
      answer({ id: cmd.id, ok: false, error: String((err && err.stack) || err) });
    }
    if (cmd.op === "close") process.exit(0);
  });
}).on("close", async () => {   // stdin closed: the test process is gone
  try { if (browser) await browser.close(); } finally { process.exit(0); }
});
