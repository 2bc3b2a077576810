// Finds where a JSON array or object ends without checking what is inside it.
//
// Contract: `text[begin]` is '{' or '['. For well-formed JSON the result is exactly one
// past the matching closing bracket. For anything else it is some offset in
// (begin, size] or `kNoEnd`, and says nothing: whoever skips must have the range checked
// by a real parser before trusting it. Reads nothing past `size` (the text needs no
// padding).
#ifndef PLANVIEW_STRUCTURED_JSON_SKIP_H_
#define PLANVIEW_STRUCTURED_JSON_SKIP_H_

#include <cstddef>
#include <limits>

namespace planview::structured::internal {

inline constexpr size_t kNoEnd = std::numeric_limits<size_t>::max();

size_t SkipContainer(const char* text, size_t begin, size_t size);

}  // namespace planview::structured::internal

#endif  // PLANVIEW_STRUCTURED_JSON_SKIP_H_
