package planview

import (
	"strconv"
	"strings"
)

// Error is a render that failed: Status 1 (bad input) or 2 (bad usage), as the command line
// would have exited. Message is the error line ("planview: ..."), Messages all of standard
// error (warnings before the error, the usage hint after).
type Error struct {
	Status   int
	Message  string
	Messages string
}

func (e *Error) Error() string { return e.Message }

// Is makes errors.Is(err, ErrInput) and errors.Is(err, ErrUsage) tell the kinds apart.
func (e *Error) Is(target error) bool {
	t, ok := target.(*Error)
	return ok && t.Message == "" && t.Status == e.Status
}

var (
	// ErrInput matches every status-1 Error: the input or the schemas could not be rendered.
	ErrInput error = &Error{Status: 1}
	// ErrUsage matches every status-2 Error: an option is unknown, bad, or does not apply.
	ErrUsage error = &Error{Status: 2}
)

// newError is the Error for a failed result's status and standard error text: its message
// is the last `planview: ` line that is not a warning (the usage hint comes after it).
func newError(status int, messages string) *Error {
	message, last := "", ""
	for _, line := range strings.Split(messages, "\n") {
		if strings.HasPrefix(line, "planview: ") && !strings.HasPrefix(line, "planview: warning: ") {
			message = line
		}
		if line != "" {
			last = line
		}
	}
	if message == "" {
		message = last
	}
	if message == "" {
		message = "planview: failed with status " + strconv.Itoa(status)
	}
	return &Error{Status: status, Message: message, Messages: messages}
}

func quote(s string) string { return strconv.Quote(s) }
