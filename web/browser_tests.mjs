// Browser tests of the offline viewer: headless Chromium (Debian's) driven by playwright-core.
// Run through web/run_browser_tests.sh, which builds the page and sets:
//   PLANVIEW_BIN   the planview CLI (the reference every render is compared with)
//   PLANVIEW_WEB   the built page's directory (web/build_web.sh's output)
//   CHROMIUM       the browser (default /usr/bin/chromium)
//   PLANVIEW_SCREENSHOT  optional: where to write the screenshot (docs/web-viewer.png)
// Every render is compared byte for byte with the CLI's output (`planview FILE [--schemas
// S] --color never`), errors with the CLI's standard error and exit status.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { readdirSync, existsSync, mkdtempSync, writeFileSync, readFileSync, copyFileSync, statSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import { join, resolve, dirname, extname } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { chromium } from "playwright-core";

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, "..");
const bin = process.env.PLANVIEW_BIN;
const web = process.env.PLANVIEW_WEB;
if (!bin || !web) throw new Error("set PLANVIEW_BIN and PLANVIEW_WEB (web/run_browser_tests.sh does)");
const equivalence = join(root, "testdata/conformance/equivalence");
const planfiles = join(root, "testdata/planfiles/pairs");

let browser;
let context;
let page;
const requests = []; // every URL the pages asked for
const blocked = []; // requests refused: anything not the page's own files
let loadedAt = 0; // requests.length once the page had loaded
let server;
let serverOrigin;

function cli(args, options = {}) {
  const r = spawnSync(bin, args, { encoding: "utf8", maxBuffer: 256 << 20, ...options });
  if (r.error) throw r.error;
  return { output: r.stdout, messages: r.stderr, status: r.status };
}

// The CLI's render of `plan` (with `schemas`), as the page must show it.
function expected(plan, schemas, extra = []) {
  const args = [plan, ...(schemas ? ["--schemas", schemas] : []), "--color", "never", ...extra];
  return cli(args);
}

async function renderIn(p, plan, schemas) {
  await p.setInputFiles("#schemas-input", schemas ? [schemas] : []);
  await p.setInputFiles("#plan-input", plan ? [plan] : []);
  await p.waitForSelector('#plan-output[data-state="done"], #plan-output[data-state="error"]', { timeout: 20000 });
  return p.$eval("#plan-output", (e) => ({ text: e.textContent, state: e.dataset.state, status: e.dataset.status }));
}

async function assertSameAsCli(p, plan, schemas, label) {
  const want = expected(plan, schemas);
  assert.equal(want.status, 0, `${label}: the CLI failed: ${want.messages}`);
  const got = await renderIn(p, plan, schemas);
  assert.equal(got.state, "done", `${label}: ${got.text}`);
  assert.equal(got.status, "0", label);
  assert.ok(got.text === want.output, `${label}: #plan-output differs from the CLI's output\n--- page\n${got.text}\n--- cli\n${want.output}`);
}

function allowedUrl(url) {
  if (url.startsWith("file://") || url.startsWith("blob:") || url.startsWith("data:")) return true;
  return serverOrigin !== undefined && url.startsWith(serverOrigin + "/");
}

before(async () => {
  server = createServer((req, res) => {
    const path = join(web, decodeURIComponent(new URL(req.url, "http://x").pathname));
    if (!path.startsWith(resolve(web)) || !existsSync(path) || !statSync(path).isFile()) {
      res.writeHead(404).end();
      return;
    }
    const types = { ".html": "text/html", ".js": "text/javascript", ".css": "text/css" };
    res.writeHead(200, { "content-type": types[extname(path)] || "application/octet-stream" });
    res.end(readFileSync(path));
  });
  await new Promise((ok) => server.listen(0, "127.0.0.1", ok));
  serverOrigin = `http://127.0.0.1:${server.address().port}`;

  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu"],
    // Chromium maps file paths through the locale's encoding: under Bazel's bare
    // environment (the C locale) it cannot choose a file whose name is not ASCII.
    env: { ...process.env, LC_ALL: "C.UTF-8" },
  });
  context = await browser.newContext({ viewport: { width: 1400, height: 1000 }, colorScheme: "light" });
  context.on("request", (r) => requests.push(r.url()));
  await context.route("**/*", (route) => {
    const url = route.request().url();
    if (allowedUrl(url)) return route.continue();
    blocked.push(url);
    return route.abort();
  });
  await context.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener("securitypolicyviolation", (e) => window.__cspViolations.push(e.violatedDirective + " " + e.blockedURI));
  });
  page = await context.newPage();
  page.on("pageerror", (e) => {
    throw new Error(`page error: ${e.message}`);
  });
  await page.goto(pathToFileURL(join(web, "index.html")).href);
  await page.waitForFunction(() => document.getElementById("version").textContent !== "", null, { timeout: 30000 });
  loadedAt = requests.length;
});

