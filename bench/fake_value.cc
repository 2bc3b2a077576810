#include "bench/fake_value.h"

#include <algorithm>

namespace planview::bench {
namespace {

using Kind = FakeValue::Kind;

bool IsPrimitive(const FakeValue& v) {
  return v.kind == Kind::kNull || v.kind == Kind::kBool || v.kind == Kind::kNumber || v.kind == Kind::kString;
}

// Whether a value's mask is the literal false, which objects leave out.
bool UnknownMaskIsFalse(const FakeValue& v) { return IsPrimitive(v); }
bool SensitiveMaskIsFalse(const FakeValue& v) { return !v.sensitive && (IsPrimitive(v) || v.kind == Kind::kUnknown); }

}  // namespace

FakeValue* FakeValue::Find(std::string_view key) {
  auto it = std::lower_bound(members.begin(), members.end(), key,
                             [](const auto& m, std::string_view k) { return m.first < k; });
  return it != members.end() && it->first == key ? &it->second : nullptr;
}

const FakeValue* FakeValue::Find(std::string_view key) const { return const_cast<FakeValue*>(this)->Find(key); }

void FakeValue::Set(std::string key, FakeValue value) {
  auto it = std::lower_bound(members.begin(), members.end(), key,
                             [](const auto& m, const std::string& k) { return m.first < k; });
  if (it != members.end() && it->first == key) {
    it->second = std::move(value);
  } else {
    members.emplace(it, std::move(key), std::move(value));
  }
}

bool FakeValue::operator==(const FakeValue& other) const {
  return kind == other.kind && flag == other.flag && sensitive == other.sensitive && text == other.text &&
         items == other.items && members == other.members;
}

void WriteKnownValue(JsonWriter& out, const FakeValue& v) {
  switch (v.kind) {
    case Kind::kNull:
    case Kind::kUnknown: out.Null(); return;
    case Kind::kBool: out.Bool(v.flag); return;
    case Kind::kNumber: out.Number(v.text); return;
    case Kind::kString: out.String(v.text); return;
    case Kind::kArray:
      out.BeginArray();
      for (const FakeValue& item : v.items) WriteKnownValue(out, item);
      out.EndArray();
      return;
    case Kind::kObject:
      out.BeginObject();
      for (const auto& [key, item] : v.members) {
        if (item.kind == Kind::kUnknown) continue;
        out.Key(key);
        WriteKnownValue(out, item);
      }
      out.EndObject();
      return;
  }
}

void WriteUnknownMask(JsonWriter& out, const FakeValue& v) {
  switch (v.kind) {
    case Kind::kUnknown: out.Bool(true); return;
    case Kind::kArray:
      out.BeginArray();
      for (const FakeValue& item : v.items) WriteUnknownMask(out, item);
      out.EndArray();
      return;
    case Kind::kObject:
      out.BeginObject();
      for (const auto& [key, item] : v.members) {
        if (UnknownMaskIsFalse(item)) continue;
        out.Key(key);
        WriteUnknownMask(out, item);
      }
      out.EndObject();
      return;
    default: out.Bool(false); return;
  }
}

void WriteSensitiveMask(JsonWriter& out, const FakeValue& v) {
  if (v.sensitive) {
    out.Bool(true);
    return;
  }
  switch (v.kind) {
    case Kind::kArray:
      out.BeginArray();
      for (const FakeValue& item : v.items) WriteSensitiveMask(out, item);
      out.EndArray();
      return;
    case Kind::kObject:
      out.BeginObject();
      for (const auto& [key, item] : v.members) {
        if (SensitiveMaskIsFalse(item)) continue;
        out.Key(key);
        WriteSensitiveMask(out, item);
      }
      out.EndObject();
      return;
    default: out.Bool(false); return;
  }
}

}  // namespace planview::bench
