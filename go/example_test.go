package planview_test

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"

	planview "github.com/planview/planview/go"
)

// The README's example: render a plan as Markdown, and list what it changes.
func Example() {
	dir := filepath.Join("..", "testdata", "examples")
	if d := os.Getenv("PLANVIEW_TESTDATA"); d != "" {
		dir = filepath.Join(d, "examples")
	}
	plan, _ := os.ReadFile(filepath.Join(dir, "plan.json"))
	schemas, _ := os.ReadFile(filepath.Join(dir, "schemas.json"))

	r, err := planview.RenderChanges(plan, schemas, "--format", "markdown")
	var perr *planview.Error
	if errors.As(err, &perr) {
		fmt.Println("status", perr.Status, perr.Message)
		return
	}
	fmt.Println("status", r.Status, "markdown bytes >", len(r.Output) > 1000)
	for _, c := range r.Changes {
		fmt.Println(c.Action, c.Address)
	}
}
