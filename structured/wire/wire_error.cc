#include "structured/wire/wire_error.h"

#include <fmt/format.h>

namespace planview::structured::wire {
namespace {

bool IsIdentifier(const std::string& s) {
  if (s.empty()) return false;
  for (size_t i = 0; i < s.size(); ++i) {
    char c = s[i];
    bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || (i > 0 && ((c >= '0' && c <= '9') || c == '-'));
    if (!ok) return false;
  }
  return true;
}

void AppendQuoted(std::string& out, const std::string& s) {
  out += '"';
  for (unsigned char c : s) {
    switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\n': out += "\\n"; break;
      case '\t': out += "\\t"; break;
      case '\r': out += "\\r"; break;
      default:
        if (c < 0x20) {
          out += fmt::format("\\u{:04x}", c);
        } else {
          out += static_cast<char>(c);
        }
    }
  }
  out += '"';
}

}  // namespace

std::string FormatPath(const std::vector<PathStep>& path) {
  std::string out;
  for (const PathStep& s : path) {
    switch (s.kind) {
      case PathStep::Kind::kAttribute:
        if (IsIdentifier(s.name)) {
          out += '.';
          out += s.name;
        } else {
          out += '[';
          AppendQuoted(out, s.name);
          out += ']';
        }
        break;
      case PathStep::Kind::kKey:
        out += '[';
        AppendQuoted(out, s.name);
        out += ']';
        break;
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
      out += '[';
      AppendQuoted(out, s.name);
      out += ']';
    }
  }
  return out;
}

std::string WireError::ToString() const {
  std::string where = path.empty() ? std::string("the value") : FormatPath(path);
  if (has_offset) return fmt::format("at {} (byte {}): {}", where, offset, message);
  return fmt::format("at {}: {}", where, message);
}

}  // namespace planview::structured::wire
