#!/usr/bin/env node
// The app's Python standard library, trimmed to what the app imports (build.py calls it):
//
//   node tools/build/stdlib.mjs trace PYODIDE_DIR ENGINE_ZIP [STDLIB_ZIP]
//   node tools/build/stdlib.mjs strip PYODIDE_DIR PATHS_JSON OUT_DIR
//
// trace: which modules of the standard library archive the app's Python imports. Does what
// web/worker.js does, in its order, with the same Python: boots Pyodide (STDLIB_ZIP as its
// standard library when given, else PYODIDE_DIR's python_stdlib.zip), unpacks ENGINE_ZIP (the
// app's engine.zip), imports every engine module, makes a memory snapshot, reads the shuffle
// version, draws from `random`, lets a Python error reach JS; then every api op of both games and
// of the review through `engine.api.handle_json`, the worker's entry point (games, new, view,
// act, explain, bot at every level, hint, takeback, summary, validate, analyse, replay,
// duplicate, and bad input of each kind); then restores the snapshot in a second Pyodide, reseeds
// `random` as the worker does after a restore, and runs every op again. Prints one JSON line:
//   {"pyodide", "python", "modules": {name: path in the archive}, "builtin": [names imported from
//    elsewhere: built into the wasm or frozen], "failed": [imports attempted that raised],
//    "unreached": ["module:line name" for each module of PYODIDE_DIR's archive that a module
//    of `modules` names in an import statement (inside a function, for another platform, for
//    its command line) and no run imported], "calls": [[label, request, SHA-256 of the
//    answer]...], "ms": {...}}
// `modules` is every module imported from the archive in either run (sys.modules after Pyodide's
// boot, after the engine's import, after the ops; then after the restore and the ops again);
// `failed` every import attempt that raised, from the engine's import on (an audit hook).
//
// strip: PATHS_JSON is a JSON list of paths in PYODIDE_DIR's python_stdlib.zip; each becomes
// OUT_DIR/<path>: its source without docstrings and comments (the syntax tree without its
// docstrings, written back by Python's own ast.unparse, one space of indentation a level). Each
// result is checked to parse to the same tree as the original without its docstrings. Prints
// {"python", "files", "bytes": [before, after]}.
//
// Exit 1 with the error when anything fails (a boot, an import, an op that raises, a path not in
// the archive, a source that does not survive stripping), 2 for a usage error.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const [command, pyodideDir, ...rest] = process.argv.slice(2);
const usage = () => {
  process.stderr.write("usage: node tools/build/stdlib.mjs trace PYODIDE_DIR ENGINE_ZIP [STDLIB_ZIP]\n"
    + "       node tools/build/stdlib.mjs strip PYODIDE_DIR PATHS_JSON OUT_DIR\n");
  process.exit(2);
};
const [least, most] = { trace: [1, 2], strip: [2, 2] }[command] || [];
if (!pyodideDir || !(rest.length >= least && rest.length <= most)) usage();

// where Pyodide installs its standard library (on sys.path, imported by zipimport), in Python
const STDLIB_PY = 'f"/lib/python{sys.version_info[0]}{sys.version_info[1]}.zip/"';
const { loadPyodide, version } = await import(pathToFileURL(path.join(pyodideDir, "pyodide.mjs")).href);
const quiet = { stdout: () => {}, stderr: (s) => process.stderr.write(s + "\n") };

// ---------------------------------------------------------------------------------- strip
const STRIP = `
import ast, json, os, sys, zipfile

def _no_docstrings(tree):
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant) \\
                    and isinstance(body[0].value.value, str):
                node.body = body[1:] or [ast.Pass(lineno=body[0].lineno, col_offset=0)]
    return tree

def _one_space(text):
    # ast.unparse writes no string across lines: every leading space is indentation
    out = []
    for line in text.split("\\n"):
        code = line.lstrip(" ")
        depth, odd = divmod(len(line) - len(code), 4)
        if odd:
            raise ValueError(f"unexpected indentation: {line!r}")
        out.append(" " * depth + code)
    return "\\n".join(out) + "\\n" if text else ""

_before = _after = 0
with zipfile.ZipFile(${STDLIB_PY}[:-1]) as _z:
    for _rel in _paths:
        try:
            _data = _z.read(_rel)
            _tree = _no_docstrings(ast.parse(_data, ${STDLIB_PY} + _rel))
            _text = _one_space(ast.unparse(_tree))
            if ast.dump(ast.parse(_text), include_attributes=False) != ast.dump(_tree, include_attributes=False):
                raise ValueError("the stripped source is not the same program")
        except Exception as e:
            raise SystemExit(f"{_rel}: {type(e).__name__}: {e}")
        _out = "/stripped/" + _rel
        os.makedirs(os.path.dirname(_out), exist_ok=True)
        with open(_out, "w", encoding="utf-8") as f:
            f.write(_text)
        _before += len(_data)
        _after += len(_text.encode())
json.dumps({"python": sys.version.split()[0], "files": len(_paths), "bytes": [_before, _after]})
`;

