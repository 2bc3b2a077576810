"""Keyword options into the CLI's arguments: `show_sensitive=True` is `--show-sensitive`."""

import re

_NAME = re.compile(r"[A-Za-z][A-Za-z0-9_]*\Z")


def _value(name, value):
    # bool is an int: it never gets here (a flag), so an int is a number such as width=78.
    if isinstance(value, str):
        return value
    if isinstance(value, int) and not isinstance(value, bool):
        return str(value)
    raise TypeError(
        f"planview: option {name}: expected str or int, got {type(value).__name__}")


def to_args(options):
    """The CLI arguments for `options` (a dict, in its order).

    - True adds the flag (`--show-sensitive`); False or None leaves the option out;
    - a str or int is the option's value (`--format=markdown`, `--width=78`);
    - a list or tuple repeats the option once per item (`mask=["a", "b"]`).
    Any other type is a TypeError. Whether the CLI knows the option, and whether it takes a
    value, is the CLI's to say (a UsageError, status 2, with its message), not this function's.
    """
    args = []
    for name, value in options.items():
        if not isinstance(name, str) or not _NAME.match(name):
            raise TypeError(f"planview: {name!r} is not an option name (the CLI's long flags with _ for -)")
        flag = "--" + name.replace("_", "-")
        if value is None or value is False:
            continue
        if value is True:
            args.append(flag)
            continue
        if isinstance(value, (list, tuple)):
            for item in value:
                if isinstance(item, bool):
                    raise TypeError(f"planview: option {name}: expected a list of str or int, got a bool in it")
                args.append(f"{flag}={_value(name, item)}")
            continue
        args.append(f"{flag}={_value(name, value)}")
    return args
