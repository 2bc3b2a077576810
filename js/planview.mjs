// planview in JavaScript: the C API (capi/planview.h) compiled to WebAssembly
// (//js:planview_wasm), for Node 18+ and browsers. Everything runs in this process: nothing
// is uploaded, no file is read but the .wasm itself.
//
//   import { render } from "./planview.mjs";
//   const { output, messages, status } = await render(planJson, { schemas, format: "markdown" });
//
// render(input, options) gives what `planview [options] -` prints with `input` on its
// standard input (a file): `output` (standard output), `messages` (standard error, one
// `planview: ...` line each) and `status` (0 rendered, 1 bad input, 2 bad usage, 3 a
// --fail-on/--protect gate failed), with the CLI's meanings and defaults; colour is off
// unless asked for. `input` is bytes or a string (its UTF-8; a lone surrogate is invalid
// UTF-8, as the CLI says for the bytes that would encode it). `options.schemas` is the
// provider schemas (`--schemas FILE`'s bytes); every other option is a long option of the
// CLI in camelCase (`showSensitive: true` is `--show-sensitive`, `mask: ["a", "b"]` is
// `--mask=a --mask=b`). A wrong option (one the CLI does not know, a name not in
// camelCase, a NUL in a value) is the CLI's usage error (status 2), not an exception; a
// wrong JavaScript type is a TypeError. The environment variables the CLI reads
// (TF_IN_AUTOMATION, --mask-env's) are this process's: Node's process.env, in a browser
// none.
import createPlanviewModule from "./build/planview_wasm.mjs";

const encoder = new TextEncoder();
// ignoreBOM: an output that starts with U+FEFF (a log's first line passed through) keeps it.
const decoder = new TextDecoder("utf-8", { ignoreBOM: true });

let loading = null; // Promise of the instantiated module
let loaded = null; // the module it resolved to

// Where the .wasm is found by default: next to the module factory.
const defaultWasm = new URL("./build/planview_wasm.wasm", import.meta.url);

