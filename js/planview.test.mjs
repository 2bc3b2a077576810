// planview.mjs against the CLI's own golden files: the bundled example and every
// equivalence case (real `tofu` captures) byte for byte, the statuses and exact messages
// of bad input and bad usage, and the options' mapping. Run by `bazel test //js:node_test`
// over the package //js:npm lays out (js/node_test.sh).
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { createRequire } from "node:module";
import { closeSync, existsSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import vm from "node:vm";
import { test } from "node:test";

import { init, render, renderChanges, toArgs, version } from "./planview.mjs";

const root = new URL("../", import.meta.url);
const read = (path) => readFileSync(new URL(path, root));
const text = (path) => read(path).toString("utf-8");

// Output compared as bytes, so that a decoding slip cannot hide a difference.
function assertSameBytes(actual, expectedBytes, what) {
  const got = Buffer.from(actual, "utf-8");
  if (Buffer.compare(got, expectedBytes) === 0) return;
  let at = 0;
  while (at < got.length && got[at] === expectedBytes[at]) at++;
  assert.fail(`${what}: differs at byte ${at}: got ${JSON.stringify(got.subarray(at, at + 60).toString())}, ` +
    `want ${JSON.stringify(expectedBytes.subarray(at, at + 60).toString())}`);
}

test("the bundled example renders as testdata/examples/plan.txt", async () => {
  const r = await render(read("testdata/examples/plan.json"), { schemas: read("testdata/examples/schemas.json") });
  assert.equal(r.messages, "");
  assert.equal(r.status, 0);
  assertSameBytes(r.output, read("testdata/examples/plan.txt"), "plan.txt");
});

test("input and schemas as strings render the same bytes", async () => {
  const r = await render(text("testdata/examples/plan.json"), { schemas: text("testdata/examples/schemas.json") });
  assert.equal(r.status, 0);
  assertSameBytes(r.output, read("testdata/examples/plan.txt"), "plan.txt");
});

const equivalence = "testdata/conformance/equivalence/";
const cases = readdirSync(new URL(equivalence, root), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name)
  .sort();

test("every equivalence case: plan (plain and colour), state and apply log as the CLI prints them", async (t) => {
  assert.equal(cases.length, 49);
  for (const name of cases) {
    const dir = `${equivalence}${name}/`;
    await t.test(name, async () => {
      const schemas = read(`${dir}schemas.json`);
      const mode = text(`${dir}mode`).trim();
      const plan = read(`${dir}plan.json`);
      for (const [color, golden] of [["never", "plan.txt"], ["always", "plan.color.txt"]]) {
        const r = await render(plan, { schemas, mode, width: 78, color });
        assert.equal(r.status, 0, r.messages);
        assertSameBytes(r.output, read(dir + golden), `${name}/${golden}`);
      }
      if (existsSync(new URL(`${dir}state.txt`, root))) {
        const r = await render(read(`${dir}state.json`), { schemas });
        assert.equal(r.status, 0, r.messages);
        assertSameBytes(r.output, read(`${dir}state.txt`), `${name}/state.txt`);
      }
      if (existsSync(new URL(`${dir}apply.txt`, root))) {
        const r = await render(read(`${dir}apply.jsonl`));
        assert.equal(r.status, 0, r.messages);
        assertSameBytes(r.output, read(`${dir}apply.txt`), `${name}/apply.txt`);
      }
    });
  }
});

test("bad input: status 1, the CLI's one line, no output", async () => {
  for (const [input, message] of [
    ['{"format_version":', "planview: <stdin>:1:19: unexpected end of input: a value is missing at $.format_version (byte 18)\n"],
    [new Uint8Array(0), "planview: <stdin>:1:1: empty input: no JSON value (byte 0)\n"],
  ]) {
    const r = await render(input);
    assert.deepEqual(r, { output: "", messages: message, status: 1 });
  }
});

// A saved plan file renders as its `show -json` does. Three of the pairs come from an older
// Terraform whose plan files do not mark schema-sensitive attributes: for those the CLI,
// too, prints something else than for the JSON (cmd/plan_file_test.cc covers them), and
// here they must render and say why their sensitivity may differ.
const OLDER_TERRAFORM = new Set([
  "Goitom-Zeru__Terraform-localbuild__root",
  "den-vasyliev__tf-google-gke-cluster__root",
  "vitalikozokin__terraform_bootcamp__root",
]);
test("saved plan files render as their show -json does", async () => {
  const dir = "testdata/planfiles/pairs";
  let compared = 0;
  for (const name of readdirSync(new URL(dir, root)).sort()) {
    const bin = await render(read(`${dir}/${name}/plan.bin`));
    assert.equal(bin.status, 0, `${name}: ${bin.messages}`);
    assert.match(bin.messages, /^planview: <stdin>: no provider schemas: /, name);
    if (OLDER_TERRAFORM.has(name)) continue;
    const json = await render(read(`${dir}/${name}/plan.json`));
    assert.equal(bin.output, json.output, name);
    compared++;
  }
  assert.equal(compared, 22);
});

test("bad schemas are named <schemas>", async () => {
  const r = await render(read("testdata/examples/plan.json"), { schemas: '{"provider_schemas": {' });
  assert.equal(r.status, 1);
  assert.equal(r.output, "");
  assert.match(r.messages, /^planview: <schemas>:1:\d+: [^\n]+\n$/);
});

test("bad usage: status 2 with the CLI's message and usage line", async () => {
  const usage = "Run 'planview --help' for usage.\n";
  const plan = read("testdata/examples/plan.json");
  const unknown = await render(plan, { bogus: true });
  assert.deepEqual(unknown, { output: "", messages: `planview: unknown option --bogus\n${usage}`, status: 2 });
  const format = await render(plan, { format: "yaml" });
  assert.deepEqual(format, {
    output: "",
    messages: `planview: --format: unknown format "yaml" (want text, markdown, json, html or github)\n${usage}`,
    status: 2,
  });
  const split = await render(plan, { format: "markdown", split: "out" });
  assert.equal(split.status, 2);
  assert.equal(split.messages, `planview: --split writes files, which the library does not: render without it\n${usage}`);
});

// A value nested 500 deep (the JSON parser allows 512): the differ and renderers recurse
// that deep on the module's stack. The digest is of the native binary's output
// (`planview deep.json --color never`, the same document).
test("a value nested 500 deep renders as the native binary does", async () => {
  let value = "x";
  for (let i = 0; i < 500; i++) value = [value];
  const plan = {
    format_version: "1.2", terraform_version: "1.9.0",
    resource_changes: [{
      address: "null_resource.deep", mode: "managed", type: "null_resource", name: "deep",
      provider_name: "registry.opentofu.org/hashicorp/null",
      change: { actions: ["create"], before: null, after: { v: value }, after_unknown: {}, before_sensitive: false,
        after_sensitive: {} },
    }],
  };
  const r = await render(JSON.stringify(plan));
  assert.equal(r.status, 0, r.messages);
  assert.match(r.messages, /^planview: warning: no provider schemas given \(--schemas\): [^\n]+\n$/);
  assert.equal(createHash("sha256").update(r.output).digest("hex"),
    "18b3ce61dd21375ff420f584f3a2381fcbc309a9e3ed1d626659db692c0248df");
});

test("an output longer than its input, written in many pieces, renders whole", async () => {
  // 1,000 creates of 100 short attributes: 1.1 MB of JSON, 1.75 MB of text. (The output's
  // memory once failed to grow past the input's size in WebAssembly: "out of memory".)
  const changes = [];
  for (let r = 0; r < 1000; r++) {
    const after = {};
    for (let i = 0; i < 100; i++) after["a" + i] = i;
    changes.push({ address: "x_y.z" + r, mode: "managed", type: "x_y", name: "z" + r,
      provider_name: "registry.terraform.io/hashicorp/x",
      change: { actions: ["create"], before: null, after, after_unknown: {}, before_sensitive: false, after_sensitive: {} } });
  }
  const input = JSON.stringify({ format_version: "1.2", terraform_version: "1.9.0", resource_changes: changes });
  const r = await render(input);
  assert.equal(r.status, 0, r.messages);
  assert.equal(input.length, 1119853);
  assert.equal(Buffer.byteLength(r.output), 1754025);
  // The native binary's output (`planview - --color never` on the same bytes).
  assert.equal(createHash("sha256").update(r.output).digest("hex"),
    "955a01976532a91248d6c541b26688e6cbae35e491952d521f1a5022ffbbd508");
});

test("a document nested past the limit is an error, not a crash", async () => {
  const r = await render("[".repeat(100000));
  assert.equal(r.status, 1);
  assert.equal(r.output, "");
  assert.match(r.messages, /^planview: <stdin>:1:513: nesting deeper than 512 levels at \$\[0\][^\n]+\n$/);
  // The module still works afterwards.
  const ok = await render(read("testdata/examples/plan.json"), { schemas: read("testdata/examples/schemas.json") });
  assert.equal(ok.status, 0);
});

test("formats and masks (markdown, json; a masked value is gone)", async () => {
  const plan = read("testdata/examples/plan.json");
  const schemas = read("testdata/examples/schemas.json");
  const md = await render(plan, { schemas, format: "markdown" });
  assert.equal(md.status, 0, md.messages);
  assert.notEqual(md.output, "");
  const json = await render(plan, { schemas, format: "json" });
  assert.equal(json.status, 0, json.messages);
  JSON.parse(json.output);
  const plain = await render(plan, { schemas });
  const id = "e450ef2f-b80f-0cce-8bdb-14d88f48649c";
  assert.ok(plain.output.includes(id), "the example shows the resource's id");
  const masked = await render(plan, { schemas, mask: ["e450ef2f-[0-9a-f-]+"] });
  assert.equal(masked.status, 0, masked.messages);
  assert.ok(!masked.output.includes(id), "the masked value is not in the output");
  assert.ok(masked.output.includes("Hello, change!"), "the rest is rendered");
  const badMask = await render(plan, { schemas, mask: ["("] });
  assert.equal(badMask.status, 2);
});

test("options map to the CLI's long options", () => {
  assert.deepEqual(toArgs({ format: "markdown", showSensitive: true, color: "never", mask: ["a", "b"], width: 78,
    summary: false, drift: null, schemas: "{}" }),
  ["--format=markdown", "--show-sensitive", "--color=never", "--mask=a", "--mask=b", "--width=78"]);
  assert.throws(() => toArgs({ "no-color": true }), TypeError);
  assert.throws(() => toArgs({ width: {} }), TypeError);
  assert.throws(() => toArgs({ mask: ["a\0b"] }), TypeError);
});

// The native binary beside the package (js/node_test.sh links it), run as `planview ARGS -`
// with the bytes in a file on its standard input, as a user's shell would give them.
const cliPath = new URL("planview", root);
const scratch = mkdtempSync(`${tmpdir()}/planview-node-test-`);
process.on("exit", () => rmSync(scratch, { recursive: true, force: true }));
function cli(bytes, args, env = {}) {
  const file = `${scratch}/input`;
  writeFileSync(file, bytes);
  const fd = openSync(file);
  try {
    const child = spawnSync(cliPath.pathname, [...args, "-"], {
      stdio: [fd, "pipe", "pipe"], env: { ...process.env, ...env }, maxBuffer: 1 << 28,
    });
    return { output: child.stdout, messages: child.stderr.toString("utf-8"), status: child.status };
  } finally {
    closeSync(fd);
  }
}

// render(input, options) gives the CLI's standard output byte for byte, its standard error
// and its status. `cliBytes` is what the CLI reads (by default the input's own bytes).
async function assertAsCli(what, input, options, args, { cliBytes, env } = {}) {
  const expected = cli(cliBytes ?? input, args, env);
  const r = await render(input, options);
  assert.equal(r.messages, expected.messages, what);
  assert.equal(r.status, expected.status, what);
  assertSameBytes(r.output, expected.output, what);
  return r;
}

const hasCli = existsSync(cliPath);

test("hostile inputs render as the native binary prints them", { skip: !hasCli && "no native binary" }, async () => {
  const plan = read("testdata/examples/plan.json");
  const pair = "testdata/planfiles/pairs/" + readdirSync(new URL("testdata/planfiles/pairs", root)).sort()[0];
  const planFile = read(`${pair}/plan.bin`);
  const withText = (s) => plan.toString().replace("Hello, change!", s);
  const cases = [
    ["empty", new Uint8Array(0)],
    ["a byte order mark", Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), plan])],
    ["a NUL byte inside", Buffer.concat([plan.subarray(0, 40), Buffer.from([0]), plan.subarray(40)])],
    ["a NUL byte after", Buffer.concat([plan, Buffer.from([0])])],
    ["invalid UTF-8", Buffer.from(withText("Hello, \u0001!")).map((b) => (b === 1 ? 0xff : b))],
    ["a truncated plan file", planFile.subarray(0, planFile.length >> 1)],
    ["a plan file without its last byte", planFile.subarray(0, planFile.length - 1)],
    ["ESC, BEL, CR and C1 in a string", withText("a\u001b[31mb\u0007c\rd\u009be")],
    // A log's lines that are not JSON pass through: the output starts with the U+FEFF.
    ["a log after a byte order mark", Buffer.concat([Buffer.from("\uFEFF"), read(`${equivalence}moved_with_drift/apply.jsonl`)])],
    ["a log after a text line with two", Buffer.concat([Buffer.from("\uFEFF\uFEFFtext\n"), read(`${equivalence}moved_with_drift/apply.jsonl`)])],
  ];
  for (const [what, input] of cases) await assertAsCli(what, input, {}, []);
  await assertAsCli("colour", withText("a\u001b[31mb"), { color: "always" }, ["--color", "always"]);
  await assertAsCli("--safe-terminal", withText("a\u001b[31mb"), { safeTerminal: true }, ["--safe-terminal"]);
  await assertAsCli("--max-input-bytes", plan, { maxInputBytes: 100 }, ["--max-input-bytes", "100"]);
});

