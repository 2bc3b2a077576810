// Shared pieces of the fuzz targets (fuzz/*_fuzzer.cc): running one input on a large
// stack as the planview binary does, finding the fixed data files, and failing loudly
// when a target's own invariant breaks.
//
// Every target defines LLVMFuzzerTestOneInput; libFuzzer drives it (fuzz/build.sh), and
// the Bazel regression tests replay testdata/fuzz/<target>/ through it (replay_main.cc).
#ifndef PLANVIEW_FUZZ_FUZZ_SUPPORT_H_
#define PLANVIEW_FUZZ_FUZZ_SUPPORT_H_

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>

#include "structured/json_value.h"
#include "structured/schema.h"

namespace planview::fuzz {

// Runs `work` on a thread with the stack the planview binary renders on (base/executor.h),
// so inputs nested as deeply as the parser allows behave as they do in the binary.
void RunOnLargeStack(const std::function<void()>& work);

// The bytes of a file named relative to the repository root: looked up under
// $PLANVIEW_FUZZ_ROOT, then the working directory (a Bazel test's runfiles root), then
// the checkout the fuzzer was built from. Aborts when none has it.
std::string ReadRepoFile(std::string_view relative_path);

// The fixed provider schemas the plan target renders with: the real providers' schemas of
// the equivalence captures plus the `test` provider of the upstream resource cases.
// Parsed once; aborts if they do not parse.
const structured::ProviderSchemas& FixedSchemas();
std::string_view FixedSchemasFormatVersion();

// Prints `what` (and the input's size) to stderr and aborts: a target's invariant failed.
[[noreturn]] void InvariantFailed(std::string_view what, size_t input_size);

// Compact JSON text of a parsed value (members in document order, numbers as written).
std::string ToJsonText(structured::Value value);

}  // namespace planview::fuzz

#define PLANVIEW_FUZZ_CHECK(condition, size)                                          \
  do {                                                                                \
    if (!(condition)) ::planview::fuzz::InvariantFailed(#condition, (size));          \
  } while (false)

#endif  // PLANVIEW_FUZZ_FUZZ_SUPPORT_H_
