// The SIMD kernels and the one chosen at start-up.
//
// A kernel is the JSON parser and the container skipper compiled for one instruction set
// (masks.h says what differs: scalar.h, avx2.h, neon.h, simd128.h). Every build has the
// scalar kernel; x86-64 builds add AVX2, AArch64 builds NEON, WebAssembly builds SIMD128.
// ActiveKernel() is chosen once, the first time it is asked: the kernel named by the
// environment variable PLANVIEW_KERNEL (scalar, avx2, neon, simd128) when set and usable
// on this CPU, else the fastest one the CPU runs.
// All kernels give the same results.
#ifndef PLANVIEW_STRUCTURED_INTERNAL_KERNELS_KERNEL_H_
#define PLANVIEW_STRUCTURED_INTERNAL_KERNELS_KERNEL_H_

#include <cstddef>
#include <optional>
#include <span>
#include <string>

#include "structured/internal/parse_threshold.h"
#include "structured/json_parse.h"
#include "structured/parse_error.h"

namespace planview::structured {
class DocumentBuilder;  // structured/document_builder.h
}  // namespace planview::structured

namespace planview::structured::internal {

// What a kernel's parse reports to ParseJson.
struct KernelParseResult {
  bool ok = false;
  // When ok: whether a line break separates two of the value's tokens.
  bool line_break = false;
  // A value past the document's capacity (DocumentBuilder::error()).
  std::optional<ParseError> too_large;
  // When not ok: what the failing parser said, and where.
  std::string message;
  size_t offset = 0;
};

struct Kernel {
  const char* name;
  bool (*usable)();  // whether this CPU runs it
  // Parses `text` (`size` bytes) into `builder`, reading it only. `padded`: the text is
  // followed by kParsePadding zero bytes, which the parser reads ahead into; otherwise no
  // byte past the text is read (a caller's memory), at a small cost near its end. The
  // results are the same. After a failure no other thread reads the text any more.
  // With options.executor, a text of `parallel.min_bytes` or more is shared between two
  // threads (internal/json_parser.h says how).
  // `drop_skipped`: the text is a read-only file mapping, so the whole pages of a skipped
  // member, once checked, are dropped from memory (read again, they come from the file).
  KernelParseResult (*parse)(const char* text, size_t size, bool padded, DocumentBuilder& builder,
                             const ParseOptions& options, const ParallelParse& parallel, bool drop_skipped);
  // internal::SkipContainer (structured/json_skip.h): reads nothing past the text.
  size_t (*skip_container)(const char* text, size_t begin, size_t size);
};

// Defined by each kernel's translation unit.
extern const Kernel kScalarKernel;
#if defined(__x86_64__)
extern const Kernel kAvx2Kernel;
#endif
#if defined(__aarch64__)
extern const Kernel kNeonKernel;
#endif
#if defined(__wasm__)
extern const Kernel kSimd128Kernel;
#endif

// The kernels of this build, slowest first.
std::span<const Kernel* const> BuiltKernels();

const Kernel& ActiveKernel();

// Empty, or why PLANVIEW_KERNEL cannot be honoured (an unknown name, or a kernel this CPU
// does not run): one line, for the binary to report at start-up. ActiveKernel() then
// uses the CPU's best.
std::string KernelOverrideError();

}  // namespace planview::structured::internal

#endif  // PLANVIEW_STRUCTURED_INTERNAL_KERNELS_KERNEL_H_
