"""Developer tools, by purpose; none of them ships in the app or the wheel.

Run from the repository root as modules (``python3 -m tools.bench.engine``...):

* ``tools.bench``: speed figures (engine, computer players, review, web app, play together);
* ``tools.strength``: how well the computer players play (arena, probes, regrets);
* ``tools.train``: fitting the Cuatrola expert's lead correction and bid constants;
* ``tools.build``: the engine's wheel, its bytecode for the app, running Python under Pyodide;
* ``stats``: the confidence intervals the measuring tools print.

``tools/test.sh`` is the test command (README.md).
"""

from pathlib import Path

#: The repository root (the folder holding ``tools/``, ``engine/`` and ``build.py``).
ROOT = Path(__file__).resolve().parent.parent