// A JavaScript string may hold half a surrogate pair, which UTF-8 cannot encode. TextEncoder
// would make it U+FFFD and the plan would render with a character it does not hold; the
// CLI, given the bytes that would encode it (ED A0 80 for U+D800), says invalid UTF-8.
test("a string with a lone surrogate is invalid UTF-8, as the CLI says for its bytes", { skip: !hasCli && "no native binary" }, async (t) => {
  await t.test("with String.prototype.isWellFormed", loneSurrogates);
  // As in Node 18, which has none.
  const isWellFormed = Object.getOwnPropertyDescriptor(String.prototype, "isWellFormed");
  if (isWellFormed) delete String.prototype.isWellFormed;
  try {
    await t.test("without it", loneSurrogates);
  } finally {
    if (isWellFormed) Object.defineProperty(String.prototype, "isWellFormed", isWellFormed);
  }
});

async function loneSurrogates() {
  const plan = text("testdata/examples/plan.json");
  const at = Buffer.byteLength(plan.slice(0, plan.indexOf("Hello, change!"))) + 5;
  for (const [unit, bytes] of [["\uD800", [0xed, 0xa0, 0x80]], ["\uDFFF", [0xed, 0xbf, 0xbf]]]) {
    const input = plan.replace("Hello, change!", `Hello${unit}, change!`);
    const cliBytes = Buffer.concat([Buffer.from(plan.slice(0, plan.indexOf("Hello, change!") + 5)), Buffer.from(bytes),
      Buffer.from(plan.slice(plan.indexOf("Hello, change!") + 5))]);
    const r = await assertAsCli(`U+${unit.codePointAt(0).toString(16)}`, input, {}, [], { cliBytes });
    assert.equal(r.status, 1);
    assert.match(r.messages, new RegExp(`: invalid UTF-8 at \\$\\.[^\n]+ \\(byte ${at}\\)\n$`));
  }
  // A whole pair is one character; the same string's schemas and option values alike.
  const pair = await render(plan.replaceAll("Hello, change!", "Hello\uD83D\uDE00"));
  assert.equal(pair.status, 0, pair.messages);
  assert.ok(pair.output.includes("Hello\u{1F600}"));
  const schemas = await render(plan, { schemas: text("testdata/examples/schemas.json").replace('"string"', '"str\uDC00"') });
  assert.equal(schemas.status, 1);
  assert.match(schemas.messages, /^planview: <schemas>:\d+:\d+: invalid UTF-8 at /);
}

