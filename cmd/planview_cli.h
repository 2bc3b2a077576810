// The `planview` program without its process shell: arguments in, rendered document on
// `out`, warnings and errors on `err`, exit status back (0 rendered, 1 bad input, 2 bad
// usage). Tests call it directly; main.cc adds the kernel check and the executor.
#ifndef PLANVIEW_CMD_PLANVIEW_CLI_H_
#define PLANVIEW_CMD_PLANVIEW_CLI_H_

#include <cstdio>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "base/executor.h"
#include "cmd/terminal.h"
#include "cmd/version.h"
#include "renderer/render_document.h"

namespace planview::cmd {

// What a program that embeds planview (capi/) hands over instead of files.
struct EmbeddedInput {
  std::string_view standard_input;  // the bytes "-" reads
  // The schemas' text, read as `--schemas <schemas>` would be (null: none); the embedder
  // refuses --schemas itself.
  std::optional<std::string_view> schemas;
  // Called with a plan's diffs before it is presented (the resource changes as data).
  std::function<void(const renderer::PlanContext&)> plan_context_observer;
};

// `executor`: where reading, parsing and diffing run in parallel (null: this thread only).
// `embedded`: when set, the input and schemas come from it (see EmbeddedInput).
int RunPlanview(std::span<const std::string> args, const Terminal& terminal, std::FILE* out, std::FILE* err,
                base::Executor* executor = nullptr, const EmbeddedInput* embedded = nullptr);

}  // namespace planview::cmd

#endif  // PLANVIEW_CMD_PLANVIEW_CLI_H_
