#include "cmd/browse/browse_command.h"

#include <fcntl.h>
#include <unistd.h>

#include <memory>
#include <optional>

#include <fmt/format.h>

#include "cmd/browse/browse_view.h"
#include "cmd/browse/curses_screen.h"
#include "cmd/cli_app.h"
#include "cmd/cli_args.h"
#include "cmd/console.h"
#include "cmd/document_input.h"
#include "cmd/flag_scope.h"
#include "cmd/schemas_file.h"
#include "structured/read_input.h"
#include "renderer/tree/plan_tree.h"
#include "structured/json_parse.h"
#include "structured/schema.h"

namespace planview::cmd {

namespace {

// The plain viewer's flags that have no meaning here (browse has keys for them).
bool OnlyBrowseFlags(const CliArgs& cli, std::string& error) {
  if (std::string flag = FlagNotForBrowse(cli); !flag.empty()) {
    error = "browse: " + flag;
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
  return true;
}

// After the plan came on standard input, the keys come from the terminal: /dev/tty
// becomes standard input. False when there is none.
bool KeysFromTerminal() {
  int tty = open("/dev/tty", O_RDONLY | O_CLOEXEC);
  if (tty < 0) return false;
  bool ok = dup2(tty, STDIN_FILENO) == STDIN_FILENO;
  close(tty);
  return ok;
}

}  // namespace

std::string BrowseUsageText() {
  return fmt::format(R"(Usage: planview browse [options] FILE

Shows a plan in a full-screen terminal viewer: the resources with their actions, each
expanding into its diff exactly as `planview FILE` prints it. Needs a terminal. FILE may
be - (or left out) for standard input; the keys then come from /dev/tty.

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

int RunBrowse(std::span<const std::string> args, const Terminal& terminal, std::FILE* out, std::FILE* err,
              base::Executor* executor) {
  base::Expected<CliArgs> cli = ParseCliArgs(args, terminal.stdin_is_terminal);
  if (!cli) return ReportUsageError(err, cli.error().message, "browse");
  if (std::string usage_error; !cli->help && !cli->version && !OnlyBrowseFlags(*cli, usage_error)) {
    return ReportUsageError(err, usage_error, "browse");
  }
  if (cli->help || cli->version) {
    Write(out, BrowseUsageText());
    return 0;
  }

  LoadedSchemas schemas;
  if (cli->schemas_file && !LoadSchemas(*cli->schemas_file, schemas, err, cli->max_input_bytes)) return kExitBadInput;

  const bool from_stdin = cli->file == "-";
  const std::string file_name = from_stdin ? "<stdin>" : ForMessage(cli->file);
  structured::InputText text;
  if (!ReadDocumentInput(cli->file, file_name, cli->max_input_bytes, schemas.get(), cli->mode, text, err, executor)) {
    return kExitBadInput;
  }
  if (from_stdin && !KeysFromTerminal()) {
    Error(err, "browse: the plan came on standard input and there is no terminal (/dev/tty) for the keys");
    return kExitUsage;
  }
  if (!cli->masks.masks.empty()) text = cli->masks.masks.MaskDocument(text.view());  // as the plain viewer masks
  renderer::tree::PlanTreeOptions options;
  options.schemas = schemas.get();
  options.mode = cli->mode.value_or(renderer::PlanMode::kNormal);
  options.executor = executor;
  options.options.show_sensitive = cli->show_sensitive;
  options.product = cli->product;  // unset: the plan's
  options.options.running_in_automation = terminal.in_automation;
  base::Expected<std::unique_ptr<renderer::tree::PlanTree>> loaded =
      renderer::tree::PlanTree::Load(std::move(text), file_name, options);
  if (!loaded) {
    Error(err, loaded.error().message);
    return kExitBadInput;
  }
  const std::unique_ptr<renderer::tree::PlanTree>& tree = *loaded;

  if (!terminal.stdout_is_terminal || !isatty(STDIN_FILENO)) {
    Error(err, fmt::format("browse needs a terminal (standard {} is not one); `planview {}` prints the plan as text",
                           terminal.stdout_is_terminal ? "input" : "output", file_name));
    return kExitUsage;
  }
  browse::BrowseView view(*tree);
  browse::ScreenOptions screen;
  screen.file_name = cli->file;
  screen.color = cli->color == ColorChoice::kAlways || (!terminal.no_color && cli->color != ColorChoice::kNever);
  if (base::Expected<void> ran = browse::RunScreen(view, screen); !ran) {
    Error(err, ran.error().message);
    return kExitUsage;
  }
  std::fflush(out);
  for (const std::string& warning : tree->warnings().messages()) Error(err, "warning: " + warning);
  return 0;
}

}  // namespace planview::cmd