test("input as an ArrayBuffer, SharedArrayBuffer, DataView, another realm's buffer: the same bytes", async () => {
  const plan = read("testdata/examples/plan.json");
  const schemas = read("testdata/examples/schemas.json");
  const expected = await render(plan, { schemas });
  assert.equal(expected.status, 0);
  const buffer = (Kind) => {
    const b = new Kind(plan.length);
    new Uint8Array(b).set(plan);
    return b;
  };
  const realm = vm.runInNewContext("new ArrayBuffer(n)", { n: plan.length });
  new Uint8Array(realm).set(plan);
  for (const input of [buffer(ArrayBuffer), buffer(SharedArrayBuffer), new DataView(buffer(ArrayBuffer)), realm,
    new Uint8Array(buffer(SharedArrayBuffer))]) {
    assert.deepEqual(await render(input, { schemas: new DataView(schemas.buffer, schemas.byteOffset, schemas.length) }),
      expected, Object.prototype.toString.call(input));
  }
});

test("the environment the CLI reads is this process's: TF_IN_AUTOMATION, --mask-env", { skip: !hasCli && "no native binary" }, async () => {
  // Drift, nothing to change: the refresh-only suggestion names a command unless in automation.
  const plan = JSON.stringify({ format_version: "1.2",
    resource_changes: [{ address: "data.t.d", mode: "data", type: "t", name: "d", provider_name: "p",
      change: { actions: ["delete"], before: { x: "old" }, after: null } }],
    resource_drift: [{ address: "t.a", mode: "managed", type: "t", name: "a", provider_name: "p",
      change: { actions: ["update"], before: { x: "1" }, after: { x: "2" } } }],
    relevant_attributes: [{ resource: "t.a", attribute: ["x"] }] });
  const options = { quality: "nochanges", product: "opentofu" };
  const args = ["--quality", "nochanges", "--product", "opentofu"];
  const saved = { ...process.env };
  try {
    delete process.env.TF_IN_AUTOMATION;
    const plain = await assertAsCli("without TF_IN_AUTOMATION", plan, options, args);
    assert.ok(plain.output.includes("tofu apply -refresh-only"));
    process.env.TF_IN_AUTOMATION = "1";
    const automation = await assertAsCli("TF_IN_AUTOMATION=1", plan, options, args);
    assert.ok(!automation.output.includes("tofu apply -refresh-only"));
    delete process.env.TF_IN_AUTOMATION;
    assert.deepEqual(await render(plan, options), plain);

    const example = read("testdata/examples/plan.json");
    process.env.PLANVIEW_NODE_TEST_SECRET = "Hello, change!";
    const masked = await assertAsCli("--mask-env", example, { maskEnv: "PLANVIEW_NODE_TEST_SECRET" },
      ["--mask-env", "PLANVIEW_NODE_TEST_SECRET"]);
    assert.equal(masked.status, 0);
    assert.ok(!masked.output.includes("Hello, change!"));
    delete process.env.PLANVIEW_NODE_TEST_SECRET;
    const unset = await assertAsCli("--mask-env unset", example, { maskEnv: ["PLANVIEW_NODE_TEST_SECRET"] },
      ["--mask-env", "PLANVIEW_NODE_TEST_SECRET"]);
    assert.equal(unset.status, 2);
    // The module's own made-up environment (HOME=/home/web_user) is not the process's.
    await assertAsCli("--mask-env HOME", withHome(example), { maskEnv: "HOME" }, ["--mask-env", "HOME"]);
  } finally {
    for (const name of Object.keys(process.env)) if (!(name in saved)) delete process.env[name];
    Object.assign(process.env, saved);
  }
  function withHome(bytes) {
    return bytes.toString().replace("Hello, change!", "/home/web_user");
  }
});

