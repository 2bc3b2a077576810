// ParseJson's one performance knob, kept out of its public header.
#ifndef PLANVIEW_STRUCTURED_INTERNAL_PARSE_THRESHOLD_H_
#define PLANVIEW_STRUCTURED_INTERNAL_PARSE_THRESHOLD_H_

#include <cstddef>
#include <string>

#include "structured/json_parse.h"

namespace planview::structured::internal {

// Texts shorter than this are parsed on one thread even with an executor: checking their
// skipped members beside the building would not pay for the handing over.
inline constexpr size_t kParallelParseMinBytes = size_t{4} << 20;

// ParseJson with another threshold: tests and fuzzers use 0 to take the parallel path on
// small texts.
ParseResult ParseJsonWithThreshold(InputText text, const ParseOptions& options, size_t parallel_min_bytes);

}  // namespace planview::structured::internal

#endif  // PLANVIEW_STRUCTURED_INTERNAL_PARSE_THRESHOLD_H_
