"""What build.py and its parts in tools/build/ share: the build's error, JSON written the one
way the build writes it, Node.js found or asked for."""

from __future__ import annotations

import json
import shutil


class BuildError(SystemExit):
    """A missing prerequisite or a broken input: a clear message, exit status 2."""

    def __init__(self, message: str):
        super().__init__(f"build.py: {message}")
        self.message = message


def canonical_json(obj, indent=None) -> bytes:
    text = json.dumps(obj, sort_keys=True, ensure_ascii=False, indent=indent,
                      separators=(",", ": ") if indent else (",", ":"))
    return (text + "\n").encode()


def node_for(why: str) -> str:
    """The path of Node.js, or a BuildError saying what it is needed for."""
    node = shutil.which("node") or shutil.which("nodejs")
    if not node:
        raise BuildError(f"Node.js is needed {why} (Debian: `apt-get install -y nodejs`).")
    return node
