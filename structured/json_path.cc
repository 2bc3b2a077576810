#include "structured/json_path.h"

#include <fmt/format.h>

namespace planview::structured {
namespace {
bool IsIdentifier(std::string_view key) {
  if (key.empty()) return false;
  for (size_t i = 0; i < key.size(); ++i) {
    char c = key[i];
    bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' ||
              (i > 0 && ((c >= '0' && c <= '9') || c == '-'));
    if (!ok) return false;
  }
  return true;
}
}  // namespace

void AppendKeyStep(std::string& out, std::string_view key) {
  if (IsIdentifier(key)) {
    out += '.';
    out += key;
    return;
  }
  out += "[\"";
  for (unsigned char c : key) {
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
  out += "\"]";
}

std::string JsonPath::Steps() const {
  std::string out;
  for (const auto& step : steps_) {
    if (const auto* key = std::get_if<std::string>(&step)) {
      AppendKeyStep(out, *key);
    } else {
      out += fmt::format("[{}]", std::get<size_t>(step));
    }
  }
  return out;
}

std::string JsonPath::ToString() const { return "$" + Steps(); }

}  // namespace planview::structured
