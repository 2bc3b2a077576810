// `planview diff [options] OLD NEW`: what changed between two plans of the same
// configuration (the plan reviewed, the plan about to be applied), compared on their
// resource changes (renderer/compare/). Each input is a `show -json` plan or a saved plan
// file (with --schemas, as `planview PLANFILE` reads it).
//
// Exit status: 0 the plans propose the same changes, 4 they differ, 1 bad input (one line
// naming the file), 2 bad usage. 4 rather than diff(1)'s 1: every planview command keeps
// 1 for bad input and 2 for bad usage, and 3 is the gates' (`--fail-on`), so a script can
// tell "differs" from every failure.
#ifndef PLANVIEW_CMD_DIFF_COMMAND_H_
#define PLANVIEW_CMD_DIFF_COMMAND_H_

#include <cstdio>
#include <span>
#include <string>

#include "cmd/exit_status.h"
#include "cmd/terminal.h"

namespace planview::cmd {

int RunDiff(std::span<const std::string> args, const Terminal& terminal, std::FILE* out, std::FILE* err);

}  // namespace planview::cmd

#endif  // PLANVIEW_CMD_DIFF_COMMAND_H_
