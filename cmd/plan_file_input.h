// Saved plan files on the command line: `planview PLANFILE` and `planview convert PLANFILE`.
// A file is a plan file by its content (a ZIP archive with a `tfplan` member), whatever
// its name.
#ifndef PLANVIEW_CMD_PLAN_FILE_INPUT_H_
#define PLANVIEW_CMD_PLAN_FILE_INPUT_H_

#include <cstdio>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "renderer/plan.h"
#include "structured/schema.h"

namespace planview::base {
class Executor;
}  // namespace planview::base

namespace planview::cmd {

// When `text` is a ZIP archive, replaces it with the `show -json` document of the plan it
// holds and, when `mode` is unset (no --mode given), sets it to the plan's own mode; an
// explicit --mode, normal included, stays. Prints the notice about
// sensitivity (without schemas) on `err`. False (after printing the one-line error) when
// the archive is not a readable plan file. Values are decoded on `executor`'s threads
// (null: this thread).
bool PlanFileToJson(std::string& text, std::string_view file_name, const structured::ProviderSchemas* schemas,
                    std::optional<renderer::PlanMode>& mode, std::FILE* err, base::Executor* executor = nullptr);

// `planview convert [--schemas FILE] PLANFILE`: writes the plan's `show -json` document.
// Returns 0, 1 (bad input) or 2 (bad usage).
int RunConvert(std::span<const std::string> args, std::FILE* out, std::FILE* err, base::Executor* executor = nullptr);

}  // namespace planview::cmd

#endif  // PLANVIEW_CMD_PLAN_FILE_INPUT_H_
