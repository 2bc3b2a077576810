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

#include "planfile/plan_file.h"
#include "renderer/plan.h"
#include "structured/schema.h"

namespace planview::base {
class Executor;
}  // namespace planview::base

namespace planview::cmd {

// Reads the saved plan file `bytes` (planfile::LooksLikeZip) for rendering and, when
// `mode` is unset (no --mode given), puts the plan's own mode into it; an explicit --mode,
// normal included, stays. Prints the notice about sensitivity (without schemas) on `err`.
// Nothing (after printing the one-line error) when the archive is not a readable plan
// file. Values are decoded on `executor`'s threads (null: this thread).
std::optional<planfile::PlanFile> ReadPlanFileInput(std::string_view bytes, std::string_view file_name,
                                                    const structured::ProviderSchemas* schemas,
                                                    std::optional<renderer::PlanMode>& mode, std::FILE* err,
                                                    base::Executor* executor = nullptr);

// `planview convert [--schemas FILE] PLANFILE`: writes the plan's `show -json` document.
// Returns 0, 1 (bad input) or 2 (bad usage).
int RunConvert(std::span<const std::string> args, std::FILE* out, std::FILE* err, base::Executor* executor = nullptr);

}  // namespace planview::cmd

#endif  // PLANVIEW_CMD_PLAN_FILE_INPUT_H_
