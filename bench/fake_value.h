// A plan value as the generator builds it before writing: a JSON-like tree that can also
// hold unknown values and sensitive marks, written out the way OpenTofu's jsonplan does
// (values without unknowns, plus the after_unknown and *_sensitive masks).
#ifndef PLANVIEW_BENCH_FAKE_VALUE_H_
#define PLANVIEW_BENCH_FAKE_VALUE_H_

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "bench/json_writer.h"

namespace planview::bench {

struct FakeValue {
  enum class Kind : uint8_t { kNull, kBool, kNumber, kString, kArray, kObject, kUnknown };
  Kind kind = Kind::kNull;
  bool flag = false;       // kBool
  bool sensitive = false;  // the whole value is marked sensitive
  std::string text;        // kNumber (JSON number text) or kString
  std::vector<FakeValue> items;                             // kArray
  std::vector<std::pair<std::string, FakeValue>> members;  // kObject, sorted by key

  static FakeValue Null() { return {}; }
  static FakeValue Unknown() {
    FakeValue v;
    v.kind = Kind::kUnknown;
    return v;
  }
  static FakeValue Bool(bool b) {
    FakeValue v;
    v.kind = Kind::kBool;
    v.flag = b;
    return v;
  }
  static FakeValue Number(std::string text) {
    FakeValue v;
    v.kind = Kind::kNumber;
    v.text = std::move(text);
    return v;
  }
  static FakeValue String(std::string text) {
    FakeValue v;
    v.kind = Kind::kString;
    v.text = std::move(text);
    return v;
  }
  static FakeValue Array() {
    FakeValue v;
    v.kind = Kind::kArray;
    return v;
  }
  static FakeValue Object() {
    FakeValue v;
    v.kind = Kind::kObject;
    return v;
  }

  bool is_null() const { return kind == Kind::kNull; }
  // Objects: the member under `key`, or nullptr.
  FakeValue* Find(std::string_view key);
  const FakeValue* Find(std::string_view key) const;
  // Objects: sets `key` (keeps members sorted).
  void Set(std::string key, FakeValue value);
  // Deep equality (marks included).
  bool operator==(const FakeValue& other) const;
};

// The value with unknowns left out of objects and null in arrays (jsonplan's omitUnknowns).
void WriteKnownValue(JsonWriter& out, const FakeValue& value);
// after_unknown: true for unknown values, known primitives left out of objects.
void WriteUnknownMask(JsonWriter& out, const FakeValue& value);
// before_sensitive / after_sensitive / sensitive_values.
void WriteSensitiveMask(JsonWriter& out, const FakeValue& value);

}  // namespace planview::bench

#endif  // PLANVIEW_BENCH_FAKE_VALUE_H_
