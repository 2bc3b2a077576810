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

// How ParseJson shares a big text between its threads (see ParseJsonParallel).
struct ParallelParse {
  size_t min_bytes = kParallelParseMinBytes;  // a smaller text is parsed on one thread
  // The back part of a kept top-level array is built on the second thread only when it
  // has at least this many bytes.
  size_t min_split_bytes = kParallelParseMinBytes / 16;
  // ... and only when its elements average this many bytes (a resource change is a few
  // KB; grafting many tiny elements costs more than building them).
  size_t min_split_element_bytes = 256;
  // For tests: the building thread waits, at the first element of every kept top-level
  // array, until the second thread has chosen where (if anywhere) it takes over, so that
  // the handing over happens whatever the timing; `splits` (when set) counts the arrays
  // whose back part was built there and grafted.
  bool await_split = false;
  size_t* splits = nullptr;
};

// ParseJson with another threshold: tests and fuzzers use 0 to take the parallel path on
// small texts.
ParseResult ParseJsonWithThreshold(InputText text, const ParseOptions& options, size_t parallel_min_bytes);
ParseResult ParseJsonParallel(InputText text, const ParseOptions& options, const ParallelParse& parallel);

}  // namespace planview::structured::internal

#endif  // PLANVIEW_STRUCTURED_INTERNAL_PARSE_THRESHOLD_H_
