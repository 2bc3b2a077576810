#include "structured/parse_error.h"

#include <algorithm>
#include <vector>

#include <fmt/format.h>

namespace planview::structured {

namespace {

// A path deeper than this is printed as its first and last steps (hostile input nests
// thousands of levels; a message naming each one helps nobody).
constexpr size_t kPrintedHeadSteps = 12;
constexpr size_t kPrintedTailSteps = 6;

// Where each step of a path such as `$.a["b.c"][2]` starts: every '.' or '[' outside a
// quoted key.
std::vector<size_t> StepStarts(std::string_view path) {
  std::vector<size_t> starts;
  for (size_t i = 0; i < path.size(); ++i) {
    if (path[i] == '.') {
      starts.push_back(i);
    } else if (path[i] == '[') {
      starts.push_back(i);
      if (i + 1 < path.size() && path[i + 1] == '"') {
        for (i += 2; i < path.size() && path[i] != '"'; ++i) {
          if (path[i] == '\\') ++i;
        }
      }
    }
  }
  return starts;
}

std::string PrintedPath(std::string_view path) {
  std::vector<size_t> starts = StepStarts(path);
  if (starts.size() <= kPrintedHeadSteps + kPrintedTailSteps) return std::string(path);
  return fmt::format("{}...{} ({} steps)", path.substr(0, starts[kPrintedHeadSteps]),
                     path.substr(starts[starts.size() - kPrintedTailSteps]), starts.size());
}

}  // namespace

std::string ParseError::ToString(std::string_view file) const {
  std::string where = line > 0 ? fmt::format("{}:{}:{}", file, line, column) : std::string(file);
  std::string at = path.empty() ? std::string() : fmt::format(" at {}", PrintedPath(path));
  return fmt::format("{}: {}{} (byte {})", where, message, at, offset);
}

base::Error ParseError::ToError(std::string_view file) const {
  return base::Error(ToString(file), std::string(file), path);
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