async function wasmBytes(source) {
  if (source instanceof URL && source.protocol === "file:") {
    const { readFile } = await import("node:fs/promises");
    return readFile(source);
  }
  const response = await fetch(source);
  if (!response.ok) throw new Error(`planview: cannot load ${source}: HTTP ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}

// V8 first runs a module's functions as its baseline compiler (Liftoff) compiled them, and
// compiles the ones it finds hot again with its optimizing compiler (TurboFan). For this
// module the second compile is a poor trade where it matters most, in a process's first
// render: a 10 MB plan's first render set off about 250 such compiles, a second of CPU on
// one core, and even with V8's tiering budget at its maximum the parser's loops and the
// allocator (some 100 ms of compiling) still went. Later renders are no slower on
// Liftoff's code than with V8's usual tiering (10 MB: 79 against 87 ms).
// So in Node, where a program may set V8's flags (node:v8), this module runs on Liftoff
// alone. Two flags, both put back at once, before any other code of the program runs:
// - the module is compiled (synchronously) without dynamic tiering, which V8 decides per
//   module when it compiles one: its code counts no budget and asks for no optimizing;
// - a module without dynamic tiering gets an optimizing compile of each function when
//   the function first runs, if `--wasm-tier-up` is on at that moment: it is off while
//   this module runs (from instantiating it to the end of each call into it).
// Modules of the program's own keep V8's defaults (dynamic tiering ignores the second
// flag). Only on V8 versions whose defaults are known (10 and 11: Node 18 and 20, both
// flags on), and not when the program set these or related flags itself. Elsewhere
// (browsers, other versions) the module compiles and tiers up as V8 decides. A worker
// thread that compiles a module of its own during this one's compile (some 30 ms, once)
// gets it without dynamic tiering too: its functions are optimized when they first run.
// Likewise with planview in several worker threads at once, one's window can end inside
// another's call: that call's functions may then be optimized. Outputs never change.
const kTieringFlagsKnown = new Set(["10", "11"]);

async function nodeV8() {
  const node = globalThis.process?.versions?.node;
  if (typeof node !== "string") return null;
  if (!kTieringFlagsKnown.has(String(globalThis.process.versions.v8).split(".")[0])) return null;
  // Flags that set these two or imply them (--liftoff-only, --single-threaded, ...).
  const chosen = /^--(no-?)?(wasm[-_](dynamic[-_]tiering|tier[-_]up|jitless)|liftoff([-_]only)?|single[-_]threaded|predictable|jitless|fuzzing)(=|$)/;
  const { execArgv = [], env = {} } = globalThis.process;
  if ([...execArgv, ...String(env.NODE_OPTIONS || "").split(/\s+/)].some((a) => chosen.test(a))) return null;
  const name = "node:v8"; // a variable: bundlers for the browser leave it alone
  try {
    const imported = await import(/* webpackIgnore: true */ /* @vite-ignore */ name);
    const v8 = imported.default ?? imported;
    v8.setFlagsFromString("--wasm-tier-up"); // its default: does the runtime take flags?
    return v8;
  } catch {
    return null; // not Node's node:v8 (a runtime that imitates it)
  }
}

let nodeFlags = null; // node:v8 when this module runs on Liftoff alone (see above)
let inModule = 0; // depth of liftoffOnly calls

// Runs `f` (synchronous) with `--wasm-tier-up` off, as every call into the module is.
function liftoffOnly(f) {
  if (nodeFlags === null || inModule > 0) return f();
  nodeFlags.setFlagsFromString("--no-wasm-tier-up");
  inModule++;
  try {
    return f();
  } finally {
    inModule--;
    nodeFlags.setFlagsFromString("--wasm-tier-up");
  }
}

async function compileModule(bytes) {
  const v8 = await nodeV8();
  if (v8 === null) return WebAssembly.compile(bytes);
  nodeFlags = v8;
  v8.setFlagsFromString("--no-wasm-dynamic-tiering");
  try {
    return liftoffOnly(() => new WebAssembly.Module(bytes));
  } catch (error) {
    nodeFlags = null;
    throw error;
  } finally {
    v8.setFlagsFromString("--wasm-dynamic-tiering");
  }
}

async function instantiate(source) {
  let compiled;
  if (source instanceof WebAssembly.Module) {
    compiled = source;
  } else if (source instanceof ArrayBuffer || ArrayBuffer.isView(source)) {
    compiled = await compileModule(source);
  } else {
    // A string is a URL, relative to this module.
    compiled = await compileModule(await wasmBytes(source instanceof URL ? source : new URL(String(source), import.meta.url)));
  }
  let failed;
  const failure = new Promise((_, reject) => {
    failed = reject;
  });
  const ready = createPlanviewModule({
    // The glue never fetches or reads files: it is handed the compiled module.
    instantiateWasm(imports, receive) {
      WebAssembly.instantiate(compiled, imports).then((instance) => liftoffOnly(() => receive(instance, compiled)), failed);
      return {};
    },
    print() {},
    printErr() {},
  });
  return Promise.race([ready, failure]);
}

let wasmSource = defaultWasm;

/**
 * Loads the WebAssembly module (once; render() calls it itself). `wasm`: a URL (a string
 * is relative to this module), the .wasm's bytes, or a compiled WebAssembly.Module; by
 * default the planview_wasm.wasm next to this module. Resolves to the emscripten module.
 */
export function init(wasm) {
  if (loading === null) {
    if (wasm !== undefined) wasmSource = wasm;
    loading = instantiate(wasmSource);
    loading.then(
      (m) => {
        loaded = m;
      },
      () => {
        loading = null;
      },
    );
  }
  return loading;
}

// A lone surrogate: half of a UTF-16 pair without its other half, which a JavaScript
// string may hold and UTF-8 cannot encode.
const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const loneSurrogates = new RegExp(loneSurrogate.source, "g");

// The bytes of `text` as the CLI would read them: its UTF-8, except that each lone
// surrogate becomes the three bytes that would encode its code unit (U+D800 is ED A0 80),
// which the CLI refuses as invalid UTF-8 wherever it finds them (TextEncoder would put
// U+FFFD there and the document would render with a character it does not hold).
function utf8(text) {
  // (isWellFormed: Node 20+, current browsers.)
  const wellFormed = typeof text.isWellFormed === "function" ? text.isWellFormed() : !loneSurrogate.test(text);
  if (wellFormed) return encoder.encode(text);
  const parts = [];
  let from = 0;
  for (const match of text.matchAll(loneSurrogates)) {
    const unit = text.charCodeAt(match.index);
    parts.push(encoder.encode(text.slice(from, match.index)),
      Uint8Array.of(0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)));
    from = match.index + 1;
  }
  parts.push(encoder.encode(text.slice(from)));
  const bytes = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    bytes.set(p, at);
    at += p.length;
  }
  return bytes;
}

// What a JavaScript value is, for a TypeError's message.
function describe(value) {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  if (typeof value === "number") return Number.isNaN(value) ? "NaN" : String(value);
  return typeof value;
}

// An ArrayBuffer or SharedArrayBuffer, also one made in another realm (a vm context, an
// iframe), where instanceof does not see it.
function isBuffer(value) {
  const tag = Object.prototype.toString.call(value);
  return tag === "[object ArrayBuffer]" || tag === "[object SharedArrayBuffer]";
}

// The bytes of an input or of the schemas: a string as utf8() gives it, the bytes of an
// ArrayBuffer, a Uint8Array (a Buffer) or any other view (a DataView, a Uint16Array...).
function bytesOf(value, what) {
  if (typeof value === "string") return utf8(value);
  if (value instanceof Uint8Array) return value;
  if (ArrayBuffer.isView(value)) return new Uint8Array(value.buffer, value.byteOffset, value.byteLength);
  if (isBuffer(value)) return new Uint8Array(value);
  throw new TypeError(`planview: ${what}: expected a string, a Uint8Array or an ArrayBuffer, got ${describe(value)}`);
}

function optionValue(name, value) {
  if (typeof value === "string") return value;
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  if (typeof value === "bigint") return String(value);
  throw new TypeError(`planview: option ${name}: expected a string or a finite number, got ${describe(value)}`);
}

// Options are a plain object's own properties: a Map's entries would be silently no options.
function checkOptions(options) {
  const collection = options instanceof Map ? "a Map" : options instanceof Set ? "a Set" : null;
  if (options === null || typeof options !== "object" || Array.isArray(options) || collection !== null) {
    throw new TypeError(`planview: options: expected an object, got ${collection ?? describe(options)}`);
  }
}

// A usage error found here, before the module runs: the CLI's status 2, as its own are.
class UsageError extends Error {}

// The CLI's arguments for `options` (see toArgs). Throws TypeError for a wrong type,
// UsageError for a name that is not an option's or a value no argument can hold.
function optionArgs(options) {
  checkOptions(options);
  const args = [];
  for (const [name, value] of Object.entries(options)) {
    if (name === "schemas") continue;
    if (!/^[a-z][A-Za-z0-9]*$/.test(name)) {
      const camel = name.replace(/^[-_]+/, "").replace(/[-_]+([A-Za-z0-9])/g, (_, c) => c.toUpperCase());
      const hint = /^[a-z][A-Za-z0-9]*$/.test(camel) ? ` (${camel}?)` : "";
      throw new UsageError(`unknown option ${JSON.stringify(name)}: options are the CLI's long options in camelCase${hint}`);
    }
    const flag = "--" + name.replace(/[A-Z]/g, (c) => "-" + c.toLowerCase());
    if (value === undefined || value === null || value === false) continue;
    const values = value === true ? [] : Array.isArray(value) ? value : [value];
    if (value === true) args.push(flag);
    for (const item of values) {
      const text = optionValue(name, item);
      if (text.includes("\0")) {
        throw new UsageError(`${flag}: the value holds a NUL character (U+0000), which no command-line argument can`);
      }
      args.push(`${flag}=${text}`);
    }
  }
  return args;
}

