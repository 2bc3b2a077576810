// The SIMD128 kernel: the parser and the skipper on WebAssembly's 128-bit SIMD
// (simd128.h). Only this file uses SIMD128 (the switch below, as avx2.cc does for AVX2);
// the rest of the module is compiled without it. A runtime without SIMD128 rejects the
// whole module, so where it runs at all, this kernel is usable.
#if defined(__wasm__)  // only WebAssembly builds have this kernel

#include "structured/internal/json_parser_includes.h"

#pragma clang attribute push(__attribute__((target("simd128"))), apply_to = function)

#include "structured/internal/json_parser.h"
#include "structured/internal/kernels/simd128.h"
#include "structured/internal/skip_container.h"

namespace planview::structured::internal {
namespace {

KernelParseResult ParseSimd128(const char* text, size_t size, bool padded, DocumentBuilder& builder,
                               const ParseOptions& options, const ParallelParse& parallel, bool drop_skipped) {
  return RunParser<Simd128Kernel>(text, size, padded, builder, options, parallel, drop_skipped);
}

size_t SkipSimd128(const char* text, size_t begin, size_t size) {
  return SkipContainerWith<Simd128Kernel>(text, begin, size);
}

}  // namespace
}  // namespace planview::structured::internal

#pragma clang attribute pop

namespace planview::structured::internal {

const Kernel kSimd128Kernel = {"simd128", [] { return true; }, ParseSimd128, SkipSimd128};

}  // namespace planview::structured::internal

#endif  // defined(__wasm__)
