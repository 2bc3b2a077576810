// `--mask REGEX` and `--mask-env NAME`, the same for every command that prints values
// (planview, planview wire decode): declared on a CLI11 app, then compiled into Masks.
#ifndef PLANVIEW_CMD_MASK_FLAGS_H_
#define PLANVIEW_CMD_MASK_FLAGS_H_

#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "base/expected.h"
#include "renderer/mask.h"

namespace planview::cmd {

struct MaskFlags {
  std::vector<std::string> patterns;  // --mask, in order
  std::vector<std::string> env_names;  // --mask-env
  renderer::Masks masks;  // set by ParseMasks
};

void AddMaskFlags(CLI::App& app, MaskFlags& flags);

// Compiles the flags into flags.masks: each --mask-env's variable's value is a literal (an
// unset variable is a usage error, so that a misspelt name cannot leave a secret shown; an
// empty one masks nothing: there is nothing to show). Fails with a one-line usage error.
base::Expected<void> ParseMasks(MaskFlags& flags);

}  // namespace planview::cmd

#endif  // PLANVIEW_CMD_MASK_FLAGS_H_
