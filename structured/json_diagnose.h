// A slow, exact JSON checker used only after the fast parser has failed: it finds the
// first error and says where it is (byte offset and JSON path) and what it is. Iterative,
// so any nesting depth is safe.
#ifndef PLANVIEW_STRUCTURED_JSON_DIAGNOSE_H_
#define PLANVIEW_STRUCTURED_JSON_DIAGNOSE_H_

#include <cstddef>
#include <optional>
#include <string_view>

#include "structured/parse_error.h"

namespace planview::structured::internal {

// The first error in `text`, or nothing when it is valid JSON within `max_depth`.
// Line and column are not filled in.
std::optional<ParseError> DiagnoseJson(std::string_view text, size_t max_depth);

}  // namespace planview::structured::internal

#endif  // PLANVIEW_STRUCTURED_JSON_DIAGNOSE_H_
