// Package planview renders Terraform/OpenTofu plans, states and JSON logs exactly as
// `tofu show` / `terraform show` (and the planview command line) do, through libplanview's
// C API (planview.h), linked statically: a binary using this package needs nothing of
// planview at run time.
//
// Building needs the library installed where pkg-config finds it (planview.pc, with
// libplanview.a beside libplanview.so): see README.md.
package planview

/*
#cgo pkg-config: --static planview
// libplanview.a, not the .so beside it: -Bstatic for this one library, and --as-needed so
// that pkg-config's own -lplanview (the .so, after it) is not recorded as needed.
#cgo LDFLAGS: -Wl,-Bstatic -lplanview -Wl,-Bdynamic -Wl,--as-needed
#include <stdlib.h>
#include <planview.h>
*/
import "C"

import (
	"strings"
	"unsafe"
)

// Result is what the command line would have done: its standard output, its standard
// error and its exit status. Status is 0 (rendered) or 3 (rendered, but a --fail-on or
// --protect gate failed; the reasons are in Messages): statuses 1 and 2 are errors.
type Result struct {
	Output   string // standard output, byte for byte
	Messages string // standard error: warnings, or the gate's reasons
	Status   int
	Changes  []Change // the plan's resource changes; filled by RenderChanges only
}

// Change is one resource change of a plan, in the order `tofu show` lists them (no-ops too).
type Change struct {
	Address         string // module.net.aws_subnet.a["x"]
	PreviousAddress string // the address before a move, "" when not moved
	Action          string // "create", "update", "delete-then-create", ... as --format json names it
	ActionReason    string // the plan's action_reason ("replace_because_tainted", ...), or ""
	Deposed         string // the deposed object's key, "" for the current object
	Diff            string // the diff as the text output shows it (no final newline); "" for a no-op
}

// Version is planview's version, as `planview --version` names it.
func Version() string { return C.GoString(C.planview_version()) }

// Render renders input (a plan, state or JSON log, a saved plan file, an HCP redacted plan)
// as `planview [args] -` does with input on its standard input and standard output not a
// terminal. schemas are the provider schemas (`tofu providers schema -json`), nil for none;
// an empty non-nil slice is an empty document, refused as an empty --schemas file is.
// args are the command line's options: "--format", "markdown", "--mask", "AKIA.*", ...
//
// A status of 1 (bad input) or 2 (bad usage) is returned as an *Error (errors.Is(err,
// ErrInput) / errors.Is(err, ErrUsage)); status 3 is a Result and a nil error.
func Render(input, schemas []byte, args ...string) (Result, error) {
	return render(false, input, schemas, args)
}

// RenderChanges is Render, and Result.Changes holds the plan's resource changes (none for a
// state or a log). It costs a second diff of every resource.
func RenderChanges(input, schemas []byte, args ...string) (Result, error) {
	return render(true, input, schemas, args)
}

func render(withChanges bool, input, schemas []byte, args []string) (Result, error) {
	for _, a := range args {
		if strings.IndexByte(a, 0) >= 0 {
			name, _, _ := strings.Cut(a, "=")
			err := newError(2, "planview: argument "+quote(name)+" holds a NUL byte\n")
			return Result{Messages: err.Messages, Status: 2}, err
		}
	}
	var cArgs **C.char
	if len(args) > 0 {
		size := C.size_t(len(args)) * C.size_t(unsafe.Sizeof((*C.char)(nil)))
		cArgs = (**C.char)(C.malloc(size))
		list := unsafe.Slice(cArgs, len(args))
		for i, a := range args {
			list[i] = C.CString(a)
		}
		defer func() {
			for _, p := range list {
				C.free(unsafe.Pointer(p))
			}
			C.free(unsafe.Pointer(cArgs))
		}()
	}
	// Go memory is passed for the duration of the call only: it holds no Go pointers.
	in, sch := document(input), document(schemas)
	var r *C.planview_result
	if withChanges {
		r = C.planview_render_changes(in, C.size_t(len(input)), sch, C.size_t(len(schemas)), cArgs, C.size_t(len(args)))
	} else {
		r = C.planview_render(in, C.size_t(len(input)), sch, C.size_t(len(schemas)), cArgs, C.size_t(len(args)))
	}
	if r == nil {
		return Result{Status: 1}, newError(1, "planview: out of memory: the library could not allocate a result\n")
	}
	defer C.planview_result_free(r)
	var n C.size_t
	res := Result{Status: int(C.planview_result_status(r))}
	res.Output = goString(C.planview_result_output(r, &n), n)
	res.Messages = goString(C.planview_result_messages(r, &n), n)
	if res.Status == 1 || res.Status == 2 {
		return res, newError(res.Status, res.Messages)
	}
	if withChanges {
		res.Changes = make([]Change, int(C.planview_result_change_count(r)))
		for i := range res.Changes {
			c := C.planview_result_change(r, C.size_t(i))
			ch := &res.Changes[i]
			ch.Address = goString(C.planview_change_address(c, &n), n)
			ch.PreviousAddress = goString(C.planview_change_previous_address(c, &n), n)
			ch.Action = goString(C.planview_change_action(c, &n), n)
			ch.ActionReason = goString(C.planview_change_action_reason(c, &n), n)
			ch.Deposed = goString(C.planview_change_deposed(c, &n), n)
			ch.Diff = goString(C.planview_change_diff(c, &n), n)
		}
	}
	return res, nil
}

// emptyDocument is where an empty non-nil document points: the C API reads NULL (length 0)
// as no schemas, and any other pointer with length 0 as an empty document.
var emptyDocument [1]byte

// document is the pointer the C API gets for b: NULL for nil, never NULL otherwise.
func document(b []byte) unsafe.Pointer {
	if b == nil {
		return nil
	}
	if len(b) == 0 {
		return unsafe.Pointer(&emptyDocument[0])
	}
	return unsafe.Pointer(&b[0])
}

// goString copies n bytes at p (any length, NUL bytes included) into a Go string.
func goString(p *C.char, n C.size_t) string {
	if p == nil || n == 0 {
		return ""
	}
	return string(unsafe.Slice((*byte)(unsafe.Pointer(p)), int(n)))
}