test("a --max-bytes past 4 GiB is a budget, as the CLI takes it", { skip: !hasCli && "no native binary" }, async () => {
  const plan = read("testdata/examples/plan.json");
  for (const bytes of ["100000000000", "18446744073709551615"]) {
    const r = await assertAsCli(`--max-bytes ${bytes}`, plan, { format: "markdown", maxBytes: bytes },
      ["--format", "markdown", "--max-bytes", bytes]);
    assert.equal(r.status, 0, r.messages);
  }
  await assertAsCli("--max-bytes 2^64", plan, { format: "markdown", maxBytes: "18446744073709551616" },
    ["--format", "markdown", "--max-bytes", "18446744073709551616"]);
});

test("option names that are not camelCase and values no argument can hold are usage errors", async () => {
  const plan = read("testdata/examples/plan.json");
  const usage = "Run 'planview --help' for usage.\n";
  for (const [name, hint] of [["no-color", " (noColor?)"], ["show_sensitive", " (showSensitive?)"], ["--format", " (format?)"],
    ["Format", ""], ["", ""], ["format=json", ""]]) {
    assert.deepEqual(await render(plan, { [name]: "x" }), { output: "", status: 2,
      messages: `planview: unknown option ${JSON.stringify(name)}: options are the CLI's long options in camelCase${hint}\n${usage}` });
  }
  // The C string would end at the NUL: "json\0x" would be --format=json, a mask would mask less.
  for (const [options, flag] of [[{ format: "json\0x" }, "--format"], [{ mask: ["a", "Hello\0"] }, "--mask"]]) {
    const r = await renderChanges(plan, options);
    assert.deepEqual(r, { output: "", status: 2, changes: [],
      messages: `planview: ${flag}: the value holds a NUL character (U+0000), which no command-line argument can\n${usage}` });
  }
});