/**
 * The CLI's arguments for `options` (in their order), without `schemas`: true adds the
 * flag, false/null/undefined leaves it out, a string or number is its value, an array
 * repeats the option once per item. Whether the CLI knows an option is the CLI's to say;
 * a name that is not camelCase or a value holding a NUL character is a TypeError here
 * (render() gives both the CLI's usage status, 2).
 */
export function toArgs(options = {}) {
  try {
    return optionArgs(options);
  } catch (error) {
    if (error instanceof UsageError) throw new TypeError(`planview: ${error.message}`);
    throw error;
  }
}

// The module's memory could not hold what a call copies in (the C API's out of memory).
class NoMemory extends Error {}

// The module stopped part way through a call (a trap, or the JavaScript stack exhausted):
// its state is unknown, so it is not used again.
class Interrupted extends Error {}

// Copies `bytes` into the module's memory (NUL terminated); returns the pointer.
function copyIn(m, bytes) {
  const ptr = m._malloc(bytes.length + 1) >>> 0;
  if (ptr === 0) throw new NoMemory();
  m.HEAPU8.set(bytes, ptr);
  m.HEAPU8[ptr + bytes.length] = 0;
  return ptr;
}

function readResult(m, result, lenPtr, withChanges) {
  const text = (fn, from) => {
    const ptr = fn(from, lenPtr) >>> 0;
    const len = m.HEAPU32[lenPtr >>> 2];
    return decoder.decode(m.HEAPU8.subarray(ptr, ptr + len));
  };
  const out = {
    output: text(m._planview_result_output, result),
    messages: text(m._planview_result_messages, result),
    status: m._planview_result_status(result),
  };
  if (withChanges) {
    out.changes = [];
    const count = m._planview_result_change_count(result) >>> 0;
    for (let i = 0; i < count; i++) {
      const c = m._planview_result_change(result, i) >>> 0;
      out.changes.push({
        address: text(m._planview_change_address, c),
        previousAddress: text(m._planview_change_previous_address, c),
        action: text(m._planview_change_action, c),
        actionReason: text(m._planview_change_action_reason, c),
        deposed: text(m._planview_change_deposed, c),
        diff: text(m._planview_change_diff, c),
      });
    }
  }
  return out;
}

