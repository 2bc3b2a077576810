// Fuzz target: rendering a document (planview::renderer::RenderDocument, what `planview
// FILE --schemas S` runs) with fixed provider schemas. The input is the plan's bytes;
// detection may also take it for a state or a log, as the binary would.
#include <cstddef>
#include <cstdint>
#include <string>

#include "fuzz/fuzz_support.h"
#include "fuzz/render_check.h"

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  planview::fuzz::FixedSchemas();
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string text(reinterpret_cast<const char*>(data), size);
  planview::fuzz::RunOnLargeStack([&] {
    planview::fuzz::RenderAndCheck(std::move(text), &planview::fuzz::FixedSchemas(),
                                   planview::fuzz::FixedSchemasFormatVersion());
  });
  return 0;
}
