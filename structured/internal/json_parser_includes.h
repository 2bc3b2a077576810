// Everything structured/internal/json_parser.h and skip_container.h use from elsewhere.
// A kernel translation unit includes this first, before it switches the compiler to its
// instruction set: inline functions and templates defined in these headers must be
// compiled for the baseline target, or the linker might keep an AVX2 copy of, say,
// std::vector's growth for every caller. Add new includes of the parser here only.
#ifndef PLANVIEW_STRUCTURED_INTERNAL_JSON_PARSER_INCLUDES_H_
#define PLANVIEW_STRUCTURED_INTERNAL_JSON_PARSER_INCLUDES_H_

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <deque>
#include <functional>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <sys/mman.h>
#include <unistd.h>

#include <fmt/format.h>

#include "base/executor.h"
#include "structured/document_builder.h"
#include "structured/internal/kernels/kernel.h"
#include "structured/internal/kernels/masks.h"
#include "structured/internal/page_size.h"
#include "structured/json_parse.h"
#include "structured/json_skip.h"
#include "structured/json_text.h"
#include "structured/parse_error.h"

#endif  // PLANVIEW_STRUCTURED_INTERNAL_JSON_PARSER_INCLUDES_H_
