"""docs/deploy.md's header lines for a host that sets headers (Netlify and Cloudflare `_headers`,
nginx, Caddy: issue 38) are the ones `python3 build.py serve` sends: the CSP (build.CSP), the
other headers of build.DistHandler, and the MIME types of `.wasm`, `.mjs` and `.webmanifest`
(build.MIME). A change to any of them in build.py fails here until the guide says it too."""

from __future__ import annotations

import re
from pathlib import Path

import build

DOC = Path(build.ROOT) / "docs" / "deploy.md"
#: The hosts the guide gives lines for, each with the header lines of its block.
HOSTS = ("_headers", "nginx", "Caddy")
OTHER_HEADERS = {"X-Content-Type-Options": "nosniff", "Referrer-Policy": "no-referrer", "Cache-Control": "no-cache"}
TYPED = (".wasm", ".mjs", ".webmanifest")


def blocks() -> list[str]:
    """The guide's fenced code blocks, in order."""
    return re.findall(r"^```[a-z]*\n(.*?)^```$", DOC.read_text(), re.S | re.M)


def header_blocks() -> dict[str, str]:
    found = [b for b in blocks() if "Content-Security-Policy" in b]
    assert len(found) == len(HOSTS), f"{len(found)} blocks with a CSP in docs/deploy.md, {len(HOSTS)} hosts"
    return dict(zip(HOSTS, found))


def header(block: str, name: str) -> str:
    """The value a block gives header ``name`` (`Name: value`, `add_header Name value`, or
    Caddy's `header Name value`; quotes taken off)."""
    m = re.search(rf"^\s*(?:add_header\s+|header\s+)?{re.escape(name)}:?\s+(.+?)(?:\s+always)?;?\s*$", block, re.M)
    assert m, f"no {name} in\n{block}"
    return m.group(1).strip().strip('"')


def test_every_host_block_sends_the_csp_and_headers_build_py_sends():
    for host, block in header_blocks().items():
        assert header(block, "Content-Security-Policy") == build.CSP, host
        for name, value in OTHER_HEADERS.items():
            assert header(block, name) == value, (host, name)
    source = (Path(build.__file__).parent / "tools" / "build" / "serve.py").read_text()
    for name, value in OTHER_HEADERS.items():
        assert f'"{name}", ' in source, name   # (serve.py's DistHandler.end_headers sends it)
    assert '"no-cache"' in source and '"nosniff"' in source and '"no-referrer"' in source


def test_the_mime_types_given_are_build_pys():
    hosts = header_blocks()
    for ext in TYPED:
        want = build.MIME[ext]
        rule = re.search(rf"^/\*{re.escape(ext)}\n\s+Content-Type: (.+)$", hosts["_headers"], re.M)
        assert rule and rule.group(1) == want, (ext, want)
        # nginx's `types` names the type without its charset
        assert re.search(rf"^\s+{re.escape(want.split(';')[0])}\s[^;]*\b{ext[1:]}\b[^;]*;$", hosts["nginx"], re.M), (ext, want)