// The environment variables a call reads, as the CLI reads its own: TF_IN_AUTOMATION and
// each --mask-env name, with their values in this process's environment (Node's
// process.env; none in a browser): [[name, value or null when unset], ...].
function environmentOf(options) {
  const env = globalThis.process?.env ?? {};
  const named = options.maskEnv === undefined || options.maskEnv === null || typeof options.maskEnv === "boolean" ? []
    : Array.isArray(options.maskEnv) ? options.maskEnv : [options.maskEnv];
  return ["TF_IN_AUTOMATION", ...named.map(String)].map((name) => {
    const value = Object.prototype.hasOwnProperty.call(env, name) ? env[name] : undefined;
    return [utf8(name), value === undefined ? null : utf8(String(value))];
  });
}

// The call's arguments as bytes: { data, schemas (or null), args, environment }. Throws
// TypeError or UsageError.
function callOf(input, options) {
  checkOptions(options);
  const data = bytesOf(input, "input");
  const schemas = options.schemas === undefined || options.schemas === null ? null : bytesOf(options.schemas, "schemas");
  const args = optionArgs(options).map(utf8);
  return { data, schemas, args, environment: environmentOf(options) };
}

// Sets the module's environment (emscripten's own, made up when it loads) to `environment`.
function setEnvironment(m, environment) {
  for (const [name, value] of environment) {
    const namePtr = copyIn(m, name);
    try {
      if (value === null) {
        m._unsetenv(namePtr);
      } else {
        const valuePtr = copyIn(m, value);
        m._setenv(namePtr, valuePtr, 1);
        m._free(valuePtr);
      }
    } finally {
      m._free(namePtr);
    }
  }
}

