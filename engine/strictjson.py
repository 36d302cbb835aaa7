"""Strict JSON text in and out: no NaN or Infinity either way, nesting bounded.

Python's ``json`` reads ``NaN``, ``Infinity`` and ``1e400`` (as an infinite float) and
writes them back, which is not JSON; a deeply nested text raises RecursionError. Here
each becomes a :class:`JSONTextError` with a sentence a person can read.

>>> loads('{"a": [1, 2.5, "x"]}')
{'a': [1, 2.5, 'x']}
>>> loads('[NaN]')
Traceback (most recent call last):
...
engine.strictjson.JSONTextError: NaN is not a JSON value
>>> dumps({"a": 1})
'{"a": 1}'
"""

from __future__ import annotations

import json
import math

from .errors import TapeteError

#: Deepest nesting of arrays and objects accepted (match files need about 5).
MAX_DEPTH = 64


class JSONTextError(TapeteError):
    """Text that is not strict JSON, or nested too deeply."""


def _constant(name: str):
    raise JSONTextError(f"{name} is not a JSON value")


def _float(text: str) -> float:
    x = float(text)
    if not math.isfinite(x):
        raise JSONTextError("a number is too large for a float")
    return x


def loads(text):
    """The value of strict JSON ``text`` (str or bytes); JSONTextError otherwise."""
    try:
        value = json.loads(text, parse_constant=_constant, parse_float=_float)
    except RecursionError:
        raise JSONTextError("nested too deeply") from None
    except JSONTextError:
        raise
    except (ValueError, TypeError) as e:  # JSONDecodeError, UnicodeDecodeError, big ints
        raise JSONTextError(_first_line(e)) from None
    check(value)
    return value


def check(value) -> None:
    """JSONTextError unless ``value`` is a strict JSON value nested at most MAX_DEPTH deep
    (no NaN or infinite float, text keys only), checked without recursion.

    >>> check({"a": [1, 2.5]}) is None
    True
    >>> check([float("nan")])
    Traceback (most recent call last):
    ...
    engine.strictjson.JSONTextError: NaN and Infinity are not JSON values
    """
    stack = [(value, 1)]
    while stack:
        v, d = stack.pop()
        if isinstance(v, float):
            if not math.isfinite(v):
                raise JSONTextError("NaN and Infinity are not JSON values")
            continue
        if isinstance(v, dict):
            if not all(isinstance(k, str) for k in v):
                raise JSONTextError("object keys must be text")
            v = v.values()
        elif not isinstance(v, list):
            continue
        if d > MAX_DEPTH:
            raise JSONTextError(f"nested more than {MAX_DEPTH} levels deep")
        stack.extend((x, d + 1) for x in v if isinstance(x, (dict, list, float)))


def dumps(value, **kw) -> str:
    """Strict JSON text of ``value`` (ASCII only, so any string survives any transport)."""
    return json.dumps(value, allow_nan=False, **kw)


def _first_line(e: Exception) -> str:
    return str(e).splitlines()[0][:120] if str(e) else type(e).__name__