test("the input and schemas are read as they are when render() is called", async () => {
  const plan = read("testdata/examples/plan.json");
  const schemas = read("testdata/examples/schemas.json");
  const expected = await render(plan, { schemas });
  assert.equal(expected.status, 0);
  // The module loaded (this file's) and still loading (a fresh copy of the package).
  const fresh = await import(`./planview.mjs?reuse=${Date.now()}`);
  for (const renderer of [render, fresh.render]) {
    const input = Buffer.from(plan);
    const schemaBytes = new Uint8Array(schemas);
    const pending = renderer(input, { schemas: schemaBytes });
    input.fill(0x20);
    schemaBytes.fill(0x20);
    assert.deepEqual(await pending, expected);
  }
});

test("after a trap, every waiting call and the next get a fresh instance", async () => {
  const fresh = await import(`./planview.mjs?trap=${Date.now()}`);
  const m = await fresh.init();
  const trap = () => {
    throw new WebAssembly.RuntimeError("unreachable");
  };
  m._planview_render = trap;
  const plan = read("testdata/examples/plan.json");
  const [trapped, ...rest] = await Promise.all([fresh.render(plan), fresh.render(plan), fresh.renderChanges(plan), fresh.version()]);
  assert.deepEqual(trapped, { output: "", messages: "planview: the WebAssembly module stopped: unreachable\n", status: 1 });
  const expected = await render(plan);
  assert.deepEqual(rest[0], expected);
  assert.deepEqual({ ...rest[1], changes: undefined }, { ...expected, changes: undefined });
  assert.equal(rest[1].changes.length, 2);
  assert.equal(rest[2], text("VERSION").trim());
  assert.notEqual(await fresh.init(), m);
});

