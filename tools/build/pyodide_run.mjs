#!/usr/bin/env node
// Run a Python script under Pyodide in Node, with the repo's `engine/` package importable.
//
//   node tools/build/pyodide_run.mjs SCRIPT.py [args...]
//
// - Boots Pyodide from the pinned npm package in ./node_modules/pyodide (see package.json;
//   run `npm ci` first). Exits 2 with a message if it is missing.
// - Copies every .py and .json file of ./engine (recursively, skipping __pycache__) into the in-memory
//   file system at /home/pyodide/engine, and puts /home/pyodide first on sys.path.
// - Copies SCRIPT.py to /home/pyodide/__script__/, sets sys.argv = [SCRIPT.py, ...args] and runs
//   it as __main__ (like `python SCRIPT.py`, except that the script's own directory is NOT on
//   sys.path: only `engine` and the standard library are available).
// - Python's stdout/stderr go byte-for-byte to this process's stdout/stderr.
// - Exit status: 0, the script's sys.exit code, or 1 after printing the Python traceback to
//   stderr on an uncaught exception. 2 for a usage or set-up error of this tool.

import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
const PYODIDE_DIR = path.join(ROOT, "node_modules", "pyodide");
const ENGINE_DIR = path.join(ROOT, "engine");
const HOME = "/home/pyodide";

function die(msg) {
  process.stderr.write(`pyodide_run: ${msg}\n`);
  process.exit(2);
}

const [scriptArg, ...scriptArgs] = process.argv.slice(2);
if (!scriptArg || scriptArg === "-h" || scriptArg === "--help") {
  die("usage: node tools/build/pyodide_run.mjs SCRIPT.py [args...]");
}
if (!fs.existsSync(scriptArg)) die(`no such script: ${scriptArg}`);
if (!fs.existsSync(path.join(PYODIDE_DIR, "pyodide.mjs"))) {
  die(`${PYODIDE_DIR} is missing: run \`npm ci\` first (in ${ROOT})`);
}
if (!fs.existsSync(path.join(ENGINE_DIR, "__init__.py"))) die(`no engine package at ${ENGINE_DIR}`);

const { loadPyodide } = await import(pathToFileURL(path.join(PYODIDE_DIR, "pyodide.mjs")).href);
const py = await loadPyodide({ indexURL: PYODIDE_DIR + path.sep });

// Raw byte streams: no line buffering or re-encoding, so output matches CPython's exactly.
// writeSync may write part of the buffer, or fail with EAGAIN on a non-blocking pipe: retry.
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
py.setStdout(writer(1));
py.setStderr(writer(2));

// Copy engine/**/*.py and *.json (the files build.py puts into engine.zip: code and the
// computer players' model files) into the Pyodide file system.
function copyTree(hostDir, emDir) {
  py.FS.mkdirTree(emDir);
  for (const ent of fs.readdirSync(hostDir, { withFileTypes: true })) {
    const host = path.join(hostDir, ent.name);
    if (ent.isDirectory()) {
      if (ent.name !== "__pycache__" && !ent.name.startsWith(".")) copyTree(host, `${emDir}/${ent.name}`);
    } else if (ent.isFile() && (ent.name.endsWith(".py") || ent.name.endsWith(".json"))) {
      py.FS.writeFile(`${emDir}/${ent.name}`, fs.readFileSync(host));
    }
  }
}
copyTree(ENGINE_DIR, `${HOME}/engine`);

const scriptPath = `${HOME}/__script__/${path.basename(scriptArg)}`;
py.FS.mkdirTree(`${HOME}/__script__`);
py.FS.writeFile(scriptPath, fs.readFileSync(scriptArg));

py.globals.set("_tapete_argv", py.toPy([scriptPath, ...scriptArgs]));
const rc = py.runPython(`
def _tapete_main(argv):
    import os, runpy, sys, traceback
    sys.argv = list(argv)
    sys.path.insert(0, ${JSON.stringify(HOME)})
    os.chdir(${JSON.stringify(HOME)})
    rc = 0
    try:
        runpy.run_path(sys.argv[0], run_name="__main__")
    except SystemExit as e:
        if e.code is None:
            rc = 0
        elif isinstance(e.code, int):
            rc = e.code
        else:
            print(e.code, file=sys.stderr)
            rc = 1
    except BaseException as e:
        tb = e.__traceback__  # drop this runner's own frames when the script's are there
        while tb is not None and tb.tb_frame.f_code.co_filename != argv[0]:
            tb = tb.tb_next
        traceback.print_exception(type(e), e, tb or e.__traceback__)
        rc = 1
    sys.stdout.flush()
    sys.stderr.flush()
    return rc

_tapete_main(_tapete_argv)
`);
process.exitCode = rc;