function renderWith(m, { data, schemas, args, environment }, withChanges) {
  const owned = [];
  let interrupted = false;
  try {
    setEnvironment(m, environment);
    const inputPtr = copyIn(m, data);
    owned.push(inputPtr);
    let schemasPtr = 0;
    if (schemas !== null) {
      schemasPtr = copyIn(m, schemas);
      owned.push(schemasPtr);
    }
    const argv = m._malloc(4 * args.length + 4) >>> 0;
    if (argv === 0) throw new NoMemory();
    owned.push(argv);
    args.forEach((a, i) => {
      const p = copyIn(m, a);
      owned.push(p);
      m.HEAPU32[(argv >>> 2) + i] = p;
    });
    const lenPtr = m._malloc(4) >>> 0;
    if (lenPtr === 0) throw new NoMemory();
    owned.push(lenPtr);
    const call = withChanges ? m._planview_render_changes : m._planview_render;
    let result;
    try {
      result = call(inputPtr, data.length, schemasPtr, schemas === null ? 0 : schemas.length, argv, args.length) >>> 0;
    } catch (error) {
      interrupted = true;
      throw new Interrupted(error.message, { cause: error });
    }
    try {
      return readResult(m, result, lenPtr, withChanges);
    } finally {
      m._planview_result_free(result);
    }
  } finally {
    if (!interrupted) for (const p of owned) m._free(p);
  }
}

const trapped = new WeakSet(); // instances a trap left unusable

function resultOf(output, messages, status, withChanges) {
  const result = { output, messages, status };
  if (withChanges) result.changes = [];
  return result;
}

async function renderCall(input, options, withChanges) {
  let call;
  try {
    call = callOf(input, options);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    return resultOf("", `planview: ${error.message}\nRun 'planview --help' for usage.\n`, 2, withChanges);
  }
  // The input and schemas are read as they are when render() is called (a caller may reuse
  // its buffer at once): by the module now when it is loaded, else from copies taken now.
  let m = loaded;
  if (m === null || loading === null || trapped.has(m)) {
    // (new Uint8Array copies; a Buffer's slice() would not.)
    if (typeof input !== "string") call.data = new Uint8Array(call.data);
    if (call.schemas !== null && typeof options.schemas !== "string") call.schemas = new Uint8Array(call.schemas);
    m = await init();
    // A call that waited for the module while another one trapped gets a fresh one
    // (checked with no await between here and the call).
    while (trapped.has(m)) m = await init();
  }
  try {
    return liftoffOnly(() => renderWith(m, call, withChanges));
  } catch (error) {
    if (error instanceof NoMemory) return resultOf("", "planview: out of memory\n", 1, withChanges);
    if (!(error instanceof Interrupted)) throw error;
    // The next call loads a fresh instance; this one gets the CLI's bad-input status.
    trapped.add(m);
    if (loaded === m) loading = null;
    return resultOf("", `planview: the WebAssembly module stopped: ${error.message}\n`, 1, withChanges);
  }
}

/**
 * Renders `input` (a plan, state or JSON log; a string, a Uint8Array or other view, an
 * ArrayBuffer) as the CLI does. Resolves to { output, messages, status }.
 */
export function render(input, options = {}) {
  return renderCall(input, options, false);
}

/**
 * render(), and the plan's resource changes as data, in the order `tofu show` lists them
 * (no-ops too; --action/--address filter the output only): { output, messages, status,
 * changes: [{ address, previousAddress, action, actionReason, deposed, diff }] }. A state,
 * a log or a document that failed to render has none. Costs a second diff of each resource.
 */
export function renderChanges(input, options = {}) {
  return renderCall(input, options, true);
}

/** planview's version ("0.9.0"), as `planview --version` names it. */
export async function version() {
  let m = await init();
  while (trapped.has(m)) m = await init();
  const ptr = liftoffOnly(() => m._planview_version()) >>> 0;
  let end = ptr;
  while (m.HEAPU8[end] !== 0) end++;
  return decoder.decode(m.HEAPU8.subarray(ptr, end));
}
