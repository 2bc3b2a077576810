#include "structured/internal/kernels/kernel.h"

#include <cstdlib>
#include <string_view>

namespace planview::structured::internal {
namespace {

constexpr const Kernel* kBuilt[] = {
    &kScalarKernel,
#if defined(__x86_64__)
    &kAvx2Kernel,
#endif
#if defined(__aarch64__)
    &kNeonKernel,
#endif
#if defined(__wasm__)
    &kSimd128Kernel,
#endif
};

struct Choice {
  const Kernel* kernel = nullptr;
  std::string error;
};

Choice Choose() {
  Choice choice;
  for (const Kernel* k : kBuilt) {
    if (k->usable()) choice.kernel = k;
  }
  const char* forced = std::getenv("PLANVIEW_KERNEL");
  if (forced == nullptr || *forced == '\0') return choice;
  for (const Kernel* k : kBuilt) {
    if (std::string_view(forced) != k->name) continue;
    if (k->usable()) {
      choice.kernel = k;
    } else {
      choice.error = std::string("PLANVIEW_KERNEL=") + forced + ": this CPU cannot run that kernel";
    }
    return choice;
  }
  std::string names;
  for (const Kernel* k : kBuilt) names += std::string(names.empty() ? "" : ", ") + k->name;
  choice.error = std::string("PLANVIEW_KERNEL=") + forced + ": unknown kernel (this build has " + names + ")";
  return choice;
}

const Choice& TheChoice() {
  static const Choice choice = Choose();
  return choice;
}

}  // namespace

std::span<const Kernel* const> BuiltKernels() { return kBuilt; }

const Kernel& ActiveKernel() { return *TheChoice().kernel; }

std::string KernelOverrideError() { return TheChoice().error; }

}  // namespace planview::structured::internal
