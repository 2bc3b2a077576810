#include "structured/json_path.h"

#include <fmt/format.h>

#include "structured/json_text.h"

namespace planview::structured {

bool IsIdentifierKey(std::string_view key) {
  if (key.empty()) return false;
  for (size_t i = 0; i < key.size(); ++i) {
    char c = key[i];
    bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' ||
              (i > 0 && ((c >= '0' && c <= '9') || c == '-'));
    if (!ok) return false;
  }
  return true;
}

void AppendKeyStep(std::string& out, std::string_view key) {
  if (IsIdentifierKey(key)) {
    out += '.';
    out += key;
    return;
  }
  out += '[';
  AppendJsonString(out, key);
  out += ']';
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
