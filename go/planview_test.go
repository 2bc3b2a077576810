package planview

import (
	"encoding/json"
	"errors"
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

// testdata is the repository's testdata/ (PLANVIEW_TESTDATA overrides ../testdata).
func testdata(t testing.TB, parts ...string) string {
	root := os.Getenv("PLANVIEW_TESTDATA")
	if root == "" {
		root = filepath.Join("..", "testdata")
	}
	return filepath.Join(append([]string{root}, parts...)...)
}

func read(t testing.TB, parts ...string) []byte {
	t.Helper()
	b, err := os.ReadFile(testdata(t, parts...))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func equivalenceCases(t testing.TB) []string {
	dirs, err := os.ReadDir(testdata(t, "conformance", "equivalence"))
	if err != nil {
		t.Fatal(err)
	}
	var cases []string
	for _, d := range dirs {
		if _, err := os.Stat(testdata(t, "conformance", "equivalence", d.Name(), "plan.json")); err == nil {
			cases = append(cases, d.Name())
		}
	}
	if len(cases) < 40 {
		t.Fatalf("only %d equivalence cases under %s", len(cases), testdata(t))
	}
	return cases
}

func mode(t testing.TB, c string) string {
	return strings.TrimSpace(string(read(t, "conformance", "equivalence", c, "mode")))
}

func TestExamplePlan(t *testing.T) {
	r, err := Render(read(t, "examples", "plan.json"), read(t, "examples", "schemas.json"))
	if err != nil {
		t.Fatal(err)
	}
	if r.Status != 0 || r.Output != string(read(t, "examples", "plan.txt")) || r.Messages != "" {
		t.Fatalf("status %d, messages %q, output:\n%s", r.Status, r.Messages, r.Output)
	}
}

func TestEquivalenceGoldens(t *testing.T) {
	for _, c := range equivalenceCases(t) {
		plan := read(t, "conformance", "equivalence", c, "plan.json")
		schemas := read(t, "conformance", "equivalence", c, "schemas.json")
		for _, g := range []struct {
			file string
			args []string
		}{
			{"conformance/equivalence/" + c + "/plan.txt", []string{"--width", "78", "--color", "never"}},
			{"conformance/equivalence/" + c + "/plan.color.txt", []string{"--color", "always"}},
			{"formats/" + c + "/markdown.md", []string{"--format", "markdown"}},
			{"formats/" + c + "/json.json", []string{"--format", "json"}},
			{"formats/" + c + "/summary.txt", []string{"--summary-only", "--color=never"}},
		} {
			r, err := Render(plan, schemas, append([]string{"--mode", mode(t, c)}, g.args...)...)
			if err != nil {
				t.Fatalf("%s: %v", g.file, err)
			}
			if r.Output != string(read(t, g.file)) {
				t.Errorf("%s: output differs from the golden", g.file)
			}
		}
	}
}

func TestStatuses(t *testing.T) {
	plan := read(t, "examples", "plan.json")
	_, err := Render(nil, nil)
	var perr *Error
	if !errors.As(err, &perr) || perr.Status != 1 || !errors.Is(err, ErrInput) || errors.Is(err, ErrUsage) {
		t.Fatalf("empty input: %#v", err)
	}
	if want := "planview: <stdin>:1:1: empty input: no JSON value (byte 0)"; perr.Message != want || perr.Messages != want+"\n" {
		t.Fatalf("empty input: %q / %q", perr.Message, perr.Messages)
	}
	_, err = Render(plan, nil, "--format", "nope")
	if !errors.As(err, &perr) || !errors.Is(err, ErrUsage) ||
		perr.Message != `planview: --format: unknown format "nope" (want text, markdown, json, html or github)` ||
		perr.Messages != perr.Message+"\nRun 'planview --help' for usage.\n" {
		t.Fatalf("bad option: %#v", err)
	}
	if _, err = Render(plan, []byte("[1,")); !errors.Is(err, ErrInput) || !strings.Contains(err.Error(), "<schemas>") {
		t.Fatalf("bad schemas: %v", err)
	}
	for _, args := range [][]string{{"plan.json"}, {"--schemas", "s.json"}, {"--split", "dir"}, {"--bogus"}} {
		if _, err := Render(plan, nil, args...); !errors.Is(err, ErrUsage) {
			t.Errorf("%q: %v, want a usage error", args, err)
		}
	}
	d := "conformance/equivalence/fully_populated_complex_destroy/"
	r, err := Render(read(t, d+"plan.json"), read(t, d+"schemas.json"), "--mode", "destroy", "--fail-on", "delete")
	if err != nil || r.Status != 3 || r.Output != string(read(t, d+"plan.txt")) ||
		!strings.HasSuffix(r.Messages, "planview: gate failed: 1 resource (exit status 3)\n") {
		t.Fatalf("gate: %v %d %q", err, r.Status, r.Messages)
	}
	r, err = Render(plan, nil, "--version")
	if err != nil || !strings.HasPrefix(r.Output, "planview "+Version()+" ") {
		t.Fatalf("--version: %v %q", err, r.Output)
	}
}

// An empty but non-nil schemas slice (os.ReadFile of an empty file) is an empty document,
// refused as the CLI refuses an empty --schemas file; nil is no schemas.
func TestEmptySchemasAreADocument(t *testing.T) {
	plan := read(t, "examples", "plan.json")
	_, err := Render(plan, []byte{})
	var perr *Error
	if !errors.As(err, &perr) || !errors.Is(err, ErrInput) ||
		perr.Messages != "planview: <schemas>:1:1: empty input: no JSON value (byte 0)\n" {
		t.Fatalf("empty schemas: %#v", err)
	}
	if _, err = RenderChanges(plan, read(t, "examples", "schemas.json")[:0]); !errors.Is(err, ErrInput) {
		t.Fatalf("empty schemas (a slice of a file): %v", err)
	}
	if r, err := Render(plan, nil); err != nil || r.Status != 0 || !strings.HasPrefix(r.Messages, "planview: warning: no provider schemas given") {
		t.Fatalf("nil schemas: %v %q", err, r.Messages)
	}
	for _, in := range [][]byte{nil, {}} {
		if _, err := Render(in, nil); !errors.Is(err, ErrInput) || err.Error() != "planview: <stdin>:1:1: empty input: no JSON value (byte 0)" {
			t.Fatalf("empty input %#v: %v", in, err)
		}
	}
}

// A log is rendered line by line: the Result returned with the error holds what the CLI
// prints before failing (the lines before the bad one, which it shows as it is).
func TestAnErrorKeepsTheOutputBeforeIt(t *testing.T) {
	log := read(t, "mask", "log.jsonl")
	good, err := Render(log, nil)
	if err != nil || good.Output == "" {
		t.Fatalf("log: %v", err)
	}
	r, err := Render(append(append([]byte{}, log...), `{"@level": "i`...), nil)
	if !errors.Is(err, ErrInput) || r.Status != 1 || r.Output != good.Output+`{"@level": "i`+"\n" ||
		err.Error() != `planview: <stdin>:4:14: unterminated string at $["@level"] (byte 318): log line is not complete JSON` {
		t.Fatalf("%v %d %q", err, r.Status, r.Output)
	}
}

func TestNulInAnArgument(t *testing.T) {
	r, err := Render(read(t, "examples", "plan.json"), nil, "--mask=a\x00b")
	var perr *Error
	if !errors.As(err, &perr) || perr.Status != 2 || perr.Message != `planview: argument "--mask" holds a NUL byte` ||
		r.Status != 2 || r.Messages != perr.Messages || r.Output != "" {
		t.Fatalf("%#v", err)
	}
}

func TestChanges(t *testing.T) {
	for _, c := range equivalenceCases(t) {
		dir := "conformance/equivalence/" + c + "/"
		r, err := RenderChanges(read(t, dir+"plan.json"), read(t, dir+"schemas.json"), "--mode", mode(t, c))
		if err != nil {
			t.Fatal(err)
		}
		var golden struct {
			ResourceChanges []struct {
				Address         string `json:"address"`
				PreviousAddress string `json:"previous_address"`
				Action          string `json:"action"`
				ActionReason    string `json:"action_reason"`
				Deposed         string `json:"deposed"`
			} `json:"resource_changes"`
		}
		if err := json.Unmarshal(read(t, "formats", c, "json.json"), &golden); err != nil {
			t.Fatal(err)
		}
		var shown []Change
		for _, ch := range r.Changes {
			if ch.Diff != "" {
				shown = append(shown, ch)
			} else if ch.Action != "no-op" {
				t.Errorf("%s: %s %s has no diff", c, ch.Action, ch.Address)
			}
		}
		if len(shown) != len(golden.ResourceChanges) {
			t.Fatalf("%s: %d changes shown, the golden has %d", c, len(shown), len(golden.ResourceChanges))
		}
		pos := 0
		for i, g := range golden.ResourceChanges {
			ch := shown[i]
			got := [5]string{ch.Address, ch.PreviousAddress, ch.Action, ch.ActionReason, ch.Deposed}
			if want := [5]string{g.Address, g.PreviousAddress, g.Action, g.ActionReason, g.Deposed}; got != want {
				t.Errorf("%s: change %d is %q, want %q", c, i, got, want)
			}
			at := strings.Index(r.Output[pos:], ch.Diff+"\n")
			if at < 0 {
				t.Errorf("%s: %s's diff is not in the text after byte %d", c, ch.Address, pos)
				continue
			}
			pos += at + len(ch.Diff)
		}
	}
	r, err := Render(read(t, "examples", "plan.json"), nil)
	if err != nil || r.Changes != nil {
		t.Fatalf("Render filled Changes: %v %d", err, len(r.Changes))
	}
}

func TestHostileBytes(t *testing.T) {
	rng := rand.New(rand.NewSource(40))
	plan := read(t, "conformance", "equivalence", "basic_list", "plan.json")
	inputs := [][]byte{[]byte("[" + strings.Repeat("[", 1<<20)), []byte("\x00\xff\x1b[31m"), []byte("PK\x03\x04")}
	for b := 0; b < 256; b++ {
		inputs = append(inputs, []byte{byte(b)})
	}
	for i := 0; i < 200; i++ {
		m := append([]byte(nil), plan...)
		for k := 0; k < 1+rng.Intn(5); k++ {
			m[rng.Intn(len(m))] = byte(rng.Intn(256))
		}
		inputs = append(inputs, m[:rng.Intn(len(m)+1)])
	}
	for _, in := range inputs {
		r, err := Render(in, nil, "--format", []string{"text", "markdown", "json", "html", "github"}[rng.Intn(5)])
		var perr *Error
		switch {
		case err == nil && (r.Status == 0 || r.Status == 3):
		case errors.As(err, &perr) && (perr.Status == 1 || perr.Status == 2) &&
			strings.HasPrefix(perr.Message, "planview: ") && !strings.Contains(perr.Message, "\n"):
		default:
			t.Fatalf("input %q: %v %#v", in, err, r)
		}
	}
}

func TestGoroutines(t *testing.T) {
	cases := equivalenceCases(t)
	var wg sync.WaitGroup
	errs := make(chan error, len(cases)*4)
	for round := 0; round < 4; round++ {
		for _, c := range cases {
			wg.Add(1)
			go func(c string) {
				defer wg.Done()
				dir := "conformance/equivalence/" + c + "/"
				r, err := RenderChanges(read(t, dir+"plan.json"), read(t, dir+"schemas.json"), "--mode", mode(t, c))
				if err != nil || r.Output != string(read(t, dir+"plan.txt")) {
					errs <- fmt.Errorf("%s: %v", c, err)
				}
			}(c)
		}
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
}

func BenchmarkRenderSmallPlan(b *testing.B) {
	plan := read(b, "conformance", "equivalence", "basic_list", "plan.json")
	schemas := read(b, "conformance", "equivalence", "basic_list", "schemas.json")
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := Render(plan, schemas); err != nil {
			b.Fatal(err)
		}
	}
}
