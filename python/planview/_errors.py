"""The exceptions: a render that failed (status 1 or 2) raises one, with the CLI's words."""


class Error(Exception):
    """planview could not render: the CLI would have exited with `status` (1 or 2).

    `message` is the error line as the CLI prints it ("planview: ..."); `messages` is
    everything it wrote to standard error (warnings before the error, the usage hint after);
    `output_bytes` (`output` as str) what it wrote to standard output before failing (a log
    renders its lines up to a bad one; usually empty).
    """

    status = None

    def __init__(self, message, messages=None, status=None, output_bytes=b""):
        super().__init__(message)
        self.message = message
        self.messages = message + "\n" if messages is None else messages
        self.output_bytes = output_bytes
        if status is not None:
            self.status = status

    @property
    def output(self):
        """Standard output before the failure, as str (invalid UTF-8 as surrogate escapes)."""
        return self.output_bytes.decode("utf-8", "surrogateescape")

    def __str__(self):
        return self.message


class InputError(Error):
    """Status 1: the input (or the schemas) could not be read or rendered."""

    status = 1


class UsageError(Error):
    """Status 2: an option is unknown, has a bad value, or does not apply to the document."""

    status = 2


class DocumentTypeError(InputError, TypeError):
    """`data` or `schemas` of a type render() does not take: a TypeError and an InputError."""


class OptionTypeError(UsageError, TypeError):
    """An option name or value of a type render() does not take: a TypeError and a UsageError."""


class InputFileError(InputError, OSError):
    """A path-like `data` or `schemas` that could not be read: an InputError and the OSError
    open() raised (FileNotFoundError, IsADirectoryError, ...: file_error makes the class),
    worded as the CLI words a FILE it cannot read."""

    def __init__(self, message, errno=None, strerror=None, filename=None):
        super().__init__(message)
        self.errno, self.strerror, self.filename = errno, strerror, filename

    def __reduce__(self):
        # The class may be made by file_error: pickled as the OSError class it stands for.
        kind = next(c for c in type(self).__mro__ if issubclass(c, OSError) and not issubclass(c, Error))
        return _file_error_of, (kind, self.message, self.errno, self.strerror, self.filename)


_file_error_classes = {}


def _file_error_of(kind, message, errno=None, strerror=None, filename=None):
    cls = _file_error_classes.get(kind)
    if cls is None:
        cls = InputFileError if kind is OSError else type("InputFileError", (InputFileError, kind), {})
        _file_error_classes[kind] = cls
    return cls(message, errno, strerror, filename)


def file_error(path, error):
    """The InputFileError for `error` (an OSError reading `path`), of its OSError class too."""
    what = "cannot read: is a directory" if isinstance(error, IsADirectoryError) else \
        f"cannot open: {error.strerror or error}"
    return _file_error_of(type(error), f"planview: {path}: {what}", error.errno, error.strerror, error.filename)


def error_for(status, messages, output_bytes=b""):
    """The exception for a failed result's status, standard error text and standard output."""
    lines = [line for line in messages.splitlines() if line]
    # The error is the last `planview: ` line that is not a warning (the usage hint after it).
    errors = [line for line in lines
              if line.startswith("planview: ") and not line.startswith("planview: warning: ")]
    message = errors[-1] if errors else (lines[-1] if lines else f"planview: failed with status {status}")
    cls = {1: InputError, 2: UsageError}.get(status, Error)
    return cls(message, messages, status, output_bytes)
