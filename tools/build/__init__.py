"""Building and running the engine outside CPython, and the parts of build.py, each a module of
one concern (build.py keeps the command and the build's constants):

* ``serve``: the dev server of dist/ (``python3 build.py serve``; the tests serve with it);
* ``icons``: the app's PNG icons, drawn with zlib and struct;
* ``trace``: the stdlib trace (``python3 build.py trace``) with ``stdlib.mjs``;
* ``locks``: the pins of node_modules the build checks (the Pyodide core, dist/vendor/);
* ``common``: the build's error, its JSON, Node.js found;
* ``wheels`` (the engine's wheel, the pinned wheels the tests need), ``pyc.mjs`` (build.py's
  compiler of the engine to Pyodide's bytecode), ``pyodide`` with ``pyodide_run.mjs`` (run a
  Python script under Pyodide in Node)."""