test("init: a .wasm that is not one rejects, and a later call loads the right one", async () => {
  // A fresh copy of the module (its own state), so the shared instance stays as it is.
  const fresh = await import(`./planview.mjs?fresh=${Date.now()}`);
  await assert.rejects(fresh.init(new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0, 1])), WebAssembly.CompileError);
  const r = await fresh.render("{", {}).catch((e) => e);
  assert.ok(r instanceof WebAssembly.CompileError, "the failed source is tried again");
  await fresh.init(readFileSync(new URL("build/planview_wasm.wasm", import.meta.url)));
  assert.equal((await fresh.render("{")).status, 1);
});

test("wrong JavaScript types are TypeErrors", async () => {
  await assert.rejects(render(42), TypeError);
  await assert.rejects(render("{}", { schemas: 7 }), TypeError);
  for (const options of [null, 7, "json", ["--format", "json"], new Map([["format", "json"]]), () => ({})]) {
    await assert.rejects(render("{}", options), TypeError, String(options));
  }
  for (const value of [{}, [null], [true], NaN, Infinity, Symbol("x"), () => "json"]) {
    await assert.rejects(render("{}", { format: value }), TypeError, String(value));
  }
});

// The same dump as capi/planview_capi_test.cc's ChangesWalk, against its golden file.
test("renderChanges: the example's changes as testdata/capi/example_changes.txt, the same output as render", async () => {
  const plan = read("testdata/examples/plan.json");
  const schemas = read("testdata/examples/schemas.json");
  for (const options of [{}, { format: "markdown" }, { action: "create" }, { failOn: "drift" }]) {
    const r = await renderChanges(plan, { schemas, ...options });
    const dump = r.changes.map((c) => `address: ${c.address}\nprevious_address: ${c.previousAddress}\n` +
      `action: ${c.action}\naction_reason: ${c.actionReason}\ndeposed: ${c.deposed}\ndiff:\n${c.diff}\n--\n`).join("");
    assertSameBytes(dump, read("testdata/capi/example_changes.txt"), `changes ${JSON.stringify(options)}`);
    const plain = await render(plan, { schemas, ...options });
    assert.deepEqual({ output: r.output, messages: r.messages, status: r.status }, plain);
  }
  for (const input of [read(`${equivalence}moved_with_drift/state.json`), read(`${equivalence}moved_with_drift/apply.jsonl`), "{"]) {
    assert.deepEqual((await renderChanges(input)).changes, []);
  }
});

