// `planview wire ...`: look at provider wire-format values (tfplugin5 DynamicValue).
//
//   wire decode (--type JSON | --schemas FILE --resource TYPE) [--format text|json]
//               [--input auto|msgpack|json|proto] FILE
//   wire diff --schemas FILE --resource TYPE [--input ...] PRIOR PLANNED
//
// Inputs are raw msgpack, JSON or a protobuf DynamicValue (detected, or named with
// --input); "-" reads standard input. `decode` prints the value with unknowns as
// `(known after apply)` and refinements as a comment; `diff` renders the change between
// two values of a resource the way a plan renders that resource. Options are parsed with
// CLI11 as in every planview command (cmd/cli_app.h); `--help` works on `wire` and on each
// subcommand.
#ifndef PLANVIEW_CMD_WIRE_WIRE_COMMAND_H_
#define PLANVIEW_CMD_WIRE_WIRE_COMMAND_H_

#include <cstdio>
#include <span>
#include <string>

namespace planview::base {
class Executor;
}  // namespace planview::base

namespace planview::cmd {

// `args` are the words after `wire` ("decode", "--type", ...). Returns the exit code:
// 0 on success, 1 when an input cannot be read or decoded, 2 for a usage error.
// Values are decoded with `executor`'s helpers (null: this thread only).
int RunWireCommand(std::span<const std::string> args, std::FILE* out, std::FILE* err,
                   base::Executor* executor = nullptr);

}  // namespace planview::cmd

#endif  // PLANVIEW_CMD_WIRE_WIRE_COMMAND_H_
