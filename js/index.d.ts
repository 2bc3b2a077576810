// Types of planview.mjs (hand-written; the module is plain ESM JavaScript).

/** What the `planview` command line would have printed, and its exit status. */
export interface RenderResult {
  /**
   * Standard output, as the CLI writes it (decoded as UTF-8: the few bytes that are not,
   * such as a log's unparsable line passed through, are U+FFFD, as TextDecoder gives them).
   */
  output: string;
  /** Standard error: warnings and the error, one `planview: ...` line each. */
  messages: string;
  /** 0 rendered, 1 bad input, 2 bad usage (a wrong option), 3 a --fail-on/--protect gate failed. */
  status: 0 | 1 | 2 | 3;
}

/**
 * A document's bytes: a string (its UTF-8; a lone surrogate is invalid UTF-8, as the CLI
 * says for the bytes that would encode it), or the bytes of a Uint8Array (a Buffer), any
 * other view (a DataView, ...), an ArrayBuffer or a SharedArrayBuffer.
 */
export type Bytes = string | Uint8Array | ArrayBufferView | ArrayBuffer | SharedArrayBuffer;

type Scalar = string | number | bigint;
type OptionValue = Scalar | boolean | null | undefined | ReadonlyArray<Scalar>;
/** Options that take a value: a string or number; an array repeats the option. */
type Values = Scalar | ReadonlyArray<Scalar> | null | undefined;
/** Flags: `true` adds the flag, `false`, `null` or `undefined` leaves it out. */
type Flag = boolean | null | undefined;

/**
 * The provider schemas, and the CLI's long options in camelCase (`--show-sensitive` is
 * `showSensitive`): `true` adds the flag, `false`/`null`/`undefined` leaves it out, a string
 * or number is its value, an array repeats the option. An option the CLI does not know, a
 * name that is not camelCase or a value holding a NUL character is a usage error (status 2,
 * not an exception); a value of a wrong JavaScript type is a TypeError. The environment
 * variables the CLI reads (TF_IN_AUTOMATION, `maskEnv`'s) are this process's (Node's
 * `process.env`; none in a browser). Colour is off unless asked for.
 */
export interface RenderOptions {
  /** The provider schemas (`tofu providers schema -json`), as `--schemas FILE` gives them. */
  schemas?: Bytes | null;
  /** "plan", "state" or "log" (default: detected from the content). */
  kind?: Values;
  /** "normal", "destroy" or "refresh-only" (default: what the plan says). */
  mode?: Values;
  /** "errored", "nochanges", "targeted" (comma-separated) or "none" (default: from the plan). */
  quality?: Values;
  showSensitive?: Flag;
  /** "auto" (default), "opentofu" or "terraform": whose renderer and wording to use. */
  product?: Values;
  /** "never" (the default here: output is not a terminal), "always" or "auto". */
  color?: Values;
  /** The same as `color: "never"`. */
  noColor?: Flag;
  /** Show the input's control characters as escapes (`\x1b`) instead of writing them. */
  safeTerminal?: Flag;
  noSafeTerminal?: Flag;
  /** Wrap at this many columns (1 to 100000; default 78). */
  width?: Values;
  /** "auto", "always" or "never": a log's status line. */
  progress?: Values;
  summary?: Flag;
  summaryOnly?: Flag;
  /** create, update, delete, replace, read, import, move, forget (comma-separated or an array). */
  action?: Values;
  /** Show only resources whose address or type matches these globs. */
  address?: Values;
  hideReads?: Flag;
  verbose?: Flag;
  concise?: Flag;
  /** "text" (default), "markdown", "json", "html" or "github". */
  format?: Values;
  /** Markdown's size budget in bytes (at least 1024; default 65536). */
  maxBytes?: Values;
  /** Regular expressions (RE2) of values to mask. */
  mask?: Values;
  /** Names of environment variables whose values are masked. */
  maskEnv?: Values;
  /** "delete", "replace", "drift" (comma-separated): status 3 when the plan has one. */
  failOn?: Values;
  /** Globs: status 3 when a matching resource is deleted or replaced. */
  protect?: Values;
  /** "show" (default), "summary" or "hide". */
  drift?: Values;
  /** Refuse an input or schemas larger than this many bytes. */
  maxInputBytes?: Values;
  /** `output` is the CLI's help. */
  help?: Flag;
  /** `output` is the CLI's version line. */
  version?: Flag;
  [option: string]: OptionValue | Bytes;
}

/** Renders a plan, state or JSON log (bytes or text) as `planview [options] -` does. */
export function render(input: Bytes, options?: RenderOptions): Promise<RenderResult>;

/** One resource change of a plan (renderChanges). */
export interface Change {
  /** `module.net.aws_subnet.a["x"]` */
  address: string;
  /** Its address before a move, "" when it was not moved. */
  previousAddress: string;
  /** "no-op", "create", "read", "update", "delete-then-create", "create-then-delete", "delete", "forget", ... */
  action: string;
  /** The plan's action_reason ("replace_because_tainted", ...), or "". */
  actionReason: string;
  /** The deposed object's key, or "" for the current object. */
  deposed: string;
  /** Its diff as the text output shows it (no final newline); "" for a no-op. */
  diff: string;
}

/** render(), and the plan's resource changes in the order `tofu show` lists them (no-ops too). */
export function renderChanges(input: Bytes, options?: RenderOptions): Promise<RenderResult & { changes: Change[] }>;

/**
 * Loads the WebAssembly module once (render() does it itself): from a URL (a string is
 * relative to the module), the .wasm's bytes or a compiled module; by default
 * build/planview_wasm.wasm next to the module. A failed load is retried by the next call.
 */
export function init(wasm?: URL | string | ArrayBuffer | ArrayBufferView | WebAssembly.Module): Promise<unknown>;

/**
 * The CLI arguments `options` stand for (without `schemas`); a TypeError where render()
 * gives a usage error of its own (a name that is not camelCase, a NUL in a value).
 */
export function toArgs(options?: RenderOptions): string[];

/** planview's version, as `planview --version` names it. */
export function version(): Promise<string>;
