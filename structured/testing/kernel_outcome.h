// What one JSON kernel's parse of a text gives, for the tests that compare kernels
// (kernel_test natively, simd128_test in WebAssembly).
#ifndef PLANVIEW_STRUCTURED_TESTING_KERNEL_OUTCOME_H_
#define PLANVIEW_STRUCTURED_TESTING_KERNEL_OUTCOME_H_

#include <cstddef>
#include <memory>
#include <string>
#include <string_view>
#include <utility>

#include "structured/document_builder.h"
#include "structured/internal/kernels/kernel.h"
#include "structured/json_parse.h"
#include "structured/read_input.h"

namespace planview::structured::testing {

struct KernelOutcome {
  bool ok = false;
  std::shared_ptr<const Document> document;
  std::string message;
  size_t offset = 0;
};

// Parses `input` with `kernel`, on one thread. With `placed` empty, a copy of `input`
// followed by kParsePadding zero bytes; otherwise `placed`, the same bytes the caller put
// where reading past them faults, unpadded (the document reads them: compare it before
// they are overwritten).
inline KernelOutcome ParseWithKernel(const internal::Kernel& kernel, const std::string& input,
                                     const ParseOptions& options, std::string_view placed = {}) {
  const bool padded = placed.data() == nullptr;
  std::shared_ptr<const void> owner;
  std::string_view text = placed;
  if (padded) {
    auto copy = std::make_shared<std::string>(input);
    copy->append(kParsePadding, '\0');
    text = std::string_view(copy->data(), input.size());
    owner = std::move(copy);
  }
  DocumentBuilder builder(text, owner);
  internal::ParallelParse parallel;
  parallel.min_bytes = 0;
  internal::KernelParseResult r = kernel.parse(text.data(), text.size(), padded, builder, options, parallel, false);
  KernelOutcome out;
  out.ok = r.ok;
  if (r.ok) out.document = builder.Finish();
  out.message = r.message;
  out.offset = r.offset;
  return out;
}

}  // namespace planview::structured::testing

#endif  // PLANVIEW_STRUCTURED_TESTING_KERNEL_OUTCOME_H_
