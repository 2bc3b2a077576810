// The viewer's render worker. build_web.mjs puts it after emscripten's glue and
// js/planview.mjs (made classic scripts) and the .wasm as base64 (PLANVIEW_WASM_BASE64),
// all in one function scope, and the page starts it from a blob: URL: nothing is fetched.
//
// Messages in:  { id, type: "render" | "markdown", input: ArrayBuffer,
//                 schemas: ArrayBuffer | null, options: { product, verbose, showSensitive } }
// Messages out: { id, type: "rendered", output, messages, status, changes, color, summary, ms }
//               { id, type: "markdown", output, messages, status }
//               { id, type: "failed", message }   (an exception, not a CLI status)
//               { type: "ready", version } once the module is compiled, or { type: "fatal", message }

// Above this many characters of output the coloured render is skipped (the page would
// spend longer building spans than rendering): the text is shown plain.
var COLOR_LIMIT = 4 * 1024 * 1024;

var wasmBytesDecoded = null;

function wasmModuleBytes() {
  if (wasmBytesDecoded === null) {
    var bin = atob(PLANVIEW_WASM_BASE64);
    var out = new Uint8Array(bin.length);
    for (var i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
    wasmBytesDecoded = out;
  }
  return wasmBytesDecoded;
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
  // init() keeps the instance; after a trap planview.mjs drops it and loads these bytes again.
  await init(wasmModuleBytes());
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
  var color = null;
  var summary = null;
  if ((plain.status === 0 || plain.status === 3) && plain.output.length > 0) {
    if (plain.output.length <= COLOR_LIMIT) {
      var c = await render(input, withOption(base, "color", "always"));
      if (c.status === plain.status) color = c.output;
    }
    if (plain.changes.length > 0) {
      var s = await render(input, withOption(base, "summaryOnly", true));
      if (s.status === 0) summary = s.output;
    }
  }
  return {
    id: msg.id,
    type: "rendered",
    output: plain.output,
    messages: plain.messages,
    status: plain.status,
    changes: plain.changes,
    color: color,
    summary: summary,
    ms: Math.round(performance.now() - t0),
  };
}

self.onmessage = function (event) {
  var msg = event.data;
  handle(msg).then(
    function (reply) {
      self.postMessage(reply);
    },
    function (error) {
      self.postMessage({ id: msg.id, type: "failed", message: String((error && error.message) || error) });
    }
  );
};

// Compile the module while the user picks a file; the page shows the version once ready.
init(wasmModuleBytes())
  .then(function () {
    return version();
  })
  .then(
    function (v) {
      self.postMessage({ type: "ready", version: v });
    },
    function (error) {
      self.postMessage({ type: "fatal", message: String((error && error.message) || error) });
    }
  );
