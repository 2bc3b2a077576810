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
#include "structured/internal/kernels/kernel.h"

int main(int argc, char** argv) {
  // The SIMD kernel is chosen from the CPU; PLANVIEW_KERNEL may force one (for tests).
  if (std::string error = planview::structured::internal::KernelOverrideError(); !error.empty()) {
    std::fprintf(stderr, "planview: %s\n", error.c_str());
    return 2;
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