after(async () => {
  if (browser) await browser.close();
  if (server) server.close();
});

test("from file://, the page loads only its own files and compiles the module", async () => {
  const loaded = requests.slice(0, loadedAt);
  for (const url of loaded) assert.ok(url.startsWith("file://") || url.startsWith("blob:"), `request at load: ${url}`);
  assert.ok(loaded.some((u) => u.endsWith("/planview-engine.js")), loaded.join("\n"));
  assert.match(await page.$eval("#version", (e) => e.textContent), /^\d+\.\d+\.\d+/);
  assert.equal(await page.$eval("#plan-output", (e) => e.dataset.state), "empty");
});

test("equivalence plans with their schemas: #plan-output is the CLI's output byte for byte", async () => {
  const cases = readdirSync(equivalence).filter((d) => existsSync(join(equivalence, d, "plan.json")));
  assert.ok(cases.length >= 40, `only ${cases.length} equivalence cases`);
  // Every fourth case keeps the suite short; the node tests (js/) render all of them.
  for (const c of cases.filter((_, n) => n % 4 === 0)) {
    await assertSameAsCli(page, join(equivalence, c, "plan.json"), join(equivalence, c, "schemas.json"), c);
  }
});

test("plans without schemas, states and logs", async () => {
  const cases = readdirSync(equivalence).filter((d) => existsSync(join(equivalence, d, "plan.json")));
  for (const c of cases.filter((_, n) => n % 10 === 5)) {
    await assertSameAsCli(page, join(equivalence, c, "plan.json"), null, `${c} without schemas`);
  }
  const states = cases.filter((c) => existsSync(join(equivalence, c, "state.json"))).filter((_, n) => n % 8 === 0);
  assert.ok(states.length >= 3);
  for (const c of states) {
    await assertSameAsCli(page, join(equivalence, c, "state.json"), join(equivalence, c, "schemas.json"), `${c} state`);
  }
  const logs = ["opentofu", "terraform"].flatMap((p) =>
    readdirSync(join(root, "testdata/logs", p)).filter((f) => f.endsWith(".jsonl")).slice(0, 2).map((f) => join(root, "testdata/logs", p, f)));
  assert.equal(logs.length, 4);
  for (const log of logs) await assertSameAsCli(page, log, null, log);
  const applied = cases.filter((c) => existsSync(join(equivalence, c, "apply.jsonl"))).slice(0, 2);
  for (const c of applied) await assertSameAsCli(page, join(equivalence, c, "apply.jsonl"), null, `${c} apply log`);
});

test("binary plan files (tofu/terraform plan -out)", async () => {
  const cases = readdirSync(planfiles).filter((d) => existsSync(join(planfiles, d, "plan.bin")));
  assert.ok(cases.length >= 10);
  for (const c of cases.filter((_, n) => n % 5 === 0)) await assertSameAsCli(page, join(planfiles, c, "plan.bin"), null, `${c}/plan.bin`);
});

