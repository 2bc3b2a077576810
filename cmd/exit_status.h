// The exit statuses of the planview commands, in one table: what the commands return and
// what README's exit-status table and the man page's EXIT STATUS list (both are checked
// against this table by //cmd:exit_status_test).
#ifndef PLANVIEW_CMD_EXIT_STATUS_H_
#define PLANVIEW_CMD_EXIT_STATUS_H_

#include <string_view>

namespace planview::cmd {

inline constexpr int kExitOk = 0;            // rendered (diff: the plans propose the same changes)
inline constexpr int kExitBadInput = 1;      // the input could not be rendered (or written)
inline constexpr int kExitUsage = 2;         // bad arguments, or nowhere to show the result
inline constexpr int kExitGate = 3;          // rendered, but a gate (--fail-on, --protect) failed
inline constexpr int kExitPlansDiffer = 4;   // `planview diff`: the plans propose different changes

struct ExitStatus {
  int code;
  std::string_view meaning;  // how README's table starts the row's meaning
};

// Every status above, in order.
inline constexpr ExitStatus kExitStatuses[] = {
    {kExitOk, "rendered"},
    {kExitBadInput, "bad input"},
    {kExitUsage, "bad usage"},
    {kExitGate, "rendered, but a gate failed"},
    {kExitPlansDiffer, "`planview diff` only: the two plans propose different changes"},
};

}  // namespace planview::cmd

#endif  // PLANVIEW_CMD_EXIT_STATUS_H_
