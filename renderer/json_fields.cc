#include "renderer/json_fields.h"

#include <charconv>

#include <fmt/format.h>

#include "structured/json_path.h"

namespace planview::renderer {

namespace {

[[noreturn]] void WrongType(structured::Value value, std::string_view want, std::string_view path) {
  throw InputError(std::string(path), fmt::format("expected {}, found {}", want, structured::KindName(value.kind())));
}

structured::Value Field(structured::Value object, std::string_view key, std::string_view path) {
  RequireObject(object, path);
  return object.find(key);
}

}  // namespace

std::string KeyPath(std::string_view path, std::string_view key) {
  std::string out(path);
  structured::AppendKeyStep(out, key);
  return out;
}

std::string IndexPath(std::string_view path, size_t index) { return fmt::format("{}[{}]", path, index); }

void RequireObject(structured::Value value, std::string_view path) {
  if (!value.is_null() && !value.is_object()) WrongType(value, "an object", path);
}

std::string_view StringField(structured::Value object, std::string_view key, std::string_view path) {
  structured::Value v = Field(object, key, path);
  if (v.is_null()) return {};
  if (!v.is_string()) WrongType(v, "a string", KeyPath(path, key));
  return v.text();
}

bool BoolField(structured::Value object, std::string_view key, std::string_view path) {
  structured::Value v = Field(object, key, path);
  if (v.is_null()) return false;
  if (!v.is_bool()) WrongType(v, "a boolean", KeyPath(path, key));
  return v.as_bool();
}

int64_t IntField(structured::Value object, std::string_view key, std::string_view path, int64_t fallback) {
  structured::Value v = Field(object, key, path);
  if (v.is_null()) return fallback;
  if (!v.is_number()) WrongType(v, "an integer", KeyPath(path, key));
  std::string_view text = v.text();
  int64_t out = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), out);
  if (ec != std::errc() || end != text.data() + text.size()) {
    throw InputError(KeyPath(path, key), fmt::format("expected an integer, found {}", text));
  }
  return out;
}

structured::Value ObjectField(structured::Value object, std::string_view key, std::string_view path) {
  structured::Value v = Field(object, key, path);
  if (v.is_null()) return {};
  if (!v.is_object()) WrongType(v, "an object", KeyPath(path, key));
  return v;
}

structured::Value ArrayField(structured::Value object, std::string_view key, std::string_view path) {
  structured::Value v = Field(object, key, path);
  if (v.is_null()) return {};
  if (!v.is_array()) WrongType(v, "an array", KeyPath(path, key));
  return v;
}

}  // namespace planview::renderer