test("hostile inputs: the CLI's one-line message and exit status, data-state=error", async () => {
  const dir = mkdtempSync(join(tmpdir(), "planview-web-"));
  const planBin = readFileSync(join(planfiles, "kpeacocke__terraform-github-repo__root", "plan.bin"));
  const plan = readFileSync(join(equivalence, "basic_list", "plan.json"));
  const files = {
    "truncated.tfplan": planBin.subarray(0, planBin.length >> 1),
    "image.png": Buffer.from("89504e470d0a1a0a0000000d4948445200000001000000010806000000", "hex"),
    "empty.json": Buffer.alloc(0),
    "nested.json": Buffer.from("[".repeat(200000)),
    "control.json": Buffer.from('{"format_version":"1.2","\u001b[31m":"\u0007\u0000\r"}'),
    "truncated.json": plan.subarray(0, plan.length - 40),
    // Names the CLI's messages quote as Go's %q does (cmd/console.h ForMessage), and
    // names they show as they are.
    "esc\u001b[31m.json": Buffer.from("{"),
    "new\nline \"q\" back\\slash.json": Buffer.from("[1]"),
    "nbsp\u00a0del\u007f\u0085\u{e0001}.tfplan": planBin.subarray(0, 100),
    "ünï cödé #&<b>.json": Buffer.from("{]"),
  };
  for (const [name, bytes] of Object.entries(files)) {
    writeFileSync(join(dir, name), bytes);
    const want = cli([name, "--color", "never"], { cwd: dir });
    assert.notEqual(want.status, 0, `${name}: the CLI accepted it`);
    const got = await renderIn(page, join(dir, name), null);
    assert.equal(got.state, "error", `${name}: ${got.text}`);
    assert.equal(got.status, String(want.status), name);
    assert.equal(got.text, want.messages, name);
  }
  // Schemas that are not schemas: the CLI's message about them, naming the file; and
  // schemas given with a log, which the CLI refuses (usage, status 2).
  const badSchemas = "schemas \"\u001b\".json";
  writeFileSync(join(dir, badSchemas), '{"provider_schemas": [1,');
  writeFileSync(join(dir, "plan.json"), plan);
  copyFileSync(join(root, "testdata/logs/opentofu/all_types.jsonl"), join(dir, "log.jsonl"));
  for (const input of ["plan.json", "log.jsonl"]) {
    const want = cli([input, "--schemas", badSchemas, "--color", "never"], { cwd: dir });
    assert.notEqual(want.status, 0, input);
    const got = await renderIn(page, join(dir, input), join(dir, badSchemas));
    assert.equal(got.state, "error", input);
    assert.equal(got.status, String(want.status), input);
    assert.equal(got.text, want.messages, input);
  }
  // Markup and control characters in values render as the CLI prints them, as text: no
  // element is made of them and no script runs.
  const hostile = plan.toString("utf8").split("9C2BE420-042D-440A-96E9-75565341C994")
    .join('<img src=x onerror=\\"window.__pwned=1\\"><script>window.__pwned=2</script>\\u001b[31m\\u0007\\r\\u0000 &amp;');
  assert.notEqual(hostile, plan.toString("utf8"));
  writeFileSync(join(dir, "markup.json"), hostile);
  await assertSameAsCli(page, join(dir, "markup.json"), join(equivalence, "basic_list", "schemas.json"), "markup.json");
  assert.equal(await page.$$eval("#plan-output img, #plan-output script", (els) => els.length), 0);
  assert.equal(await page.evaluate(() => window.__pwned), undefined);
  assert.match(await page.$eval("#plan-output", (e) => e.textContent), /<script>window\.__pwned=2<\/script>/);
  // The page still renders after all that.
  await assertSameAsCli(page, join(equivalence, "basic_list", "plan.json"), join(equivalence, "basic_list", "schemas.json"), "after errors");
});

