"""The exceptions: a render that failed (status 1 or 2) raises one, with the CLI's words."""


class Error(Exception):
    """planview could not render: the CLI would have exited with `status` (1 or 2).

    `message` is the error line as the CLI prints it ("planview: ..."); `messages` is
    everything it wrote to standard error (warnings before the error, the usage hint after).
    """

    status = None

    def __init__(self, message, messages=None, status=None):
        super().__init__(message)
        self.message = message
        self.messages = message + "\n" if messages is None else messages
        if status is not None:
            self.status = status

    def __str__(self):
        return self.message


class InputError(Error):
    """Status 1: the input (or the schemas) could not be read or rendered."""

    status = 1


class UsageError(Error):
    """Status 2: an option is unknown, has a bad value, or does not apply to the document."""

    status = 2


def error_for(status, messages):
    """The exception for a failed result's status and standard error text."""
    lines = [line for line in messages.splitlines() if line]
    # The error is the last `planview: ` line that is not a warning (the usage hint after it).
    errors = [line for line in lines
              if line.startswith("planview: ") and not line.startswith("planview: warning: ")]
    message = errors[-1] if errors else (lines[-1] if lines else f"planview: failed with status {status}")
    cls = {1: InputError, 2: UsageError}.get(status, Error)
    return cls(message, messages, status)
