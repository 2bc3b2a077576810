// The scalar kernel: the parser and the skipper on plain C++ (scalar.h).
#include "structured/internal/json_parser_includes.h"

#include "structured/internal/json_parser.h"
#include "structured/internal/kernels/scalar.h"
#include "structured/internal/skip_container.h"

namespace planview::structured::internal {

const Kernel kScalarKernel = {
    "scalar",
    [] { return true; },
    RunParser<ScalarKernel>,
    SkipContainerWith<ScalarKernel>,
};

}  // namespace planview::structured::internal
