"""Typed game options: each variant a rulebook names is an option with a default."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .errors import OptionError

OptionValue = bool | int | float | str

_TRUE = {"true", "yes", "on", "1"}
_FALSE = {"false", "no", "off", "0"}


@dataclass(frozen=True, slots=True)
class Option:
    """One option. Its type is the type of `default`; `choices` limits a str option,
    `minimum`/`maximum` bound a number."""

    name: str
    default: OptionValue
    help: str
    choices: tuple[str, ...] = ()
    minimum: float | None = None
    maximum: float | None = None

    @property
    def kind(self) -> type:
        return type(self.default)

    def coerce(self, value: Any) -> OptionValue:
        """`value` (a Python value, or text from a command line or a form) as this option's type.
        Raises OptionError with a sentence that names the option."""
        kind = self.kind
        try:
            if kind is bool:
                if isinstance(value, bool):
                    out: OptionValue = value
                elif isinstance(value, str) and value.strip().lower() in _TRUE | _FALSE:
                    out = value.strip().lower() in _TRUE
                else:
                    raise ValueError
            elif kind is int:
                if isinstance(value, (bool, float)):
                    raise ValueError
                out = int(value)
            elif kind is float:
                if isinstance(value, bool):
                    raise ValueError
                out = float(value)
            else:
                if not isinstance(value, str):
                    raise ValueError
                out = value.strip()
        except (ValueError, TypeError):
            raise OptionError(
                f"option '{self.name}' takes {self.describe_type()}, not {value!r}"
            ) from None
        if self.choices and out not in self.choices:
            raise OptionError(
                f"option '{self.name}' must be one of {', '.join(self.choices)}; got {out!r}"
            )
        if isinstance(out, (int, float)) and not isinstance(out, bool):
            if self.minimum is not None and out < self.minimum:
                raise OptionError(f"option '{self.name}' must be at least {self.minimum:g}; got {out}")
            if self.maximum is not None and out > self.maximum:
                raise OptionError(f"option '{self.name}' must be at most {self.maximum:g}; got {out}")
        return out

    def describe_type(self) -> str:
        if self.choices:
            return "one of " + ", ".join(self.choices)
        return {bool: "true or false", int: "a whole number", float: "a number"}.get(
            self.kind, "text"
        )


def resolve_options(specs: Sequence[Option], given: Mapping[str, Any] | None) -> dict[str, OptionValue]:
    """Every option with its value: `given` validated and coerced, defaults for the rest."""
    by_name = {o.name: o for o in specs}
    given = dict(given or {})
    unknown = sorted(set(given) - set(by_name))
    if unknown:
        known = ", ".join(sorted(by_name)) or "none"
        raise OptionError(f"unknown option {', '.join(map(repr, unknown))} (options: {known})")
    return {o.name: (o.coerce(given[o.name]) if o.name in given else o.default) for o in specs}


def parse_option_texts(texts: Sequence[str]) -> dict[str, str]:
    """["key=value", ...] from a command line, as a dict of raw strings."""
    out: dict[str, str] = {}
    for text in texts:
        key, sep, value = text.partition("=")
        if not sep or not key.strip():
            raise OptionError(f"an option is written key=value, not {text!r}")
        out[key.strip()] = value
    return out
