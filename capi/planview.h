/* planview's C API: render a Terraform/OpenTofu plan, state or JSON log exactly as the
 * `planview` command line does, from any language that can call C. C11; the ABI is stable
 * within libplanview.so.0.
 *
 * Contract, for every function here:
 * - Nothing aborts, exits or throws across this boundary: every failure (bad input, a bad
 *   option, running out of memory) is a result with the CLI's exit status and message.
 * - Any function may be called from many threads at once; results are independent objects
 *   (one result may be read from several threads, but freed once).
 * - No state a caller can observe is kept between calls (no files written, no globals).
 * - Byte strings come with their length: they may hold NUL bytes and are also NUL
 *   terminated (the terminator is not counted). A NULL `len` pointer is allowed.
 * - Pointers into a result stay valid until planview_result_free.
 */
#ifndef PLANVIEW_H_
#define PLANVIEW_H_

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Bumped when functions are added (never removed or changed within libplanview.so.0). */
#define PLANVIEW_API_VERSION 1

/* planview's version ("0.9.0"), the same as `planview --version` names. Static storage. */
const char *planview_version(void);

/* The API version of the library actually loaded (PLANVIEW_API_VERSION it was built with). */
int planview_api_version(void);

typedef struct planview_result planview_result;

/* Renders `input` (input_len bytes) as `planview [args] -` does with `input` on its
 * standard input, and standard output not a terminal:
 * - `input`: any document the CLI reads: a plan, state or JSON log (`tofu show -json`,
 *   `plan -json`, ...), a saved plan file (`tofu plan -out`), an HCP redacted plan. NULL
 *   with input_len 0 is an empty input (status 1, as the CLI says for an empty file).
 * - `schemas`: the provider schemas (`tofu providers schema -json`), as `--schemas FILE`
 *   would give them; NULL with schemas_len 0 for none. Messages name them "<schemas>".
 * - `args`: `nargs` NUL-terminated strings, the CLI's own options with their meanings and
 *   defaults (`"--format", "markdown"`, `"--product", "terraform"`, `"--mask", "..."`,
 *   `"--color", "always"`, `"--help"`, `"--version"`); NULL with nargs 0 for none. Colour is
 *   off and --safe-terminal too unless asked for. The environment is read as the CLI reads
 *   it (TF_IN_AUTOMATION, --mask-env NAME). Not allowed (status 2, one line and the usage
 *   line, as any bad option): a FILE argument (the input is `input`), `--schemas` (use
 *   `schemas`) and `--split` (it writes files).
 * Returns a result (status 0 rendered, 1 bad input, 2 bad usage, 3 rendered but a
 * --fail-on/--protect gate failed), or NULL only when not even the result's own few bytes
 * could be allocated (the functions below accept NULL and read it as status 1, no output).
 */
planview_result *planview_render(const void *input, size_t input_len,
                                 const void *schemas, size_t schemas_len, /* NULL, 0: none */
                                 const char *const *args, size_t nargs);  /* the CLI's options */

/* planview_render, and the plan's resource changes as data (planview_result_change*): the
 * same output, messages and status. The changes cost a second diff of every resource; a
 * state, a log or a document that failed to render has none. */
planview_result *planview_render_changes(const void *input, size_t input_len,
                                         const void *schemas, size_t schemas_len,
                                         const char *const *args, size_t nargs);

/* The CLI's exit status: 0, 1, 2 or 3. */
int planview_result_status(const planview_result *r);
/* Its standard output, byte for byte; "" (length 0) when none. */
const char *planview_result_output(const planview_result *r, size_t *len);
/* Its standard error: warnings and the error, one `planview: ...` line each. */
const char *planview_result_messages(const planview_result *r, size_t *len);
/* Frees `r` and everything it points to. NULL is allowed. */
void planview_result_free(planview_result *r);

/* The structured walk (planview_render_changes): the plan's resource changes in the
 * order `tofu show` lists them, every one (no-ops too; --action/--address filters
 * apply to the output only). For the whole diff tree as data, render with
 * `"--format", "json"` (docs/json-format.md). */
typedef struct planview_change planview_change;

/* How many changes `r` has (0 for NULL or a result of planview_render). */
size_t planview_result_change_count(const planview_result *r);
/* The change at `index` (owned by `r`), or NULL when index >= the count. */
const planview_change *planview_result_change(const planview_result *r, size_t index);

/* The resource's address: `module.net.aws_subnet.a["x"]`. */
const char *planview_change_address(const planview_change *c, size_t *len);
/* Its address before a move, or "" when it was not moved. */
const char *planview_change_previous_address(const planview_change *c, size_t *len);
/* The action, as --format json names it: "no-op", "create", "read", "update",
 * "delete-then-create", "create-then-delete", "delete", "forget", "forget-then-create",
 * "create-then-forget". */
const char *planview_change_action(const planview_change *c, size_t *len);
/* The plan's `action_reason` ("replace_because_tainted", ...), or "" when it has none. */
const char *planview_change_action_reason(const planview_change *c, size_t *len);
/* The deposed object's key, or "" for the current object. */
const char *planview_change_deposed(const planview_change *c, size_t *len);
/* Its diff as the text output shows it (the `# ... will be updated in-place` comment
 * lines, then the `~ resource "t" "n" { ... }` block, no final newline), in colour when
 * rendered with `--color always`; "" when `tofu show` shows nothing for it (a no-op). */
const char *planview_change_diff(const planview_change *c, size_t *len);

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* PLANVIEW_H_ */
