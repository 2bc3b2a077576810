// The NEON kernel: the parser and the skipper on AArch64's NEON (neon.h), which every
// AArch64 CPU has.
#if defined(__aarch64__)  // only AArch64 builds have this kernel

#include "structured/internal/json_parser_includes.h"

#include "structured/internal/json_parser.h"
#include "structured/internal/kernels/neon.h"
#include "structured/internal/skip_container.h"

namespace planview::structured::internal {

const Kernel kNeonKernel = {
    "neon",
    [] { return true; },
    RunParser<NeonKernel>,
    SkipContainerWith<NeonKernel>,
};

}  // namespace planview::structured::internal

#endif  // defined(__aarch64__)
