#!/usr/bin/env node
// Compile the engine's Python sources to bytecode with Pyodide's own Python (build.py calls it):
//
//   node tools/build/pyc.mjs PYODIDE_DIR SRC_DIR OUT_DIR
//
// Every SRC_DIR/**/*.py (no __pycache__, no __main__.py at the top) becomes OUT_DIR/**/*.pyc: the "sourceless" layout
// (the .pyc where the .py was), which Python imports without the source. The bytecode is
// Pyodide's Python's (its magic number; CPython on the build machine is another version), with
// an unchecked source hash in the header instead of a time stamp, so the same sources give the
// same bytes. Docstrings are left out (nothing in the app reads them: 15 % of the archive), and
// so are the column ranges of each instruction (CPython's `-X no_debug_ranges`: tracebacks keep
// their file and line numbers but lose the ^^^ markers; the archive is a quarter smaller
// zipped, 253 -> 187 KB); asserts and everything else stay as in CPython. Code objects name the file where the app's worker unpacks the engine
// (/home/pyodide/tapete/engine/...), as tracebacks did before. Prints one JSON line:
// {"python": <version>, "magic": <hex>, "files": <count>}. Exit 1 with the error on a source
// that does not compile, 2 for a usage error.
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const [pyodideDir, srcDir, outDir] = process.argv.slice(2);
if (!pyodideDir || !srcDir || !outDir) {
  process.stderr.write("usage: node tools/build/pyc.mjs PYODIDE_DIR SRC_DIR OUT_DIR\n");
  process.exit(2);
}
const RUNTIME_DIR = "/home/pyodide/tapete/engine";   // where web/worker.js unpacks engine.zip

const sources = [];
(function walk(rel) {
  for (const ent of fs.readdirSync(path.join(srcDir, rel), { withFileTypes: true })) {
    const r = rel ? `${rel}/${ent.name}` : ent.name;
    if (ent.isDirectory()) {
      if (ent.name !== "__pycache__" && !ent.name.startsWith(".")) walk(r);
    } else if (ent.isFile() && ent.name.endsWith(".py")) {
      if (r !== "__main__.py") sources.push(r);   // the command line: not in the app
    }
  }
})("");
sources.sort();

const { loadPyodide } = await import(pathToFileURL(path.join(pyodideDir, "pyodide.mjs")).href);
// PYTHONNODEBUGRANGES: compile() leaves out the column ranges (CPython's -X no_debug_ranges)
const py = await loadPyodide({ indexURL: pyodideDir + path.sep, env: { PYTHONNODEBUGRANGES: "1" } });
for (const rel of sources) {
  py.FS.mkdirTree(path.posix.dirname(`${RUNTIME_DIR}/${rel}`));
  py.FS.writeFile(`${RUNTIME_DIR}/${rel}`, new Uint8Array(fs.readFileSync(path.join(srcDir, rel))));
}
py.globals.set("_sources", py.toPy(sources));
let info;
try {
  info = py.runPython(`
import ast, importlib.util, json, os, sys
from importlib._bootstrap_external import _code_to_hash_pyc

def _no_docstrings(tree):
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant) \
                    and isinstance(body[0].value.value, str):
                node.body = body[1:] or [ast.Pass(lineno=body[0].lineno, col_offset=0)]
    return tree

for _rel in _sources:
    _src = ${JSON.stringify(RUNTIME_DIR)} + "/" + _rel
    with open(_src, "rb") as f:
        _data = f.read()
    _code = compile(_no_docstrings(ast.parse(_data, _src)), _src, "exec", dont_inherit=True)
    os.makedirs(os.path.dirname("/pyc/" + _rel), exist_ok=True)
    with open("/pyc/" + _rel[:-3] + ".pyc", "wb") as f:
        f.write(_code_to_hash_pyc(_code, importlib.util.source_hash(_data), checked=False))
if any(p[2] is not None for p in compile("x = 1", "-", "exec").co_positions()):
    raise SystemExit("PYTHONNODEBUGRANGES was not honoured: the bytecode would carry column ranges")
json.dumps({"python": sys.version.split()[0], "magic": importlib.util.MAGIC_NUMBER.hex(),
            "files": len(_sources)})
`);
} catch (err) {
  process.stderr.write(String(err && err.message || err) + "\n");
  process.exit(1);
}
for (const rel of sources) {
  const out = path.join(outDir, rel.slice(0, -3) + ".pyc");
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(out, py.FS.readFile("/pyc/" + rel.slice(0, -3) + ".pyc"));
}
process.stdout.write(info + "\n");
