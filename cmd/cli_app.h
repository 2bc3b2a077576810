// CLI11 the way every planview command uses it (planview, browse, convert, wire ...).
//
// A command declares its options on a CLI::App after UseCommandConventions, then calls
// ParseCommandLine. Conventions:
// - Options are spelled as upstream's tools spell them: one or two dashes, the value after
//   `=` or as the next word (`-no-color`, `--mode=destroy`, `-mode destroy`), whatever the
//   value looks like (`--address -x`); `--` ends the options. Subcommands declared on the
//   App are followed.
// - Options declared with AddValueOption/AddFlag run their callback once per occurrence, in
//   the order given (so the last of a repeated option wins, and repeatable ones append).
// - Each command prints its own help text: -h, --help (and -help) make ParseCommandLine
//   return kHelp.
// - A usage error is one line without the "planview: " prefix: "unknown option X",
//   "--x needs a value", "--x takes no value", or the CLI::ValidationError message an
//   option's callback throws (callbacks spell their message whole: "--mode: unknown ...").
#ifndef PLANVIEW_CMD_CLI_APP_H_
#define PLANVIEW_CMD_CLI_APP_H_

#include <cstdio>
#include <functional>
#include <span>
#include <string>
#include <string_view>

#include <CLI/CLI.hpp>

#include "base/expected.h"

namespace planview::cmd {

// Call on a new App before declaring its options.
void UseCommandConventions(CLI::App& app);

// An option taking a value (`--name VALUE`); `take` may throw CLI::ValidationError(message)
// with the whole one-line message.
CLI::Option* AddValueOption(CLI::App& app, const std::string& name, std::function<void(const std::string&)> take);

// A flag (`--name`, no value).
CLI::Option* AddFlag(CLI::App& app, const std::string& name, std::function<void()> set);

enum class Parsed { kRun, kHelp };

// Parses the words after the command's name; a usage error is the one line.
base::Expected<Parsed> ParseCommandLine(CLI::App& app, std::span<const std::string> args);

// Prints `planview: MESSAGE` and the hint "Run 'planview COMMAND --help' for usage." (COMMAND
// empty for the plain viewer) on `err`; returns the usage exit status (2).
int ReportUsageError(std::FILE* err, std::string_view message, std::string_view command);

}  // namespace planview::cmd

#endif  // PLANVIEW_CMD_CLI_APP_H_
