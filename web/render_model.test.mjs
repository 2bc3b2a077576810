// Unit tests of web/render_model.js (the viewer's style runs and resource blocks), in node:
//   node --test web/render_model.test.mjs
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, readdirSync, existsSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import vm from "node:vm";

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, "..");
const model = vm.runInNewContext(readFileSync(join(here, "render_model.js"), "utf8") + "\nPlanviewRenderModel;", {
  Map, Int32Array, Uint16Array, Number,
});

// The runs as [text, classes] pairs, to compare.
function pieces(text, runs) {
  const list = [];
  let from = 0;
  for (let k = 0; k < runs.ends.length; k++) {
    list.push([text.slice(from, runs.ends[k]), runs.names[runs.classes[k]]]);
    from = runs.ends[k];
  }
  return list;
}

test("styleRuns: SGR escapes become class runs over exactly the plain text", () => {
  const plain = "  + resource \"a\" {\n      - x = 1 -> null\n";
  const color = "  \x1b[32m+\x1b[0m\x1b[0m resource \"a\" {\n      \x1b[1m\x1b[31m-\x1b[0m x = 1 \x1b[33m->\x1b[0m null\n";
  assert.deepEqual(pieces(plain, model.styleRuns(plain, color)), [
    ["  ", ""],
    ["+", "sgr-fg-32"],
    [" resource \"a\" {\n      ", ""],
    ["-", "sgr-b sgr-fg-31"],
    [" x = 1 ", ""],
    ["->", "sgr-fg-33"],
    [" null\n", ""],
  ]);
});

test("styleRuns: resets, 22/39, 256 and true colour, bright and background", () => {
  const plain = "abcdef";
  const color = "\x1b[1;4ma\x1b[22mb\x1b[38;5;196mc\x1b[38;2;1;2;3;92md\x1b[39;41me\x1b[mf";
  assert.deepEqual(pieces(plain, model.styleRuns(plain, color)), [
    ["a", "sgr-b sgr-u"],
    ["bc", "sgr-u"], // 256 colours are not shown: c keeps b's classes
    ["d", "sgr-u sgr-fg-92"],
    ["e", "sgr-u sgr-bg-41"],
    ["f", ""],
  ]);
});

test("styleRuns: an input's own ESC (not a colour) in both renders is text", () => {
  const plain = "x = \"\x1b]0;t\x07\"\n";
  const color = "\x1b[33mx\x1b[0m = \"\x1b]0;t\x07\"\n";
  assert.deepEqual(pieces(plain, model.styleRuns(plain, color)), [
    ["x", "sgr-fg-33"],
    [" = \"\x1b]0;t\x07\"\n", ""],
  ]);
});

test("styleRuns: null when the renders differ beyond colour", () => {
  assert.equal(model.styleRuns("abc", "ab"), null);
  assert.equal(model.styleRuns("abc", "abcd"), null);
  assert.equal(model.styleRuns("abc", "a\x1b[31mx\x1b[0mc"), null);
  assert.equal(model.styleRuns("abc", "a\x1b[2Jbc"), null); // not SGR, not in the plain text
  assert.equal(model.styleRuns("abc", null), null);
  assert.deepEqual(pieces("", model.styleRuns("", "")), [["", ""]]);
});

test("styleRuns: the equivalence plans' colour captures are their plain text coloured", () => {
  const eq = join(root, "testdata/conformance/equivalence");
  const cases = readdirSync(eq).filter((c) => existsSync(join(eq, c, "plan.color.txt")));
  assert.ok(cases.length >= 40, String(cases.length));
  for (const c of cases) {
    const plain = readFileSync(join(eq, c, "plan.txt"), "utf8");
    const runs = model.styleRuns(plain, readFileSync(join(eq, c, "plan.color.txt"), "utf8"));
    assert.notEqual(runs, null, c);
    assert.equal(pieces(plain, runs).map((p) => p[0]).join(""), plain, c);
    assert.ok(runs.names.length > 1, `${c}: no colour found`);
  }
});

test("styleRuns: logs whose colour render has other text (diagnostics' '│ ' lines) give null", () => {
  let withNull = 0;
  for (const p of ["opentofu", "terraform"]) {
    const dir = join(root, "testdata/logs", p);
    for (const f of readdirSync(dir).filter((f) => f.endsWith(".color.txt"))) {
      const plain = readFileSync(join(dir, f.replace(".color.txt", ".txt")), "utf8");
      const color = readFileSync(join(dir, f), "utf8");
      const same = color.replace(/\x1b\[[0-9;]*m/g, "") === plain;
      const runs = model.styleRuns(plain, color);
      assert.equal(runs !== null, same, f);
      if (runs === null) withNull++;
      else assert.equal(pieces(plain, runs).map((x) => x[0]).join(""), plain, f);
    }
  }
  assert.ok(withNull > 0);
});

test("locateBlocks: each change's diff, in order, at a line start, with its blank line", () => {
  const a = "  # a will be created\n  + resource \"t\" \"a\" {}";
  const b = "  # b will be destroyed\n  - resource \"t\" \"b\" {}";
  const text = `Plan:\n\n${a}\n\n${b}\n\nPlan: 1 to add.\n`;
  const located = (t, changes) => JSON.parse(JSON.stringify(model.locateBlocks(t, changes))); // out of the vm's realm
  const blocks = located(text, [{ diff: a }, { diff: "" }, { diff: "not there" }, { diff: b }]);
  assert.deepEqual(
    blocks.map((x) => [x.index, text.slice(x.start, x.headEnd), text.slice(x.headEnd, x.end), text.slice(x.end, x.tailEnd)]),
    [
      [0, "  # a will be created", "\n  + resource \"t\" \"a\" {}", "\n\n"],
      [3, "  # b will be destroyed", "\n  - resource \"t\" \"b\" {}", "\n\n"],
    ]
  );
  // A diff's text found inside a line first is skipped to the one that starts a line.
  const one = "  x";
  const t2 = `a  x\n  x\n`;
  assert.deepEqual(located(t2, [{ diff: one }]).map((x) => x.start), [5]);
  // One-line diff: empty body; the last resource without a blank line after it.
  const t3 = "  # c\n";
  assert.deepEqual(located(t3, [{ diff: "  # c" }])[0], { index: 0, start: 0, headEnd: 5, end: 5, tailEnd: 6 });
});
