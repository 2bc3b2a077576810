// Reading upstream's JSON documents field by field, with Go's encoding/json leniency: a
// missing or null field reads as its zero value; a field of the wrong type is an input
// error naming the JSON path (`$.resource_changes[3].change.actions: expected ...`).
//
// A FieldReader keeps the first such error (sticky): a read that fails records it, if none
// is recorded yet, and returns the zero value, so a reader reads on and checks failed()
// where it matters (the end of an entry, before anything is built from the values; a loop
// only ever runs over a value that is really there, so nothing loops over a hostile count).
#ifndef PLANVIEW_RENDERER_JSON_FIELDS_H_
#define PLANVIEW_RENDERER_JSON_FIELDS_H_

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "base/error.h"
#include "structured/json_value.h"

namespace planview::renderer {

// The error for input whose shape the renderer cannot accept: message "PATH: message"
// (just the message without a path), one line (control characters quoted from the input
// are escaped), `path` kept in Error::path.
base::Error InputError(std::string_view path, std::string_view message);

// `path` followed by one key or index step.
std::string KeyPath(std::string_view path, std::string_view key);
std::string IndexPath(std::string_view path, size_t index);

class FieldReader {
 public:
  // Fields of `object` (which must be an object or null; `path` names it).
  std::string_view String(structured::Value object, std::string_view key, std::string_view path);
  bool Bool(structured::Value object, std::string_view key, std::string_view path);
  // A JSON integer that fits Go's int; `fallback` when missing or null.
  int64_t Int(structured::Value object, std::string_view key, std::string_view path, int64_t fallback = 0);
  // The field when it is an object (an array), absent when missing or null.
  structured::Value Object(structured::Value object, std::string_view key, std::string_view path);
  structured::Value Array(structured::Value object, std::string_view key, std::string_view path);

  // False (the error recorded) unless `value` is an object or null.
  bool RequireObject(structured::Value value, std::string_view path);
  // Records InputError(path, message) unless an error is recorded already.
  void Fail(std::string_view path, std::string_view message);

  bool failed() const { return error_.has_value(); }
  // The first error; only when failed().
  const base::Error& error() const { return *error_; }

 private:
  void WrongType(structured::Value value, std::string_view want, std::string_view path);
  std::optional<base::Error> error_;
};

}  // namespace planview::renderer

#endif  // PLANVIEW_RENDERER_JSON_FIELDS_H_
