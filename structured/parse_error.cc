#include "structured/parse_error.h"

#include <algorithm>

#include <fmt/format.h>

namespace planview::structured {

std::string ParseError::ToString(std::string_view file) const {
  std::string where = line > 0 ? fmt::format("{}:{}:{}", file, line, column) : std::string(file);
  std::string at = path.empty() ? std::string() : fmt::format(" at {}", path);
  return fmt::format("{}: {}{} (byte {})", where, message, at, offset);
}

void LocateOffset(std::string_view text, ParseError& error) {
  size_t end = std::min(error.offset, text.size());
  size_t line = 1;
  size_t line_start = 0;
  for (size_t i = 0; i < end; ++i) {
    if (text[i] == '\n') {
      ++line;
      line_start = i + 1;
    }
  }
  error.line = line;
  error.column = end - line_start + 1;
}

}  // namespace planview::structured
