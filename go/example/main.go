// The README's example: render a plan as `tofu show` does, as Markdown with a mask, check
// a gate, list the changes, and tell a bad input from a bad option.
//
//	cd go && go run ./example ../testdata/examples/plan.json ../testdata/examples/schemas.json
package main

import (
	"errors"
	"fmt"
	"os"

	planview "github.com/planview/planview/go"
)

func main() {
	plan, err := os.ReadFile(os.Args[1]) // a `tofu show -json` plan
	if err != nil {
		panic(err)
	}
	schemas, err := os.ReadFile(os.Args[2]) // `tofu providers schema -json`
	if err != nil {
		panic(err)
	}

	r, err := planview.Render(plan, schemas) // what `tofu show` prints
	if err != nil {
		panic(err)
	}
	fmt.Print(r.Output)

	md, _ := planview.Render(plan, schemas, "--format", "markdown", "--mask", "AKIA[A-Z0-9]{16}")
	fmt.Println(len(md.Output), "bytes of Markdown")

	if g, _ := planview.Render(plan, schemas, "--fail-on", "delete,replace"); g.Status == 3 {
		fmt.Print(g.Messages) // rendered, but the gate failed
	}

	c, _ := planview.RenderChanges(plan, schemas)
	for _, ch := range c.Changes {
		fmt.Println(ch.Action, ch.Address)
	}

	_, err = planview.Render([]byte("{"), nil, "--format", "markdown")
	var perr *planview.Error
	if errors.As(err, &perr) && errors.Is(err, planview.ErrInput) {
		fmt.Println(perr.Status, perr.Message) // 1 planview: <stdin>:1:2: unexpected end of input: ...
	}
}
