// planview: renders a Terraform/OpenTofu plan, state or JSON log as `tofu show` does.
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <span>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "base/executor.h"
#include "cmd/browse/browse_command.h"
#include "cmd/console.h"
#include "cmd/diff_command.h"
#include "cmd/plan_file_input.h"
#include "cmd/planview_cli.h"
#include "cmd/terminal.h"
#include "cmd/wire/wire_command.h"
#include "structured/internal/kernels/kernel.h"

int main(int argc, char** argv) {
  // The SIMD kernel is chosen from the CPU; PLANVIEW_KERNEL may force one (for tests).
  if (std::string error = planview::structured::internal::KernelOverrideError(); !error.empty()) {
    std::fprintf(stderr, "planview: %s\n", error.c_str());
    return planview::cmd::kExitUsage;
  }
  std::vector<std::string> args(argv + 1, argv + argc);
  planview::cmd::Terminal terminal = planview::cmd::DetectTerminal();
  std::span<const std::string> rest = std::span<const std::string>(args).subspan(args.empty() ? 0 : 1);
  std::string command = args.empty() ? "" : args[0];
  // The one executor: the program runs on its large-stack thread, parallel work on its helpers.
  planview::base::Executor executor;
  int status = executor.RunOnLargeStack([&] {
    if (command == "wire") {
      return planview::cmd::FinishOutput(stdout, stderr, planview::cmd::RunWireCommand(rest, stdout, stderr, &executor));
    }
    if (command == "convert") {
      return planview::cmd::FinishOutput(stdout, stderr, planview::cmd::RunConvert(rest, stdout, stderr, &executor));
    }
    if (command == "diff") {
      return planview::cmd::RunDiff(rest, terminal, stdout, stderr);  // checks its own output
    }
    if (command == "browse") {
      return planview::cmd::FinishOutput(stdout, stderr, planview::cmd::RunBrowse(rest, terminal, stdout, stderr, &executor));
    }
    return planview::cmd::RunPlanview(args, terminal, stdout, stderr, &executor);  // checks its own output
  });
  // Everything is flushed by now; closing can still fail (a closed standard output that was
  // never written to, a file system that reports errors on close).
  if (std::fclose(stdout) != 0 && status == 0) {
    planview::cmd::Error(stderr, fmt::format("standard output: write error: {}", std::strerror(errno)));
    status = planview::cmd::kExitBadInput;
  }
  return status;
}
