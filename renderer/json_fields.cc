#include "renderer/json_fields.h"

#include <charconv>

#include <fmt/format.h>

#include "renderer/text_escape.h"
#include "structured/json_path.h"

namespace planview::renderer {

base::Error InputError(std::string_view path, std::string_view message) {
  std::string text = path.empty() ? std::string(message) : fmt::format("{}: {}", path, message);
  return base::Error(SingleLine(text), {}, std::string(path));
}

std::string KeyPath(std::string_view path, std::string_view key) {
  std::string out(path);
  structured::AppendKeyStep(out, key);
  return out;
}

std::string IndexPath(std::string_view path, size_t index) { return fmt::format("{}[{}]", path, index); }

void FieldReader::Fail(std::string_view path, std::string_view message) {
  if (!error_) error_ = InputError(path, message);
}

void FieldReader::WrongType(structured::Value value, std::string_view want, std::string_view path) {
  if (!error_) Fail(path, fmt::format("expected {}, found {}", want, structured::KindName(value.kind())));
}

bool FieldReader::RequireObject(structured::Value value, std::string_view path) {
  if (value.is_null() || value.is_object()) return true;
  WrongType(value, "an object", path);
  return false;
}

std::string_view FieldReader::String(structured::Value object, std::string_view key, std::string_view path) {
  if (!RequireObject(object, path)) return {};
  structured::Value v = object.find(key);
  if (v.is_null()) return {};
  if (!v.is_string()) {
    WrongType(v, "a string", KeyPath(path, key));
    return {};
  }
  return v.text();
}

bool FieldReader::Bool(structured::Value object, std::string_view key, std::string_view path) {
  if (!RequireObject(object, path)) return false;
  structured::Value v = object.find(key);
  if (v.is_null()) return false;
  if (!v.is_bool()) {
    WrongType(v, "a boolean", KeyPath(path, key));
    return false;
  }
  return v.as_bool();
}

int64_t FieldReader::Int(structured::Value object, std::string_view key, std::string_view path, int64_t fallback) {
  if (!RequireObject(object, path)) return fallback;
  structured::Value v = object.find(key);
  if (v.is_null()) return fallback;
  if (!v.is_number()) {
    WrongType(v, "an integer", KeyPath(path, key));
    return fallback;
  }
  std::string_view text = v.text();
  int64_t out = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), out);
  if (ec != std::errc() || end != text.data() + text.size()) {
    Fail(KeyPath(path, key), fmt::format("expected an integer, found {}", text));
    return fallback;
  }
  return out;
}

structured::Value FieldReader::Object(structured::Value object, std::string_view key, std::string_view path) {
  if (!RequireObject(object, path)) return {};
  structured::Value v = object.find(key);
  if (v.is_null()) return {};
  if (!v.is_object()) {
    WrongType(v, "an object", KeyPath(path, key));
    return {};
  }
  return v;
}

structured::Value FieldReader::Array(structured::Value object, std::string_view key, std::string_view path) {
  if (!RequireObject(object, path)) return {};
  structured::Value v = object.find(key);
  if (v.is_null()) return {};
  if (!v.is_array()) {
    WrongType(v, "an array", KeyPath(path, key));
    return {};
  }
  return v;
}

}  // namespace planview::renderer