async function strip(pathsJson, outDir) {
  const paths = JSON.parse(fs.readFileSync(pathsJson, "utf8"));
  const py = await loadPyodide({ indexURL: pyodideDir + path.sep, ...quiet });
  py.globals.set("_paths", py.toPy(paths));
  const info = py.runPython(STRIP);
  for (const rel of paths) {
    const out = path.join(outDir, rel);
    fs.mkdirSync(path.dirname(out), { recursive: true });
    fs.writeFileSync(out, py.FS.readFile("/stripped/" + rel));
  }
  return info;
}

// ---------------------------------------------------------------------------------- trace
// web/worker.js's engine loading step (IMPORT_ENGINE), read from the worker itself so that the
// trace runs exactly the Python text the app runs; and what it runs after a restore
function workerPython(name) {
  const src = fs.readFileSync(new URL("../../web/worker.js", import.meta.url), "utf8");
  const m = src.match(new RegExp(`^const ${name} = \`([^\`]*)\`;$`, "m"));
  if (!m) throw new Error(`web/worker.js has no ${name} (a template literal of Python): the trace needs it`);
  return m[1];
}
const IMPORT_ENGINE = workerPython("IMPORT_ENGINE");
const AFTER_RESTORE = `
import sys, random
random.seed(0x${"0123456789abcdef".repeat(4)})
import engine.api
_names = sorted(n for n in sys.modules if n == "engine" or n.startswith("engine."))
(",".join(_names), sys.version.split()[0])
`;
// every import attempt from here on (an audit hook cannot be removed: only in this tool)
const WATCH = `
import sys
_tapete_trace_attempts = []
def _tapete_trace_hook(event, args):
    if event == "import":
        _tapete_trace_attempts.append(args[0])
sys.addaudithook(_tapete_trace_hook)
`;
const COLLECT = `
import sys, json
_zip, _elsewhere, _stdlib = {}, [], ${STDLIB_PY}
for _name, _mod in list(sys.modules.items()):
    _origin = getattr(getattr(_mod, "__spec__", None), "origin", None)
    if isinstance(_origin, str) and _origin.startswith(_stdlib):
        _zip[_name] = _origin[len(_stdlib):]
    elif _origin in ("built-in", "frozen"):
        _elsewhere.append(_name)
_tried = globals().get("_tapete_trace_attempts", [])
json.dumps({"modules": _zip, "builtin": _elsewhere,
            "failed": sorted({n for n in _tried if n not in sys.modules})})
`;

// what the kept modules import that no run imported (inside functions, for other platforms,
// for a command line): names of Pyodide's archive, read from the sources of the kept modules
const UNREACHED = `
import ast, json, sys, zipfile
with zipfile.ZipFile("/tmp/full_stdlib.zip") as _z:
    _files = set(_z.namelist())
    _sources = {m: _z.read(p) for m, p in _kept.items()}
def _in_archive(name):
    path = name.replace(".", "/")
    return path + ".py" in _files or path + "/__init__.py" in _files
_seen = set(_kept) | set(sys.modules) | set(sys.builtin_module_names)
_out = set()
for _mod, _src in _sources.items():
    _pkg = _mod if _kept[_mod].endswith("/__init__.py") else _mod.rpartition(".")[0]
    for _node in ast.walk(ast.parse(_src)):
        if isinstance(_node, ast.Import):
            _names = [a.name for a in _node.names]
        elif isinstance(_node, ast.ImportFrom):
            _base = _node.module or ""
            if _node.level:
                _parts = _pkg.split(".")[:len(_pkg.split(".")) - _node.level + 1]
                _base = ".".join(_parts + ([_node.module] if _node.module else []))
            _names = [_base] + [_base + "." + a.name for a in _node.names]
        else:
            continue
        for _name in _names:
            _segs = _name.split(".")
            for _i in range(1, len(_segs) + 1):
                _m = ".".join(_segs[:_i])
                if _m not in _seen and _in_archive(_m):
                    _out.add(f"{_mod}:{_node.lineno} {_m}")
json.dumps(sorted(_out))
`;

