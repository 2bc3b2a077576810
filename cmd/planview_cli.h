// The `planview` program without its process shell: arguments in, rendered document on
// `out`, warnings and errors on `err`, exit status back (0 rendered, 1 bad input, 2 bad
// usage). Tests call it directly; main.cc adds the kernel check and the executor.
#ifndef PLANVIEW_CMD_PLANVIEW_CLI_H_
#define PLANVIEW_CMD_PLANVIEW_CLI_H_

#include <cstdio>
#include <span>
#include <string>

#include "base/executor.h"
#include "cmd/terminal.h"
#include "cmd/version.h"

namespace planview::cmd {

// `executor`: where reading, parsing and diffing run in parallel (null: this thread only).
int RunPlanview(std::span<const std::string> args, const Terminal& terminal, std::FILE* out, std::FILE* err,
                base::Executor* executor = nullptr);

}  // namespace planview::cmd

#endif  // PLANVIEW_CMD_PLANVIEW_CLI_H_
