// A path inside a JSON value, for error messages: `$.resource_changes[3].change.after`,
// with non-identifier keys quoted: `$.tags["Name tag"]`.
#ifndef PLANVIEW_STRUCTURED_JSON_PATH_H_
#define PLANVIEW_STRUCTURED_JSON_PATH_H_

#include <cstddef>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace planview::structured {

class JsonPath {
 public:
  void PushKey(std::string_view key) { steps_.emplace_back(std::string(key)); }
  void PushIndex(size_t index) { steps_.emplace_back(index); }
  void Pop() { steps_.pop_back(); }
  size_t depth() const { return steps_.size(); }
  bool empty() const { return steps_.empty(); }

  // `$` followed by the steps.
  std::string ToString() const;
  // The steps without the leading `$` (cty style: `.tags["Name"]`, `[2].port`).
  std::string Steps() const;

 private:
  std::vector<std::variant<std::string, size_t>> steps_;
};

// Appends one key step as `.key` or `["key"]` (with JSON escapes).
void AppendKeyStep(std::string& out, std::string_view key);
// True when a key can be written after a dot: a letter or `_`, then letters, digits, `_`, `-`.
bool IsIdentifierKey(std::string_view key);

}  // namespace planview::structured

#endif  // PLANVIEW_STRUCTURED_JSON_PATH_H_
