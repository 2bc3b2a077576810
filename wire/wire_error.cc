#include "wire/wire_error.h"

#include <fmt/format.h>

#include "structured/json_path.h"
#include "structured/json_text.h"

namespace planview::wire {

using structured::AppendJsonString;
using structured::AppendKeyStep;

namespace {

void AppendQuotedStep(std::string& out, std::string_view name) {
  out += '[';
  AppendJsonString(out, name);
  out += ']';
}

}  // namespace

std::string FormatPath(const std::vector<PathStep>& path) {
  std::string out;
  for (const PathStep& s : path) {
    switch (s.kind) {
      case PathStep::Kind::kAttribute: AppendKeyStep(out, s.name); break;
      case PathStep::Kind::kKey: AppendQuotedStep(out, s.name); break;
      case PathStep::Kind::kIndex: out += fmt::format("[{}]", s.index); break;
    }
  }
  return out;
}

std::string FormatCtyPath(const std::vector<PathStep>& path) {
  std::string out;
  for (const PathStep& s : path) {
    if (s.kind == PathStep::Kind::kIndex) {
      out += fmt::format("[{}]", s.index);
    } else {
      AppendQuotedStep(out, s.name);
    }
  }
  return out;
}

std::string WireError::ToString() const {
  std::string where = path.empty() ? std::string("the value") : FormatPath(path);
  if (has_offset) return fmt::format("at {} (byte {}): {}", where, offset, message);
  return fmt::format("at {}: {}", where, message);
}

}  // namespace planview::wire