const modules = {};
const builtin = new Set();
const failed = new Set();
function collect(py) {
  const got = JSON.parse(py.runPython(COLLECT));
  Object.assign(modules, got.modules);
  for (const n of got.builtin) builtin.add(n);
  for (const n of got.failed) failed.add(n);
}

const calls = [];
// every op of both games and of the review, as the page sends them to the worker
function exercise(py, tag) {
  const handleJson = py.pyimport("engine.api").handle_json;
  const call = (label, req, wantOk = true) => {
    const text = typeof req === "string" ? req : JSON.stringify(req);
    const out = handleJson(text);
    calls.push([`${tag} ${label}`, text, crypto.createHash("sha256").update(out).digest("hex")]);
    const ans = JSON.parse(out);
    if (ans.ok !== wantOk) throw new Error(`${tag} ${label}: ${wantOk ? "refused" : "accepted"}: ${out.slice(0, 300)}`);
    return ans;
  };
  const games = call("games", { op: "games" });
  for (const [game, rules] of [["cuatrola", {}], ["cuarenta", { players: 2 }], ["cuarenta", { players: 4 }]]) {
    const g = `${game}${rules.players || ""}`;
    const levels = games.games[game].levels.map((l) => (typeof l === "string" ? l : l.name));
    let { match, view } = call(`${g} new`, { op: "new", game, rules, seed: "stdlib trace", seat: 0,
      meta: { assist: { hint: true, takeback: true } } });
    call(`${g} view`, { op: "view", match, seat: 1 });
    call(`${g} new preset`, { op: "new", game, preset: Object.keys(games.games[game].options.presets)[0] });
    let turn = view.turn;
    const first = call(`${g} view ${turn}`, { op: "view", match, seat: turn }).view.legal[0];
    const other = (turn + 1) % view.hand_sizes.length;
    call(`${g} explain legal`, { op: "explain", match, seat: turn, action: first });
    call(`${g} explain illegal`, { op: "explain", match, seat: turn, action: "zz" });
    call(`${g} act other seat`, { op: "act", match, seat: other, action: first }, false);
    call(`${g} act bad`, { op: "act", match, seat: turn, action: "zz" }, false);
    ({ match, turn } = call(`${g} act`, { op: "act", match, seat: turn, action: first, viewers: [0, turn] }));
    call(`${g} hint`, { op: "hint", match, seat: turn });
    call(`${g} hint other seat`, { op: "hint", match, seat: (turn + 1) % view.hand_sizes.length }, false);
    // the first hand to its end, each move by the next level in turn (each level several times)
    for (let n = 0; turn >= 0; n++) {
      const level = levels[n % levels.length];
      const step = call(`${g} bot ${n} ${level}`, { op: "bot", match, seat: turn, level, viewers: [0] });
      ({ match, turn } = step);
      if (step.view.hand_no !== view.hand_no) break;
    }
    // the expert paced to a phone (issue 42): its calibration, and a capped move
    call(`${g} calibrate`, { op: "calibrate", game, budget: 2000 });
    call(`${g} calibrate bad`, { op: "calibrate", game, budget: 0 }, false);
    if (turn >= 0) call(`${g} bot capped`, { op: "bot", match, seat: turn, level: "expert", budget: 2000, viewers: [0] });
    call(`${g} takeback`, { op: "takeback", match, seat: 0 });
    call(`${g} takeback none`, { op: "takeback", match: { ...match, actions: [] }, seat: 0 }, false);
    call(`${g} summary`, { op: "summary", match });
    call(`${g} validate`, { op: "validate", match });
    call(`${g} validate text`, { op: "validate", match: JSON.stringify(match) });
    call(`${g} validate cut`, { op: "validate", match: JSON.stringify(match).slice(0, -20) }, false);
    call(`${g} replay 0`, { op: "replay", match, seat: 0, upto: 0 });
    call(`${g} replay`, { op: "replay", match, seat: 0, upto: match.actions.length });
    call(`${g} replay none`, { op: "replay", match, seat: 0, upto: match.actions.length + 1 }, false);
    const listing = call(`${g} analyse hand`, { op: "analyse", match, seat: 0, hand: 1 });
    const kinds = new Set();
    for (const d of listing.decisions) {   // one decision of each kind, forced or not
      const kind = `${d.kind}${d.forced ? " forced" : ""}`;
      if (kinds.has(kind)) continue;
      kinds.add(kind);
      call(`${g} analyse ${kind}`, { op: "analyse", match, seat: 0, action: d.action });
    }
    call(`${g} analyse open hand`, { op: "analyse", match, seat: 0, hand: 2 }, false);
    // duplicate: at its default level (the expert) in one game, the cheapest level in the others
    call(`${g} duplicate`, { op: "duplicate", match, seat: 0, ...(g === "cuatrola" ? {} : { level: levels[0] }) });
  }
  // bad input: each kind the facade refuses
  call("bad json", "{", false);
  call("not an object", "[1, 2]", false);
  call("unknown op", { op: "nope" }, false);
  call("bad match", { op: "view", match: { format: "x" }, seat: 0 }, false);
  call("bad rules", { op: "new", game: "cuatrola", rules: { hands: -1 } }, false);
  call("bad game", { op: "new", game: "mus" }, false);
  call("bad card", { op: "new", game: "cuatrola", deals: [["99Z"]] }, false);
  call("nested", "[".repeat(100) + "]".repeat(100), false);
  call("nan", '{"op": "games", "x": NaN}', false);
  const out = handleJson(42);   // not text
  calls.push([`${tag} not text`, null, crypto.createHash("sha256").update(out).digest("hex")]);
  handleJson.destroy();
}

