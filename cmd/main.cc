// planview: renders a Terraform/OpenTofu plan, state or JSON log as `tofu show` does.
#include <cstdio>
#include <span>
#include <string>
#include <vector>

#include "cmd/browse/browse_command.h"
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
  if (!args.empty() && args[0] == "wire") {
    return planview::cmd::RunWithLargeStack([&] {
      return planview::cmd::RunWireCommand(std::span<const std::string>(args).subspan(1), stdout, stderr);
    });
  }
  if (!args.empty() && args[0] == "convert") {
    return planview::cmd::RunWithLargeStack([&] {
      return planview::cmd::RunConvert(std::span<const std::string>(args).subspan(1), stdout, stderr);
    });
  }
  if (!args.empty() && args[0] == "browse") {
    return planview::cmd::RunWithLargeStack([&] {
      return planview::cmd::RunBrowse(std::span<const std::string>(args).subspan(1), terminal, stdout, stderr);
    });
  }
  return planview::cmd::RunWithLargeStack(
      [&] { return planview::cmd::RunPlanview(args, terminal, stdout, stderr); });
}
