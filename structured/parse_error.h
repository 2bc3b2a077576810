// Where and why reading an input failed.
#ifndef PLANVIEW_STRUCTURED_PARSE_ERROR_H_
#define PLANVIEW_STRUCTURED_PARSE_ERROR_H_

#include <cstddef>
#include <string>
#include <string_view>

#include "base/error.h"

namespace planview::structured {

struct ParseError {
  std::string message;  // what is wrong, lower case, no trailing period
  std::string path;     // JSON path where parsing stopped, e.g. `$.resource_changes[0].change`
  size_t offset = 0;    // byte offset into the input
  size_t line = 0;      // 1-based; 0 when unknown
  size_t column = 0;    // 1-based, in bytes
  // The input is (as far as it was read) valid JSON, but over one of planview's limits
  // (nesting depth, string or document size): the message names the limit.
  bool limit = false;

  // One line: `FILE:LINE:COLUMN: MESSAGE at PATH (byte OFFSET)`. A path of more than 18
  // steps shows its first 12 and last 6: `$.a[0][0]...[0][0] (600 steps)`.
  std::string ToString(std::string_view file) const;
  // The same line as the library's one error type, with `file` and the path kept apart.
  base::Error ToError(std::string_view file) const;
};

// Fills line and column from `offset` within `text`.
void LocateOffset(std::string_view text, ParseError& error);

}  // namespace planview::structured

#endif  // PLANVIEW_STRUCTURED_PARSE_ERROR_H_
