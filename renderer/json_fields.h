// Reading upstream's JSON documents field by field, with Go's encoding/json leniency: a
// missing or null field reads as its zero value; a field of the wrong type is an
// InputError naming the JSON path (`$.resource_changes[3].change.actions`).
#ifndef PLANVIEW_RENDERER_JSON_FIELDS_H_
#define PLANVIEW_RENDERER_JSON_FIELDS_H_

#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>

#include "renderer/text_escape.h"
#include "structured/json_value.h"

namespace planview::renderer {

// Input whose shape the renderer cannot accept. `path` is a JSON path into the document.
// what() is one line: control characters quoted from the input are escaped.
class InputError : public std::runtime_error {
 public:
  InputError(std::string path, const std::string& message)
      : std::runtime_error(SingleLine(path.empty() ? message : path + ": " + message)), path_(std::move(path)) {}
  const std::string& path() const { return path_; }

 private:
  std::string path_;
};

// `path` followed by one key or index step.
std::string KeyPath(std::string_view path, std::string_view key);
std::string IndexPath(std::string_view path, size_t index);

// Fields of `object` (which must be an object or null; `path` names it).
std::string_view StringField(structured::Value object, std::string_view key, std::string_view path);
bool BoolField(structured::Value object, std::string_view key, std::string_view path);
// A JSON integer that fits Go's int; `fallback` when missing or null.
int64_t IntField(structured::Value object, std::string_view key, std::string_view path, int64_t fallback = 0);
// The field when it is an object, absent when missing or null.
structured::Value ObjectField(structured::Value object, std::string_view key, std::string_view path);
structured::Value ArrayField(structured::Value object, std::string_view key, std::string_view path);

// Throws unless `value` is an object or null.
void RequireObject(structured::Value value, std::string_view path);

}  // namespace planview::renderer

#endif  // PLANVIEW_RENDERER_JSON_FIELDS_H_
