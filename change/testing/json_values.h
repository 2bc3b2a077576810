// Test helper: JSON values from literal text. The documents live until the test binary
// exits, so values can be kept in diff trees freely.
#ifndef PLANVIEW_CHANGE_TESTING_JSON_VALUES_H_
#define PLANVIEW_CHANGE_TESTING_JSON_VALUES_H_

#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "structured/json_parse.h"
#include "structured/json_value.h"

namespace planview::change::testing {

inline structured::Value Json(std::string_view text) {
  static std::vector<std::shared_ptr<const structured::Document>> documents;
  structured::ParseResult result = structured::ParseJson(std::string(text));
  if (!result.ok()) throw std::invalid_argument("bad JSON in test: " + std::string(text));
  documents.push_back(result.value());
  return result.value()->root();
}

// A JSON string value holding `text`.
inline structured::Value JsonString(std::string_view text) {
  std::string quoted = "\"";
  for (char c : text) {
    if (c == '"' || c == '\\') {
      quoted.push_back('\\');
      quoted.push_back(c);
    } else if (c == '\n') {
      quoted.append("\\n");
    } else if (c == '\t') {
      quoted.append("\\t");
    } else {
      quoted.push_back(c);
    }
  }
  quoted.push_back('"');
  return Json(quoted);
}

}  // namespace planview::change::testing

#endif  // PLANVIEW_CHANGE_TESTING_JSON_VALUES_H_
