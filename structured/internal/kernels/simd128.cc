// The SIMD128 kernel: the parser and the skipper on WebAssembly's 128-bit SIMD
// (simd128.h), in builds compiled with -msimd128 (js/wasm.bzl). A runtime without SIMD128
// rejects the whole module, so where it runs at all, this kernel is usable.
#if defined(__wasm_simd128__)  // only WebAssembly builds with SIMD128 have this kernel

#include "structured/internal/json_parser_includes.h"

#include "structured/internal/json_parser.h"
#include "structured/internal/kernels/simd128.h"
#include "structured/internal/skip_container.h"

namespace planview::structured::internal {

const Kernel kSimd128Kernel = {
    "simd128",
    [] { return true; },
    RunParser<Simd128Kernel>,
    SkipContainerWith<Simd128Kernel>,
};

}  // namespace planview::structured::internal

#endif  // defined(__wasm_simd128__)