function run(py, code) {
  const res = py.runPython(code);
  const [, python] = res.toJs();
  res.destroy();
  return python;
}

async function trace(engineZip, stdlibZip) {
  const t0 = Date.now();
  const ms = {};
  const options = { indexURL: pyodideDir + path.sep, ...quiet };
  if (stdlibZip) options.stdLibURL = path.resolve(stdlibZip);
  // 1. a normal boot, as on the worker's first visit (a snapshot made)
  let py = await loadPyodide({ ...options, _makeSnapshot: true });
  ms.boot = Date.now() - t0;
  collect(py);
  py.runPython(WATCH);
  py.unpackArchive(new Uint8Array(fs.readFileSync(engineZip)), "zip", { extractDir: "/home/pyodide/tapete" });
  const python = run(py, IMPORT_ENGINE);
  ms.engine = Date.now() - t0;
  collect(py);
  const snapshot = py.makeMemorySnapshot();
  py.runPython("import engine.deal; engine.deal.SHUFFLE_VERSION");
  py.runPython("import random; str(random.getrandbits(64))");
  try {
    py.runPython("raise ValueError('a Python error reaching JS')");
  } catch { /* the worker words it (readable()) */ }
  exercise(py, "boot");
  collect(py);
  ms.ops = Date.now() - t0;
  // 2. a start from that snapshot
  py = await loadPyodide({ ...options, _loadSnapshot: snapshot });
  run(py, AFTER_RESTORE);
  collect(py);
  exercise(py, "restored");
  collect(py);
  ms.restored = Date.now() - t0;
  const sorted = Object.fromEntries(Object.entries(modules).sort(([a], [b]) => (a < b ? -1 : 1)));
  py.FS.writeFile("/tmp/full_stdlib.zip", fs.readFileSync(path.join(pyodideDir, "python_stdlib.zip")));
  py.globals.set("_kept", py.toPy(sorted));
  const unreached = JSON.parse(py.runPython(UNREACHED));
  return JSON.stringify({ pyodide: version, python, modules: sorted, builtin: [...builtin].sort(),
    failed: [...failed].sort(), unreached, calls, ms });
}

try {
  const out = command === "trace" ? await trace(...rest) : await strip(...rest);
  process.stdout.write(out + "\n");
} catch (err) {
  process.stderr.write(String((err && err.message) || err) + "\n");
  process.exit(1);
}
