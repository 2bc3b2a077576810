// The AVX2 kernel: the parser and the skipper compiled for AVX2 (avx2.h). Only the code
// below the target switch uses AVX2; everything it includes from elsewhere is included
// first, for the baseline (see json_parser_includes.h), so no AVX2 instruction can end
// up in code shared with the other kernels.
#if defined(__x86_64__)  // only x86-64 builds have this kernel

#include "structured/internal/json_parser_includes.h"

#include <immintrin.h>

#if defined(__clang__)
#pragma clang attribute push(__attribute__((target("avx2,bmi,pclmul,popcnt"))), apply_to = function)
#else
#pragma GCC push_options
#pragma GCC target("avx2,bmi,pclmul,popcnt")
#endif

#include "structured/internal/json_parser.h"
#include "structured/internal/kernels/avx2.h"
#include "structured/internal/skip_container.h"

namespace planview::structured::internal {
namespace {

KernelParseResult ParseAvx2(const char* text, size_t size, bool padded, DocumentBuilder& builder,
                            const ParseOptions& options, const ParallelParse& parallel, bool drop_skipped) {
  return RunParser<Avx2Kernel>(text, size, padded, builder, options, parallel, drop_skipped);
}

size_t SkipAvx2(const char* text, size_t begin, size_t size) {
  return SkipContainerWith<Avx2Kernel>(text, begin, size);
}

}  // namespace
}  // namespace planview::structured::internal

#if defined(__clang__)
#pragma clang attribute pop
#else
#pragma GCC pop_options
#endif

namespace planview::structured::internal {
namespace {

// Compiled for the baseline, so that asking is safe on any x86-64 CPU.
bool CpuRunsAvx2() {
  __builtin_cpu_init();
  return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("bmi") && __builtin_cpu_supports("pclmul") &&
         __builtin_cpu_supports("popcnt");
}

}  // namespace

const Kernel kAvx2Kernel = {"avx2", CpuRunsAvx2, ParseAvx2, SkipAvx2};

}  // namespace planview::structured::internal

#endif  // defined(__x86_64__)
