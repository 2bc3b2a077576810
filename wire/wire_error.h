// Errors from decoding or encoding a wire value: where (the path inside the value and
// the byte offset in the input) and what.
#ifndef PLANVIEW_WIRE_WIRE_ERROR_H_
#define PLANVIEW_WIRE_WIRE_ERROR_H_

#include <cstddef>
#include <string>
#include <variant>
#include <vector>

namespace planview::wire {

// One step into a value: an object attribute, a map key or a list/set/tuple index.
struct PathStep {
  enum class Kind { kAttribute, kKey, kIndex } kind = Kind::kIndex;
  std::string name;  // attribute or key
  size_t index = 0;
};

// `.tags["Name"]`, `[2].port`; empty for the value itself.
std::string FormatPath(const std::vector<PathStep>& path);
// cty's error-path form, where attributes are written like keys: `["tags"]["Name"]`.
std::string FormatCtyPath(const std::vector<PathStep>& path);

struct WireError {
  std::vector<PathStep> path;
  size_t offset = 0;        // byte offset in the input
  bool has_offset = true;   // false for errors not tied to input bytes (encoding)
  std::string message;

  // "at .tags["Name"] (byte 12): string is required"
  std::string ToString() const;
};

}  // namespace planview::wire

#endif  // PLANVIEW_WIRE_WIRE_ERROR_H_
