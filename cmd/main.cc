// planview: renders a Terraform/OpenTofu plan, state or JSON log as `tofu show` does.
#include <cerrno>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <cstring>
#include <span>
#include <string>
#include <vector>

#include <fmt/format.h>

#include <fmt/format.h>

#include "cmd/browse/browse_command.h"
#include "cmd/console.h"
#include "cmd/console.h"
#include "cmd/large_stack.h"
#include "cmd/plan_file_input.h"
#include "cmd/planview_cli.h"
#include "cmd/terminal.h"
#include "cmd/wire/wire_command.h"

namespace {

// Compiled for the baseline x86-64 so the check itself runs on any CPU.
__attribute__((target("arch=x86-64"))) bool CpuHasAvx2() {
  __builtin_cpu_init();
  return __builtin_cpu_supports("avx2");
}

}  // namespace

int main(int argc, char** argv) {
  if (!CpuHasAvx2()) {
    std::fputs("planview: this build needs a CPU with AVX2 (it was compiled for -march=haswell)\n", stderr);
    return 1;
  }
  std::vector<std::string> args(argv + 1, argv + argc);
  planview::cmd::Terminal terminal = planview::cmd::DetectTerminal();
  std::span<const std::string> rest = std::span<const std::string>(args).subspan(args.empty() ? 0 : 1);
  std::string command = args.empty() ? "" : args[0];
  int status = planview::cmd::RunWithLargeStack([&] {
    if (command == "wire") {
      return planview::cmd::FinishOutput(stdout, stderr, planview::cmd::RunWireCommand(rest, stdout, stderr));
    }
    if (command == "convert") {
      return planview::cmd::FinishOutput(stdout, stderr, planview::cmd::RunConvert(rest, stdout, stderr));
    }
    if (command == "browse") {
      return planview::cmd::FinishOutput(stdout, stderr, planview::cmd::RunBrowse(rest, terminal, stdout, stderr));
    }
    return planview::cmd::RunPlanview(args, terminal, stdout, stderr);  // checks its own output
  });
  // Everything is flushed by now; closing can still fail (a closed standard output that was
  // never written to, a file system that reports errors on close).
  if (std::fclose(stdout) != 0 && status == 0) {
    planview::cmd::Error(stderr, fmt::format("standard output: write error: {}", std::strerror(errno)));
    status = planview::cmd::kExitBadInput;
  }
  return status;
}
