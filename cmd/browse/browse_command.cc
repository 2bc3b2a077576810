#include "cmd/browse/browse_command.h"

#include <unistd.h>

#include <memory>
#include <optional>

#include <fmt/format.h>

#include "cmd/browse/browse_view.h"
#include "cmd/browse/curses_screen.h"
#include "cmd/cli_app.h"
#include "cmd/cli_args.h"
#include "cmd/console.h"
#include "cmd/schemas_file.h"
#include "structured/read_input.h"
#include "renderer/tree/plan_tree.h"
#include "structured/json_parse.h"
#include "structured/schema.h"

namespace planview::cmd {

namespace {

// The plain viewer's flags that have no meaning here (browse has keys for them).
bool OnlyBrowseFlags(const CliArgs& cli, std::string& error) {
  if (!cli.formats.IsDefault()) {
    error = "browse: --format, --summary, --action, --address, --hide-reads and --verbose are for the plain viewer "
            "(browse has the keys a and u)";
    return false;
  }
  if (cli.gate.Active()) {
    error = "browse: --fail-on and --protect are for the plain viewer (a check, not a view)";
    return false;
  }
  if (cli.kind && *cli.kind != renderer::DocumentKind::kPlan) {
    error = "browse: shows plans only (--kind plan)";
    return false;
  }
  if (cli.file == "-") {
    error = "browse: reads the plan from a file, not standard input (the keyboard is there)";
    return false;
  }
  return true;
}

}  // namespace

std::string BrowseUsageText() {
  return fmt::format(R"(Usage: planview browse [options] FILE

Shows a plan in a full-screen terminal viewer: the resources with their actions, each
expanding into its diff exactly as `planview FILE` prints it. Needs a terminal.

Options:
  --schemas FILE        provider schemas (`tofu providers schema -json`)
  --mode MODE           normal, destroy or refresh-only (default: normal)
  --show-sensitive      show sensitive values
  --mask REGEX, --mask-env NAME
                        replace matches in values with (masked), as `planview FILE` does
  --product PRODUCT     auto, opentofu or terraform: whose renderer and wording
                        (default auto: the plan's, as `planview FILE` decides)
  --help                show this help

Keys:
{}
NO_COLOR turns colour off. Exit status: 0 after q, 1 bad input, 2 bad usage or no terminal.
)",
                     browse::KeyHelp().substr(browse::KeyHelp().find("\n\n") + 2));
}

int RunBrowse(std::span<const std::string> args, const Terminal& terminal, std::FILE* out, std::FILE* err) {
  std::string usage_error;
  std::optional<CliArgs> cli = ParseCliArgs(args, usage_error);
  if (!cli || (!cli->help && !cli->version && !OnlyBrowseFlags(*cli, usage_error))) {
    return ReportUsageError(err, usage_error, "browse");
  }
  if (cli->help || cli->version) {
    Write(out, BrowseUsageText());
    return 0;
  }

  LoadedSchemas schemas;
  if (cli->schemas_file && !LoadSchemas(*cli->schemas_file, schemas, err, cli->max_input_bytes)) return kExitBadInput;

  const std::string file_name = ForMessage(cli->file);
  std::string text, error;
  if (!structured::ReadInputFile(cli->file, text, error, {.max_bytes = cli->max_input_bytes, .name = file_name})) {
    Error(err, error);
    return kExitBadInput;
  }
  if (!cli->masks.masks.empty()) text = cli->masks.masks.MaskDocument(text);  // as the plain viewer masks
  renderer::tree::PlanTreeOptions options;
  options.schemas = schemas.get();
  options.mode = cli->mode.value_or(renderer::PlanMode::kNormal);
  options.options.show_sensitive = cli->show_sensitive;
  options.product = cli->product;  // unset: the plan's
  options.options.running_in_automation = terminal.in_automation;
  std::unique_ptr<renderer::tree::PlanTree> tree =
      renderer::tree::PlanTree::Load(std::move(text), file_name, options, error);
  if (!tree) {
    Error(err, error);
    return kExitBadInput;
  }

  if (!terminal.stdout_is_terminal || !isatty(STDIN_FILENO)) {
    Error(err, fmt::format("browse needs a terminal (standard {} is not one); `planview {}` prints the plan as text",
                           terminal.stdout_is_terminal ? "input" : "output", file_name));
    return kExitUsage;
  }
  browse::BrowseView view(*tree);
  browse::ScreenOptions screen;
  screen.file_name = cli->file;
  screen.color = !terminal.no_color && cli->color != ColorChoice::kNever;
  if (!browse::RunScreen(view, screen, error)) {
    Error(err, error);
    return kExitUsage;
  }
  std::fflush(out);
  for (const std::string& warning : tree->warnings().messages()) Error(err, "warning: " + warning);
  return 0;
}

}  // namespace planview::cmd
