// Types of planview.mjs (hand-written; the module is plain ESM JavaScript).

/** What the `planview` command line would have printed, and its exit status. */
export interface RenderResult {
  /** Standard output, as the CLI writes it. */
  output: string;
  /** Standard error: warnings and the error, one `planview: ...` line each. */
  messages: string;
  /** 0 rendered, 1 bad input, 2 bad usage (a wrong option), 3 a --fail-on/--protect gate failed. */
  status: 0 | 1 | 2 | 3;
}

type OptionValue = string | number | boolean | null | undefined | ReadonlyArray<string | number>;

/**
 * The provider schemas, and the CLI's long options in camelCase: `true` adds the flag,
 * `false`/`null`/`undefined` leaves it out, a string or number is its value, an array
 * repeats the option. An option the CLI does not know is its usage error (status 2).
 */
export interface RenderOptions {
  /** The provider schemas (`tofu providers schema -json`), as `--schemas FILE` gives them. */
  schemas?: Uint8Array | string | null;
  /** "text" (default), "markdown", "json", "html", "github". */
  format?: string;
  /** "opentofu" (default) or "terraform": whose `show` output to match. */
  product?: string;
  /** "normal", "destroy" or "refresh-only" (default: what the plan says). */
  mode?: string;
  /** "never" (default here), "always" or "auto". */
  color?: string;
  showSensitive?: boolean;
  /** Regular expressions (RE2) of values to mask. */
  mask?: ReadonlyArray<string>;
  width?: number | string;
  [option: string]: OptionValue | Uint8Array;
}

/** Renders a plan, state or JSON log (bytes or text) as `planview [options] -` does. */
export function render(input: Uint8Array | string, options?: RenderOptions): Promise<RenderResult>;

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
export function renderChanges(
  input: Uint8Array | string,
  options?: RenderOptions,
): Promise<RenderResult & { changes: Change[] }>;

/**
 * Loads the WebAssembly module once (render() does it itself): from a URL (a string is
 * relative to the module), the .wasm's bytes or a compiled module; by default
 * build/planview_wasm.wasm next to the module. A failed load is retried by the next call.
 */
export function init(wasm?: URL | string | ArrayBuffer | ArrayBufferView | WebAssembly.Module): Promise<unknown>;

/** The CLI arguments `options` stand for (without `schemas`). */
export function toArgs(options?: RenderOptions): string[];

/** planview's version, as `planview --version` names it. */
export function version(): Promise<string>;
