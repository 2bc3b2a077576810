// The `planview` command line: flags as upstream's tools spell them (one or two dashes,
// `-no-color`), validated into one struct. `planview browse` reads the same flags.
#ifndef PLANVIEW_CMD_CLI_ARGS_H_
#define PLANVIEW_CMD_CLI_ARGS_H_

#include <cstdint>
#include <optional>
#include <set>
#include <span>
#include <string>

#include "base/expected.h"
#include "cmd/mask_flags.h"
#include "renderer/document_kind.h"
#include "renderer/formats/gate.h"
#include "renderer/formats/presenter.h"
#include "renderer/options.h"
#include "renderer/plan.h"
#include "structured/read_input.h"

namespace planview::cmd {

enum class ColorChoice { kAuto, kAlways, kNever };

struct CliArgs {
  bool help = false;
  bool version = false;
  std::string file;  // "-" for standard input
  std::optional<std::string> schemas_file;
  std::optional<renderer::DocumentKind> kind;
  std::optional<renderer::PlanMode> mode;  // unset: normal, or a saved plan file's own mode
  std::optional<renderer::PlanQuality> quality;
  bool show_sensitive = false;
  std::optional<renderer::Product> product;  // unset: auto, read from the document
  ColorChoice color = ColorChoice::kAuto;
  ColorChoice progress = ColorChoice::kAuto;  // --progress: a log's status line on a terminal
  std::optional<bool> safe_terminal;  // unset: on when stdout is a terminal and colour is auto
  std::optional<int> width;
  uint64_t max_input_bytes = structured::kDefaultMaxInputBytes;  // --max-input-bytes
  renderer::formats::FormatOptions formats;  // --summary, filters, --verbose, --format, --max-bytes
  std::optional<std::string> split_dir;      // --split DIR (with --format markdown)
  MaskFlags masks;  // --mask, --mask-env (compiled by ParseCliArgs)
  renderer::formats::Gate gate;  // --fail-on, --protect
  std::set<std::string> given;  // the options given, by their long name ("--width")
};

// The value of --max-input-bytes (for a command's CLI11 callback: throws
// CLI::ValidationError with the usage message when it is not a size).
uint64_t ParseMaxInputBytes(const std::string& text);
// The value of --color, the same way.
ColorChoice ParseColorChoice(const std::string& text);
// The value of --progress (the same choices), the same way.
ColorChoice ParseProgressChoice(const std::string& text);

// Parses the arguments after the program name (with CLI11, cmd/cli_app.h). A usage error
// is one line, no "planview:" prefix. Without a FILE, standard input is read ("-") when it
// is not a terminal; from a terminal that is a usage error.
base::Expected<CliArgs> ParseCliArgs(std::span<const std::string> args, bool stdin_is_terminal = true);

// The --help text.
std::string UsageText();

}  // namespace planview::cmd

#endif  // PLANVIEW_CMD_CLI_ARGS_H_
