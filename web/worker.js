// The viewer's render worker. build_web.mjs puts it after emscripten's glue,
// js/planview.mjs (made classic scripts) and render_model.js and the .wasm as base64 (PLANVIEW_WASM_BASE64),
// all in one function scope, and the page starts it from a blob: URL: nothing is fetched.
//
// Messages in:  { id, type: "render" | "markdown", input: ArrayBuffer,
//                 schemas: ArrayBuffer | null, options: { product, verbose, showSensitive } }
// Messages out: { id, type: "rendered", output, messages, status, changes, blocks, runs,
//                 summary, ms }   (changes without their diff; blocks and runs: render_model.js)
//               { id, type: "markdown", output, messages, status }
//               { id, type: "failed", message }   (an exception, not a CLI status)
//               { id, type: "dropped" }   (a render replaced by a newer one before it started)
// First message in: { type: "start", module }: a compiled WebAssembly.Module the page kept
// from an earlier worker, or null (then the inlined bytes are compiled).
//               { type: "ready", version, module } once the module is compiled (the page
//               keeps it for a restart), or { type: "fatal", message }

// Above this many characters of output the coloured render is skipped (the page would
// spend longer building spans than rendering): the text is shown plain.
var COLOR_LIMIT = 4 * 1024 * 1024;

var wasmBytesDecoded = null;
var compiled = null; // Promise of the WebAssembly.Module

function wasmModuleBytes() {
  if (wasmBytesDecoded === null) {
    var bin = atob(PLANVIEW_WASM_BASE64);
    var out = new Uint8Array(bin.length);
    for (var i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
    wasmBytesDecoded = out;
  }
  return wasmBytesDecoded;
}

// The compiled module: the one the page kept from an earlier worker (a restart after a
// cancel then costs no compile), or compiled here from the inlined bytes.
function wasmModule() {
  if (compiled === null) compiled = WebAssembly.compile(wasmModuleBytes());
  return compiled;
}

function baseOptions(msg) {
  var o = {};
  var opts = msg.options || {};
  if (opts.product) o.product = String(opts.product);
  if (opts.verbose) o.verbose = true;
  if (opts.showSensitive) o.showSensitive = true;
  if (msg.schemas) o.schemas = new Uint8Array(msg.schemas);
  return o;
}

function withOption(base, name, value) {
  var o = Object.assign({}, base);
  o[name] = value;
  return o;
}

async function handle(msg) {
  // init() keeps the instance; after a trap planview.mjs drops it and instantiates the
  // module again.
  await init(await wasmModule());
  var input = new Uint8Array(msg.input);
  var base = baseOptions(msg);
  if (msg.type === "markdown") {
    var md = withOption(base, "format", "markdown");
    delete md.showSensitive; // the CLI refuses --show-sensitive with markdown
    var m = await render(input, md);
    return { id: msg.id, type: "markdown", output: m.output, messages: m.messages, status: m.status };
  }
  var t0 = performance.now();
  var plain = await renderChanges(input, withOption(base, "color", "never"));
  var runs = null;
  var summary = null;
  if ((plain.status === 0 || plain.status === 3) && plain.output.length > 0) {
    if (plain.output.length <= COLOR_LIMIT) {
      var c = await render(input, withOption(base, "color", "always"));
      if (c.status === plain.status) runs = PlanviewRenderModel.styleRuns(plain.output, c.output);
    }
    if (plain.changes.length > 0) {
      var s = await render(input, withOption(base, "summaryOnly", true));
      if (s.status === 0) summary = s.output;
    }
  }
  var blocks = PlanviewRenderModel.locateBlocks(plain.output, plain.changes);
  // The page needs each change's data, not its diff text (it has the whole output).
  var changes = plain.changes.map(function (ch) {
    return { address: ch.address, previousAddress: ch.previousAddress, action: ch.action, actionReason: ch.actionReason, deposed: ch.deposed };
  });
  return {
    id: msg.id,
    type: "rendered",
    output: plain.output,
    messages: plain.messages,
    status: plain.status,
    changes: changes,
    blocks: blocks,
    runs: runs,
    summary: summary,
    ms: Math.round(performance.now() - t0),
  };
}

function start(module) {
  if (module instanceof WebAssembly.Module) compiled = Promise.resolve(module);
  wasmModule()
    .then(function (m) {
      return init(m).then(function () {
        return version();
      }).then(function (v) {
        self.postMessage({ type: "ready", version: v, module: m });
      });
    })
    .catch(function (error) {
      self.postMessage({ type: "fatal", message: String((error && error.message) || error) });
    });
}

// Requests wait in a queue; between two of them the worker lets the page's newer messages
// in, and a render with a newer render behind it is dropped unrendered ({ type: "dropped" }):
// the page only shows the latest (files changed in quick succession).
var queue = [];
var draining = false;

function nextTask() {
  return new Promise(function (resolve) {
    setTimeout(resolve, 0);
  });
}

async function drain() {
  draining = true;
  while (queue.length > 0) {
    await nextTask();
    var msg = queue.shift();
    var stale = msg.type === "render" && queue.some(function (m) {
      return m.type === "render";
    });
    if (stale) {
      self.postMessage({ id: msg.id, type: "dropped" });
      continue;
    }
    try {
      self.postMessage(await handle(msg));
    } catch (error) {
      self.postMessage({ id: msg.id, type: "failed", message: String((error && error.message) || error) });
    }
  }
  draining = false;
}

// The page's first message is { type: "start", module: WebAssembly.Module | null }.
self.onmessage = function (event) {
  var msg = event.data;
  if (msg.type === "start") {
    start(msg.module);
    return;
  }
  queue.push(msg);
  if (!draining) drain();
};
