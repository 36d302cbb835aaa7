"""Rule options: a typed spec per game, presets, validation, JSON round trip.

>>> spec = OptionSpec((Option("quintola", False, "Quintola variant", "seed 000"),))
>>> spec.resolve({"quintola": True})
Rules((('quintola', True),))
>>> spec.resolve({"quintol": True})
Traceback (most recent call last):
...
engine.errors.RulesError: unknown rule option 'quintol' (known: quintola)
"""

from __future__ import annotations

from dataclasses import dataclass

from .errors import RulesError


@dataclass(frozen=True)
class Option:
    """One rule option: name, default, a line of help, its source; choices or int range."""

    name: str
    default: object
    help: str
    source: str
    choices: tuple = ()
    min: int | None = None
    max: int | None = None

    def check(self, value):
        kind = type(self.default)
        if kind is bool:
            if not isinstance(value, bool):
                raise RulesError(f"option {self.name!r} must be true or false, not {value!r}")
        elif kind is int:
            if isinstance(value, bool) or not isinstance(value, int):
                raise RulesError(f"option {self.name!r} must be a whole number, not {value!r}")
            if self.choices and value not in self.choices:
                raise RulesError(f"option {self.name!r} must be one of "
                                 f"{', '.join(map(str, self.choices))}, not {value!r}")
            if (self.min is not None and value < self.min) or (
                    self.max is not None and value > self.max):
                raise RulesError(
                    f"option {self.name!r} must be between {self.min} and {self.max}, not {value}")
        elif kind is str:
            if value not in self.choices:
                raise RulesError(f"option {self.name!r} must be one of "
                                 f"{', '.join(self.choices)}, not {value!r}")
        return value

    def to_json(self) -> dict:
        d = {"name": self.name, "default": self.default, "help": self.help,
             "source": self.source, "type": type(self.default).__name__}
        if self.choices:
            d["choices"] = list(self.choices)
        if self.min is not None:
            d["min"], d["max"] = self.min, self.max
        return d


class Rules:
    """Resolved options: immutable and hashable; read values as attributes
    (``rules.quintola``); iterating gives (name, value) pairs in spec order."""

    __slots__ = ("_items", "__dict__")

    def __init__(self, items: tuple):
        object.__setattr__(self, "_items", tuple(items))
        self.__dict__.update(self._items)

    def __setattr__(self, name, value):
        raise AttributeError("Rules are immutable")

    def __iter__(self):
        return iter(self._items)

    def __reduce__(self):  # copy, deepcopy and pickle (e.g. to worker processes)
        return (Rules, (self._items,))

    def __eq__(self, other):
        return isinstance(other, Rules) and self._items == other._items

    def __hash__(self):
        return hash(self._items)

    def to_json(self) -> dict:
        return dict(self._items)

    def __repr__(self) -> str:
        return f"Rules({self._items!r})"


class OptionSpec:
    """The options of one game and its named presets."""

    def __init__(self, options: tuple[Option, ...], presets: dict[str, dict] | None = None,
                 default_preset: str | None = None):
        self.options = options
        self.by_name = {o.name: o for o in options}
        self.presets = presets or {}
        self.default_preset = default_preset
        for pname, values in self.presets.items():
            self.resolve(values)  # presets must be valid

    def resolve(self, values: dict | None = None, preset: str | None = None) -> Rules:
        """Defaults, then the preset's values, then ``values``; every name checked."""
        if values is not None and not isinstance(values, dict):
            raise RulesError("rules must be an object of option names and values")
        merged = {o.name: o.default for o in self.options}
        if preset is not None:
            if preset not in self.presets:
                raise RulesError(f"unknown preset {preset!r} (known: {', '.join(self.presets)})")
            merged.update(self.presets[preset])
        for name, value in (values or {}).items():
            opt = self.by_name.get(name)
            if opt is None:
                raise RulesError(f"unknown rule option {name!r} "
                                 f"(known: {', '.join(self.by_name)})")
            merged[name] = opt.check(value)
        return Rules(tuple((o.name, merged[o.name]) for o in self.options))

    def to_json(self) -> dict:
        return {"options": [o.to_json() for o in self.options],
                "presets": {k: self.resolve(preset=k).to_json() for k in self.presets},
                "default_preset": self.default_preset}
