// Fuzz target: the JSON log renderer (planview::renderer::RenderLog, what `planview` runs
// on a `plan -json` / `apply -json` / `test -json` stream), with OpenTofu's and
// Terraform's renderer in turn.
//
// Checks: it never reads more lines than the text has, counts at most that many as
// malformed, and a malformed line's position lies inside the text.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>

#include "fuzz/fuzz_support.h"
#include "renderer/log_renderer.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string text(reinterpret_cast<const char*>(data), size);
  planview::fuzz::RunOnLargeStack([&] {
    planview::renderer::Options options;
    options.color = size % 2 == 1;
    options.width = (size / 2) % 3 == 2 ? 30 : 78;
    options.product = (size / 6) % 2 == 1 ? planview::renderer::Product::kTerraform
                                           : planview::renderer::Product::kOpenTofu;
    planview::renderer::Warnings warnings;
    std::string out;
    planview::renderer::LogResult result =
        planview::renderer::RenderLog(text, options, planview::renderer::kLogDiagnosticWidth, out, warnings);
    size_t lines = static_cast<size_t>(std::count(text.begin(), text.end(), '\n')) + 1;
    PLANVIEW_FUZZ_CHECK(result.lines <= lines, size);
    PLANVIEW_FUZZ_CHECK(result.malformed_lines <= result.lines, size);
    if (result.malformed_lines > 0) PLANVIEW_FUZZ_CHECK(result.first_error.offset <= size, size);
    for (const std::string& warning : warnings.messages()) {
      PLANVIEW_FUZZ_CHECK(warning.find('\n') == std::string::npos, size);
    }
  });
  return 0;
}
