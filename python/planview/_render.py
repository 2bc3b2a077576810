"""render() and render_changes(): one call of the C API each, its result as Python objects."""

import collections.abc
import ctypes
import os
from dataclasses import dataclass, field

from . import _library
from ._errors import DocumentTypeError, OptionTypeError, UsageError, error_for, file_error
from ._options import to_args


def _text(raw):
    # Exact bytes back with .encode("utf-8", "surrogateescape"), whatever the input held.
    return raw.decode("utf-8", "surrogateescape")


@dataclass(frozen=True)
class Change:
    """One resource change of a plan, in the order `tofu show` lists them (no-ops too)."""

    address: str            # module.net.aws_subnet.a["x"]
    previous_address: str   # its address before a move, "" when not moved
    action: str             # "create", "update", "delete-then-create", ... as --format json names it
    action_reason: str      # the plan's action_reason ("replace_because_tainted", ...), or ""
    deposed: str            # the deposed object's key, "" for the current object
    diff: str               # its diff as the text output shows it (no final newline); "" for a no-op


@dataclass(frozen=True)
class Result:
    """What the CLI would have done: its standard output and error, and its exit status.

    status 0: rendered; 3: rendered, but a --fail-on/--protect gate failed (the reasons
    in messages). Statuses 1 and 2 are raised as planview.Error instead.
    """

    output_bytes: bytes
    messages_bytes: bytes
    status: int
    # The changes when rendered by render_changes; else None until `changes` is first read.
    _changes: tuple = field(default=None, repr=False, compare=False)
    # (input, schemas, argv) of a render(), for `changes` to render them when first read.
    _source: tuple = field(default=None, repr=False, compare=False)

    @property
    def output(self):
        """The output as str (invalid UTF-8 bytes kept as surrogate escapes)."""
        return _text(self.output_bytes)

    @property
    def messages(self):
        """Standard error as str: warnings, or the gate's reasons for status 3."""
        return _text(self.messages_bytes)

    @property
    def gate_failed(self):
        return self.status == 3

    @property
    def changes(self):
        """The plan's resource changes, a tuple of Change (none for a state or a log).

        A Result of render() gets them on first read, by rendering the same bytes and
        options again through render_changes (the Result keeps its input until then)."""
        if self._changes is None:
            changes = ()
            if self._source is not None:
                changes = _render(True, *self._source)._changes
            object.__setattr__(self, "_changes", changes)
            object.__setattr__(self, "_source", None)
        return self._changes


def _str_bytes(text):
    # UTF-8; a str holding lone surrogates (as Result.output keeps invalid bytes) gives
    # back those bytes (surrogateescape) or their UTF-8-like encoding, for the library to
    # judge as the CLI judges such bytes (an InputError), never a UnicodeEncodeError.
    try:
        return text.encode("utf-8")
    except UnicodeEncodeError:
        try:
            return text.encode("utf-8", "surrogateescape")
        except UnicodeEncodeError:
            return text.encode("utf-8", "surrogatepass")


def _document(value, what):
    """The bytes of `data` or `schemas`: bytes-like as is, str as UTF-8, a path-like read,
    a file object (binary or text) read to its end."""
    if isinstance(value, bytes):
        return value
    if isinstance(value, str):
        return _str_bytes(value)
    if isinstance(value, os.PathLike):
        try:
            with open(value, "rb") as f:
                return f.read()
        except OSError as e:
            raise file_error(os.fspath(value), e) from e
    try:
        return memoryview(value).tobytes()  # bytearray, memoryview, array, mmap, ...
    except TypeError:
        pass
    read = getattr(value, "read", None)
    if callable(read):
        content = read()
        if isinstance(content, str):
            return _str_bytes(content)
        try:
            return memoryview(content).tobytes()
        except TypeError:
            pass
        raise DocumentTypeError(f"planview: {what}: read() gave {type(content).__name__}, "
                                "expected bytes or str")
    raise DocumentTypeError(f"planview: {what}: expected bytes, str, a bytes-like object, "
                            f"a file object or a path-like object, got {type(value).__name__}")


def _string(lib_fn, handle):
    size = ctypes.c_size_t(0)
    ptr = lib_fn(handle, ctypes.byref(size))
    if not ptr or size.value == 0:
        return b""
    return ctypes.string_at(ptr, size.value)


def _changes(lib, result):
    out = []
    for i in range(lib.planview_result_change_count(result)):
        c = lib.planview_result_change(result, i)
        out.append(Change(
            address=_text(_string(lib.planview_change_address, c)),
            previous_address=_text(_string(lib.planview_change_previous_address, c)),
            action=_text(_string(lib.planview_change_action, c)),
            action_reason=_text(_string(lib.planview_change_action_reason, c)),
            deposed=_text(_string(lib.planview_change_deposed, c)),
            diff=_text(_string(lib.planview_change_diff, c)),
        ))
    return tuple(out)


def _render(with_changes, input_bytes, schema_bytes, argv):
    lib = _library.load()
    encoded = []
    for a in argv:
        if "\0" in a:
            raise UsageError(f"planview: argument {a.split('=', 1)[0]!r} holds a NUL character")
        encoded.append(_str_bytes(a))
    c_args = (ctypes.c_char_p * len(encoded))(*encoded)
    fn = lib.planview_render_changes if with_changes else lib.planview_render
    result = fn(input_bytes, len(input_bytes),
                schema_bytes, 0 if schema_bytes is None else len(schema_bytes),
                c_args, len(encoded))
    if not result:
        raise MemoryError("planview: the library could not allocate a result")
    try:
        status = lib.planview_result_status(result)
        output = _string(lib.planview_result_output, result)
        messages = _string(lib.planview_result_messages, result)
        if status in (1, 2):
            raise error_for(status, _text(messages), output)
        if with_changes:
            return Result(output, messages, status, _changes(lib, result))
        return Result(output, messages, status, None, (input_bytes, schema_bytes, argv))
    finally:
        lib.planview_result_free(result)


def _call(with_changes, data, schemas, args, options):
    input_bytes = _document(data, "data")
    schema_bytes = None if schemas is None else _document(schemas, "schemas")
    argv = to_args(options)
    if args is not None:
        if isinstance(args, (str, bytes)) or not isinstance(args, collections.abc.Iterable):
            raise OptionTypeError("planview: args: expected a list of str")
        args = list(args)
        if not all(isinstance(a, str) for a in args):
            raise OptionTypeError("planview: args: expected a list of str")
        argv.extend(args)
    return _render(with_changes, input_bytes, schema_bytes, argv)


def render(data, schemas=None, *, args=None, **options):
    """Renders `data` as `planview [options] -` does with it on standard input.

    data, schemas: bytes or any bytes-like object (bytearray, memoryview, mmap, ...), str
    (the document's text, UTF-8), a file object (read to its end) or a path-like object
    (pathlib.Path: the file is read). A str is never taken as a file name.
    options: the CLI's long options, `_` for `-`: format="markdown", show_sensitive=True,
    mask=["AKIA[A-Z0-9]{16}"], width=78 (see planview._options.to_args); `args` appends raw
    CLI arguments after them. Returns a Result (status 0 or 3; its `changes` rendered when
    first read); raises InputError (status 1) or UsageError (status 2); an option or
    document of the wrong type raises a TypeError that is also one of those.
    """
    return _call(False, data, schemas, args, options)


def render_changes(data, schemas=None, *, args=None, **options):
    """render(), and the plan's resource changes as Result.changes (a tuple of Change)."""
    return _call(True, data, schemas, args, options)


def version():
    """planview's version, as `planview --version` names it."""
    return _library.load().planview_version().decode("utf-8")
