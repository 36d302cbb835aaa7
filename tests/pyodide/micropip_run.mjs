#!/usr/bin/env node
// Install a wheel with micropip in Pyodide (Node), as a notebook user does, then run a script.
//
//   node tests/pyodide/micropip_run.mjs PACKAGES_DIR WHEEL SCRIPT.py [args...]
//
// - Boots the pinned Pyodide core from ./node_modules/pyodide. Unlike tools/build/pyodide_run.mjs it
//   copies nothing of the repository into Pyodide: `engine` can only come from WHEEL.
// - PACKAGES_DIR holds pyodide-lock.json and the wheels it names (micropip: the npm package
//   ships the core only). Pyodide reads its lock from there and, in Node, its package files
//   too (packageCacheDir), so nothing is fetched from a CDN.
// - Runs, as a notebook cell would:  import micropip; await micropip.install("file://WHEEL")
//   (in Node, micropip cannot read "emfs:" paths of the host; file:// URLs work).
// - Then runs SCRIPT.py as __main__ with sys.argv = [SCRIPT.py, ...args], in /home/pyodide,
//   with the script's own directory NOT on sys.path.
// - Python's stdout/stderr go to this process's stdout/stderr. Exit status: 0, the script's
//   sys.exit code, 1 on an uncaught exception (traceback on stderr), 2 on a usage error.

import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
const PYODIDE_DIR = path.join(ROOT, "node_modules", "pyodide");
const HOME = "/home/pyodide";

function die(msg) {
  process.stderr.write(`micropip_run: ${msg}\n`);
  process.exit(2);
}

const [packagesArg, wheelArg, scriptArg, ...scriptArgs] = process.argv.slice(2);
if (!scriptArg) die("usage: node tests/pyodide/micropip_run.mjs PACKAGES_DIR WHEEL SCRIPT.py [args...]");
const packagesDir = path.resolve(packagesArg);
const lockFile = path.join(packagesDir, "pyodide-lock.json");
if (!fs.existsSync(lockFile)) die(`no lock file: ${lockFile}`);
if (!fs.existsSync(wheelArg)) die(`no such wheel: ${wheelArg}`);
if (!fs.existsSync(scriptArg)) die(`no such script: ${scriptArg}`);
if (!fs.existsSync(path.join(PYODIDE_DIR, "pyodide.mjs"))) {
  die(`${PYODIDE_DIR} is missing: run \`npm ci\` first (in ${ROOT})`);
}

function writeAll(fd, buf) {
  for (let off = 0; off < buf.length;) {
    try {
      off += fs.writeSync(fd, buf, off, buf.length - off);
    } catch (e) {
      if (e.code !== "EAGAIN") throw e;
    }
  }
}
const writer = (fd) => ({ write: (buf) => { writeAll(fd, buf); return buf.length; } });

const { loadPyodide } = await import(pathToFileURL(path.join(PYODIDE_DIR, "pyodide.mjs")).href);
const py = await loadPyodide({
  indexURL: PYODIDE_DIR + path.sep,
  lockFileURL: lockFile,
  packageCacheDir: packagesDir + path.sep,
  stdout: (line) => writeAll(2, Buffer.from(line + "\n")),  // start-up chatter, not the result
  stderr: (line) => writeAll(2, Buffer.from(line + "\n")),
});
await py.loadPackage("micropip", { messageCallback: () => {}, errorCallback: (m) => die(m) });
py.setStdout(writer(1));
py.setStderr(writer(2));

py.globals.set("_tapete_wheel_url", pathToFileURL(path.resolve(wheelArg)).href);
py.globals.set("_tapete_argv", py.toPy([`${HOME}/__script__/${path.basename(scriptArg)}`, ...scriptArgs]));
py.FS.mkdirTree(`${HOME}/__script__`);
py.FS.writeFile(`${HOME}/__script__/${path.basename(scriptArg)}`, fs.readFileSync(scriptArg));

const rc = await py.runPythonAsync(`
import micropip
await micropip.install(_tapete_wheel_url)

def _tapete_main(argv):
    import os, runpy, sys, traceback
    sys.argv = list(argv)
    os.chdir(${JSON.stringify(HOME)})
    rc = 0
    try:
        runpy.run_path(sys.argv[0], run_name="__main__")
    except SystemExit as e:
        rc = 0 if e.code is None else e.code if isinstance(e.code, int) else 1
        if not isinstance(e.code, (int, type(None))):
            print(e.code, file=sys.stderr)
    except BaseException as e:
        traceback.print_exception(e)
        rc = 1
    sys.stdout.flush()
    sys.stderr.flush()
    return rc

_tapete_main(_tapete_argv)
`);
process.exitCode = rc;
