#include "cmd/mask_flags.h"

#include <cstdlib>

#include <fmt/format.h>

#include "structured/go_text.h"
#include "cmd/cli_app.h"

namespace planview::cmd {

void AddMaskFlags(CLI::App& app, MaskFlags& flags) {
  AddValueOption(app, "--mask", [&flags](const std::string& v) { flags.patterns.push_back(v); });
  AddValueOption(app, "--mask-env", [&flags](const std::string& v) {
    if (v.empty()) throw CLI::ValidationError("--mask-env: empty variable name");
    flags.env_names.push_back(v);
  });
}

base::Expected<void> ParseMasks(MaskFlags& flags) {
  std::vector<std::string> literals;
  for (const std::string& name : flags.env_names) {
    const char* value = std::getenv(name.c_str());
    if (value == nullptr) {
      return base::Error(fmt::format("--mask-env: environment variable {} is not set", structured::GoQuote(name)));
    }
    literals.emplace_back(value);
  }
  base::Expected<renderer::Masks> masks = renderer::Masks::Make(flags.patterns, literals);
  if (!masks) return std::move(masks).error();
  flags.masks = std::move(*masks);
  return {};
}

}  // namespace planview::cmd