// Every call frees what it allocated, failures (thrown inside) included: after the same
// calls again, the heap has not grown and a fresh 1 MiB block lands where it did before.
test("no memory is kept between calls", async () => {
  const m = await init();
  const plan = read("testdata/examples/plan.json");
  const schemas = read("testdata/examples/schemas.json");
  const calls = async () => {
    for (let i = 0; i < 30; i++) {
      await render(plan, { schemas });
      await render("{");
      await render(plan, { bogus: true });
      await renderChanges(plan, { schemas, mask: ["e450ef2f-[0-9a-f-]+"] });
    }
  };
  const probe = () => {
    const p = m._malloc(1 << 20);
    m._free(p);
    return [m.HEAPU8.length, p];
  };
  await calls();
  const before = probe();
  await calls();
  assert.deepEqual(probe(), before);
});

// The package by its own name (Node resolves it from inside it, as from a project that
// installed it): the module, and the .wasm a bundler or page hands to init().
test("the package exports the module, its .wasm and package.json", async () => {
  const self = await import("planview");
  assert.equal(self.render, render);
  const require = createRequire(import.meta.url);
  const wasm = require.resolve("planview/build/planview_wasm.wasm");
  assert.equal(wasm, new URL("build/planview_wasm.wasm", import.meta.url).pathname);
  assert.ok(WebAssembly.validate(readFileSync(wasm)));
  assert.equal(require("planview/package.json").version, text("VERSION").trim());
});

