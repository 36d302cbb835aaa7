"""Building and running the engine outside CPython: ``wheels`` (the engine's wheel, the pinned
wheels the tests need), ``pyc.mjs`` (build.py's compiler of the engine to Pyodide's
bytecode), ``pyodide`` with ``pyodide_run.mjs`` (run a Python script under Pyodide in Node)."""
