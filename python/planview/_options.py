"""Keyword options into the CLI's arguments: `show_sensitive=True` is `--show-sensitive`."""

import collections.abc
import re

from ._errors import OptionTypeError

# A long option's name: `_` or `-` between words (`show_sensitive`, or `show-sensitive`
# through **{...}); both are the CLI's `--show-sensitive`.
_NAME = re.compile(r"[A-Za-z][A-Za-z0-9_-]*\Z")


def _value(name, value):
    # bool is an int: it never gets here (a flag), so an int is a number such as width=78.
    # A subclass gives its value, not its own str() (a `class Format(str, Enum)` member's
    # is "Format.MARKDOWN").
    if isinstance(value, str):
        return str.__str__(value)
    if isinstance(value, int) and not isinstance(value, bool):
        return int.__repr__(value)
    raise OptionTypeError(
        f"planview: option {name}: expected str or int, got {type(value).__name__}")


def _items(name, value):
    """The items of a repeated option's value, or None when the value is not a collection."""
    if isinstance(value, (str, bytes, bytearray, memoryview, collections.abc.Mapping)):
        return None
    if isinstance(value, (set, frozenset)):
        items = list(value)
        # A set has no order; the arguments are made in one (sorted) so that a render repeats.
        if all(isinstance(i, str) for i in items):
            items.sort()
        return items
    if isinstance(value, (list, tuple)) or (isinstance(value, collections.abc.Iterable)
                                            and not hasattr(value, "__fspath__")):
        return list(value)
    return None


def to_args(options):
    """The CLI arguments for `options` (a dict, in its order).

    - True adds the flag (`--show-sensitive`); False or None leaves the option out;
    - a str or int is the option's value (`--format=markdown`, `--width=78`);
    - a list, tuple, set or other iterable repeats the option once per item
      (`mask=["a", "b"]`; a set's items in sorted order).
    Any other type, or a name that could not be a long option, is an OptionTypeError (a
    TypeError and a planview.UsageError). Whether the CLI knows the option, and whether it
    takes a value, is the CLI's to say (a UsageError, status 2, with its message).
    """
    args = []
    for name, value in options.items():
        if not isinstance(name, str) or not _NAME.match(name):
            raise OptionTypeError(
                f"planview: {name!r} is not an option name (the CLI's long flags with _ for -)")
        flag = "--" + name.replace("_", "-")
        if value is None or value is False:
            continue
        if value is True:
            args.append(flag)
            continue
        items = _items(name, value)
        if items is not None:
            for item in items:
                if isinstance(item, bool):
                    raise OptionTypeError(
                        f"planview: option {name}: expected a list of str or int, got a bool in it")
                args.append(f"{flag}={_value(name, item)}")
            continue
        args.append(f"{flag}={_value(name, value)}")
    return args