test("version is the repository's VERSION", async () => {
  assert.equal(await version(), text("VERSION").trim());
});

// Loads planview in a fresh Node process with V8's compilation trace on (on standard
// output, read when the process ends), renders the example `renders` times, then runs a
// small module of the host's own until V8 has optimized its hot function (or 20 s) and
// prints whether it did. Resolves to { planviewOptimized: how many of planview's functions
// V8 optimized (the host module's function is #0, which in planview's module is an import),
// hostOptimized }.
function tieringProbe(renders, nodeFlags = []) {
  const planview = new URL("./planview.mjs", import.meta.url).href;
  const plan = new URL("testdata/examples/plan.json", root).href;
  const schemas = new URL("testdata/examples/schemas.json", root).href;
  // (func (export "spin") (param i32) (result i32)): the sum of n..1, in a loop.
  const spin = [0, 97, 115, 109, 1, 0, 0, 0, 1, 6, 1, 96, 1, 127, 1, 127, 3, 2, 1, 0, 7, 8, 1, 4, 115, 112, 105, 110,
    0, 0, 10, 27, 1, 25, 1, 1, 127, 3, 64, 32, 1, 32, 0, 106, 33, 1, 32, 0, 65, 1, 107, 34, 0, 13, 0, 11, 32, 1, 11];
  const script = `
    import { readFileSync } from "node:fs";
    import { init, render } from ${JSON.stringify(planview)};
    await init();
    const plan = readFileSync(new URL(${JSON.stringify(plan)}));
    const schemas = readFileSync(new URL(${JSON.stringify(schemas)}));
    for (let i = 0; i < ${renders}; i++) await render(plan, { schemas, color: "never" });
    const host = new WebAssembly.Instance(new WebAssembly.Module(new Uint8Array(${JSON.stringify(spin)})));
    const until = Date.now() + 20000;
    while (!%IsTurboFanFunction(host.exports.spin) && Date.now() < until) {
      host.exports.spin(100000);
      await new Promise((resolve) => setImmediate(resolve));
    }
    console.log("host optimized: " + %IsTurboFanFunction(host.exports.spin));`;
  const child = spawnSync(process.execPath,
    [...nodeFlags, "--allow-natives-syntax", "--trace-wasm-compilation-times", "--input-type=module", "-e", script],
    { encoding: "utf-8", maxBuffer: 1 << 26 });
  assert.equal(child.status, 0, child.stderr);
  const lines = child.stdout.split("\n");
  return {
    planviewOptimized: lines.filter((l) => / using TurboFan/.test(l) && !/#0 using TurboFan/.test(l)).length,
    hostOptimized: lines.includes("host optimized: true"),
  };
}

// In Node 18 and 20 (V8 10 and 11, whose flags planview.mjs knows) planview's module runs
// on V8's baseline compiler alone.
const knowsTiering = ["10", "11"].includes(process.versions.v8.split(".")[0]);

test("in Node, planview's module is never re-optimized; a host's module still is", { skip: !knowsTiering }, () => {
  const seen = tieringProbe(20);
  // With V8's defaults, twenty renders of the example optimize some sixty functions.
  assert.equal(seen.planviewOptimized, 0, `${seen.planviewOptimized} of planview's functions were optimized`);
  assert.equal(seen.hostOptimized, true, "the host's module, compiled afterwards, was never optimized");
});

test("tiering flags the host chose are left alone", { skip: !knowsTiering }, () => {
  const seen = tieringProbe(3, ["--wasm-dynamic-tiering", "--wasm-tiering-budget=1000"]);
  assert.ok(seen.planviewOptimized > 10, `only ${seen.planviewOptimized} of planview's functions were optimized`);
  assert.equal(seen.hostOptimized, true);
});