test("filters by action and address, folding and search change what is shown, never textContent", async () => {
  const plan = join(planfiles, "kpeacocke__terraform-github-repo__root", "plan.bin");
  const want = expected(plan, null).output;
  await assertSameAsCli(page, plan, null, "kpeacocke");
  // The text not hidden by display: none (innerText leaves out the blocks that
  // content-visibility skips, off screen).
  const visible = () =>
    page.$eval("#plan-output", (root) => {
      let text = "";
      const walk = (node) => {
        for (const c of node.childNodes) {
          if (c.nodeType === Node.TEXT_NODE) text += c.data;
          else if (c.nodeType === Node.ELEMENT_NODE && getComputedStyle(c).display !== "none") walk(c);
        }
      };
      walk(root);
      return text;
    });
  const textContent = () => page.$eval("#plan-output", (e) => e.textContent);
  const heads = (text) => text.split("\n").filter((l) => /^ {2}# \S+ (will|must)/.test(l));
  const all = heads(await visible());
  assert.equal(all.length, 20, all.join("\n"));
  assert.equal(await visible(), want);
  assert.equal(await page.$eval("#plan-output", (e) => e.dataset.filtered), "false");

  // Action: only deletes.
  for (const a of ["update", "delete-then-create"]) await page.uncheck(`#action-filters input[value="${a}"]`);
  let shown = heads(await visible());
  assert.equal(shown.length, 2, shown.join("\n"));
  assert.ok(shown.every((l) => l.includes("will be destroyed")), shown.join("\n"));
  assert.equal(await textContent(), want);
  assert.equal(await page.$eval("#plan-output", (e) => e.dataset.filtered), "true");
  for (const a of ["update", "delete-then-create"]) await page.check(`#action-filters input[value="${a}"]`);

  // Address: a glob and a substring.
  const addresses = await page.$$eval("#plan-output .res", (els) => els.map((e) => e.dataset.address));
  const target = addresses[addresses.length - 1];
  await page.fill("#address-filter", target);
  shown = heads(await visible());
  assert.deepEqual(shown.map((l) => l.trim().split(" ")[1]), addresses.filter((a) => a.toLowerCase().includes(target.toLowerCase())));
  const type = target.replace(/^(module\.[^.]+\.)*/, "").split(".")[0];
  await page.fill("#address-filter", type + ".*");
  shown = heads(await visible());
  assert.equal(shown.length, addresses.filter((a) => a.replace(/^(module\.[^.]+\.)*/, "").startsWith(type + ".")).length);
  await page.fill("#address-filter", "no_such_resource_*");
  assert.equal(heads(await visible()).length, 0);
  assert.match(await page.$eval("#filter-count", (e) => e.textContent), /^0 of 20 resources shown$/);
  await page.fill("#address-filter", "");
  assert.equal(heads(await visible()).length, 20);

  // Search (case-insensitive): only resources with a match stay, the matches are counted.
  const word = "DependaBot";
  const occurrences = want.split(/dependabot/i).length - 1;
  assert.ok(occurrences > 1, "pick another search word");
  await page.fill("#search", word);
  assert.equal(await page.$eval("#search-count", (e) => e.textContent), `${occurrences} matches`);
  const withWord = await page.$$eval("#plan-output .res", (els) =>
    els.filter((e) => /dependabot/i.test(e.textContent)).map((e) => e.dataset.address));
  shown = heads(await visible());
  assert.ok(withWord.length > 0 && withWord.length < 20, withWord.join(" "));
  assert.deepEqual(shown.map((l) => l.trim().split(" ")[1]), withWord);
  assert.equal(await textContent(), want);
  await page.press("#search", "Enter");
  assert.equal(await page.$eval("#search-count", (e) => e.textContent), `1 of ${occurrences} matches`);
  await page.press("#search", "Enter");
  assert.equal(await page.$eval("#search-count", (e) => e.textContent), `2 of ${occurrences} matches`);
  await page.fill("#search", "zz-not-in-the-plan-zz");
  assert.equal(await page.$eval("#search-count", (e) => e.textContent), "no match");
  assert.equal(heads(await visible()).length, 0);
  await page.fill("#search", "");
  assert.equal(await page.$eval("#plan-output", (e) => e.dataset.filtered), "false");
  assert.equal(heads(await visible()).length, 20);

  // Folding: a click on a resource's first line hides its body, not the line.
  const first = page.locator("#plan-output .res-head").first();
  const before = await visible();
  await first.click();
  const folded = await visible();
  assert.ok(folded.length < before.length);
  assert.ok(folded.includes(heads(before)[0]));
  assert.equal(await textContent(), want);
  await first.click();
  assert.equal(await visible(), before);
  // From the keyboard: the first line is a button (Enter or Space).
  await first.focus();
  await page.keyboard.press("Enter");
  assert.equal(await first.getAttribute("aria-expanded"), "false");
  assert.equal(await visible(), folded);
  await page.keyboard.press(" ");
  assert.equal(await first.getAttribute("aria-expanded"), "true");
  assert.equal(await visible(), before);
  await page.click("#fold-all");
  assert.equal(heads(await visible()).length, 20);
  assert.ok((await visible()).length < folded.length);
  await page.click("#unfold-all");
  assert.equal(await visible(), before);
  assert.equal(await textContent(), want);
});

test("options and the Markdown comment render as the CLI does", async () => {
  const dir = join(equivalence, "replace_within_list");
  const plan = join(dir, "plan.json");
  const schemas = join(dir, "schemas.json");
  await assertSameAsCli(page, plan, schemas, "replace_within_list");
  await page.click("#copy-markdown");
  await page.waitForSelector('#markdown-output[data-state="done"], #markdown-output[data-state="error"]');
  const md = await page.$eval("#markdown-output", (e) => ({ value: e.value, state: e.dataset.state }));
  const wantMd = cli([plan, "--schemas", schemas, "--format", "markdown"]);
  assert.equal(wantMd.status, 0);
  assert.equal(md.state, "done");
  assert.equal(md.value, wantMd.output);

  // A plan without changes (no resource, no summary) and a state, which the CLI refuses
  // Markdown for: the comment or the CLI's message, shown.
  const dir2 = mkdtempSync(join(tmpdir(), "planview-web-"));
  const noChanges = join(dir2, "no changes.json");
  writeFileSync(noChanges, JSON.stringify({ ...JSON.parse(readFileSync(plan, "utf8")), resource_changes: [] }));
  for (const input of [noChanges, join(dir, "state.json")]) {
    await assertSameAsCli(page, input, schemas, input);
    await page.click("#copy-markdown");
    await page.waitForSelector('#markdown-output[data-state="done"], #markdown-output[data-state="error"]');
    const got = await page.$eval("#markdown-output", (e) => ({ value: e.value, state: e.dataset.state }));
    const want = cli([input, "--schemas", schemas, "--format", "markdown"]);
    assert.equal(got.state, want.status === 0 ? "done" : "error", input);
    assert.equal(got.value, want.status === 0 ? want.output : want.messages, input);
  }
  await assertSameAsCli(page, plan, schemas, "replace_within_list");

  await page.selectOption("#opt-product", "terraform");
  await page.waitForSelector('#plan-output[data-state="done"]');
  const tf = await page.$eval("#plan-output", (e) => e.textContent);
  assert.equal(tf, expected(plan, schemas, ["--product", "terraform"]).output);
  await page.selectOption("#opt-product", "");
  await page.waitForSelector('#plan-output[data-state="done"]');
  assert.equal(await page.$eval("#plan-output", (e) => e.textContent), expected(plan, schemas).output);
});

test("files changed in quick succession: the last one is shown", async () => {
  await page.setInputFiles("#schemas-input", []);
  const plans = ["AzinBehdarvand__infra-automation__root", "Biswajee__terraform-buildpipeline__root", "angey__ci-github-action__root"]
    .map((c) => join(planfiles, c, "plan.bin"));
  for (const plan of plans) await page.setInputFiles("#plan-input", plan);
  await page.waitForSelector('#plan-output[data-state="done"], #plan-output[data-state="error"]');
  assert.equal(await page.$eval("#plan-output", (e) => e.textContent), expected(plans[2], null).output);
});

test("a path chosen again after its file was rewritten renders the file as it is now", async () => {
  // Chromium fires no change for the path chosen before, only "cancel"; the input holds
  // the new File all the same.
  const dir = mkdtempSync(join(tmpdir(), "planview-web-"));
  const [plan, schemas] = [join(dir, "plan.json"), join(dir, "schemas.json")];
  const a = join(equivalence, "basic_list");
  const b = join(equivalence, "nested_objects_update");
  copyFileSync(join(a, "plan.json"), plan);
  copyFileSync(join(a, "schemas.json"), schemas);
  await assertSameAsCli(page, plan, schemas, "first plan.json");
  copyFileSync(join(b, "plan.json"), plan);
  await assertSameAsCli(page, plan, schemas, "plan.json rewritten");
  copyFileSync(join(b, "schemas.json"), schemas);
  await assertSameAsCli(page, plan, schemas, "schemas.json rewritten");
});

test("a render that prints nothing is done and shown; long text is laid out in blocks of lines", async () => {
  const dir = mkdtempSync(join(tmpdir(), "planview-web-"));
  // A log of only its version message: the CLI prints nothing. A test waiting for the
  // output to be visible in state "done" must not wait forever.
  const log = join(dir, "version-only.jsonl");
  writeFileSync(log, readFileSync(join(root, "testdata/logs/opentofu/all_types.jsonl"), "utf8").split("\n")[0] + "\n");
  const empty = expected(log, null);
  assert.equal(empty.status, 0);
  assert.equal(empty.output, "");
  await page.setInputFiles("#schemas-input", []);
  await page.setInputFiles("#plan-input", log);
  await page.waitForSelector('#plan-output[data-state="done"]', { state: "visible", timeout: 20000 });
  assert.equal(await page.$eval("#plan-output", (e) => e.textContent), "");
  // A state of 300 resources (about 2,400 lines, no resource blocks): laid out in blocks of
  // at most 400 lines, so that only those near the screen are (one block of megabytes
  // takes the browser seconds to lay out, and a visibility check waits for it).
  const one = JSON.parse(readFileSync(join(equivalence, "basic_list", "state.json"), "utf8"));
  const resource = one.values.root_module.resources[0];
  one.values.root_module.resources = Array.from({ length: 300 }, (_, n) =>
    ({ ...resource, name: `list${n}`, address: `tfcoremock_list.list${n}` }));
  const state = join(dir, "state.json");
  writeFileSync(state, JSON.stringify(one));
  await assertSameAsCli(page, state, join(equivalence, "basic_list", "schemas.json"), "300-resource state");
  const lines = await page.$$eval("#plan-output .seg", (els) => els.map((e) => e.textContent.split("\n").length - 1));
  assert.ok(lines.length >= 6 && lines.every((n) => n <= 400), lines.join(" "));
});

test("dropping a plan and its schemas together renders with the schemas", async () => {
  const dir = join(equivalence, "nested_objects_update");
  const files = ["schemas.json", "plan.json"].map((f) => ({ name: f, text: readFileSync(join(dir, f), "utf8") }));
  await page.evaluate((list) => {
    const dt = new DataTransfer();
    for (const f of list) dt.items.add(new File([f.text], f.name, { type: "application/json" }));
    window.dispatchEvent(new DragEvent("drop", { dataTransfer: dt, bubbles: true, cancelable: true }));
  }, files);
  await page.waitForFunction(() => document.getElementById("plan-input").files[0]?.name === "plan.json");
  await page.waitForSelector('#plan-output[data-state="done"], #plan-output[data-state="error"]');
  assert.equal(await page.$eval("#plan-output", (e) => e.textContent), expected(join(dir, "plan.json"), join(dir, "schemas.json")).output);
  assert.equal(await page.$eval("#schemas-input", (e) => e.files[0].name), "schemas.json");
});

test("from a static server: same render, only same-origin requests", async () => {
  const p = await context.newPage();
  try {
    const first = requests.length;
    await p.goto(`${serverOrigin}/index.html`);
    const dir = join(equivalence, "fully_populated_complex_update");
    await assertSameAsCli(p, join(dir, "plan.json"), join(dir, "schemas.json"), "over http");
    for (const url of requests.slice(first)) assert.ok(url.startsWith(serverOrigin + "/") || url.startsWith("blob:"), url);
  } finally {
    await p.close();
  }
});

test("screenshot: a plan with updates, deletes and replaces, folded but for two resources", async () => {
  const plan = join(planfiles, "kpeacocke__terraform-github-repo__root", "plan.bin");
  await page.setViewportSize({ width: 1280, height: 860 });
  await assertSameAsCli(page, plan, null, "kpeacocke");
  await page.click("#fold-all");
  const heads = page.locator("#plan-output .res-head");
  await heads.nth(0).click();
  await heads.nth(2).click();
  assert.equal(await page.$$eval("#plan-output .res.folded", (els) => els.length), 18);
  await page.evaluate(() => window.scrollTo(0, 0));
  const png = join(mkdtempSync(join(tmpdir(), "planview-web-")), "web-viewer.png");
  await page.screenshot({ path: png });
  const bytes = readFileSync(png);
  assert.equal(bytes.subarray(1, 4).toString(), "PNG");
  if (process.env.PLANVIEW_SCREENSHOT) copyFileSync(png, process.env.PLANVIEW_SCREENSHOT);
  await page.click("#unfold-all");
});

test("no request left the page after load, none was refused, and its policy refuses any (page and worker)", async () => {
  assert.deepEqual(blocked, []);
  const later = requests.slice(loadedAt).filter((u) => !u.startsWith(serverOrigin + "/") && !u.startsWith("blob:"));
  assert.deepEqual(later, []);
  assert.deepEqual(await page.evaluate(() => window.__cspViolations), []);
  // And nothing could be sent: the page's policy refuses any connection, in the page and
  // in the render worker (a blob: worker has its creator's policy); the local server would
  // have answered.
  const probe = `${serverOrigin}/index.html`;
  // (no-cors: without the policy an opaque response would resolve.)
  const tryFetch = (url) => fetch(url, { mode: "no-cors" }).then(() => "fetched", () => "refused");
  const other = await context.newPage();
  const control = join(mkdtempSync(join(tmpdir(), "planview-web-")), "control.html");
  writeFileSync(control, "<!DOCTYPE html><title>no policy</title>");
  await other.goto(pathToFileURL(control).href);
  assert.equal(await other.evaluate(tryFetch, probe), "fetched"); // from a file:// page without the policy it does
  await other.close();
  assert.equal(await page.evaluate(tryFetch, probe), "refused");
  const workers = page.workers();
  assert.equal(workers.length, 1);
  assert.equal(await workers[0].evaluate(tryFetch, probe), "refused");
  const violations = await page.evaluate(() => window.__cspViolations);
  assert.ok(violations.length >= 1 && violations.every((v) => v.startsWith("connect-src")), violations.join("\n"));
});
