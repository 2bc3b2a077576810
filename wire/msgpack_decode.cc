// The MessagePack side of decode.h: a bounds-checked byte reader and one type-directed
// pass over the bytes that hands every value to the writer (internal/value_writer.h).
#include <fmt/format.h>

#include <cmath>
#include <cstring>
#include <algorithm>
#include <deque>
#include <memory>
#include <utility>
#include <vector>

#include "structured/json_parse.h"
#include "structured/json_text.h"
#include "wire/decode.h"
#include "wire/internal/canonical_decode.h"
#include "wire/internal/decode_failure.h"
#include "wire/internal/msgpack_leaf.h"
#include "wire/internal/msgpack_reader.h"
#include "wire/internal/type_plan.h"
#include "wire/internal/value_writer.h"
#include "wire/number.h"
#include "wire/internal/unicode.h"

namespace planview::wire {

using structured::Type;

namespace {

using internal::AttributePlan;
using internal::Fail;
using internal::Failure;
using internal::IsArrayCode;
using internal::IsExtCode;
using internal::IsMapCode;
using internal::IsStrOrBin;
using internal::ReadLeaf;
using internal::ReadNumber;
using internal::ReadUnknown;
using internal::Reader;
using internal::UnknownItem;
using internal::TypePlan;
using internal::TypePlans;
using internal::ValueWriter;

std::string_view KindNoun(const Type& type) {
  switch (type.kind()) {
    case Type::Kind::kList: return "a list";
    case Type::Kind::kSet: return "a set";
    case Type::Kind::kMap: return "a map";
    case Type::Kind::kTuple: return "a tuple";
    case Type::Kind::kObject: return "an object";
    default: return "a value";
  }
}

std::string_view CollectionPrefix(const TypePlan& plan) {
  switch (plan.kind) {
    case Type::Kind::kList: return "list ";
    case Type::Kind::kSet: return "set ";
    default: return "map ";
  }
}

class MsgpackDecoder {
 public:
  MsgpackDecoder(std::string_view data, ValueWriter& writer) : data_(data), w_(writer) {}

  void DecodeTop(const TypePlan& plan) {
    Reader r(data_, 0, data_.size());
    Decode(r, plan, 0);
  }

  // Where the decoder is, for errors.
  std::vector<PathStep> Path() const {
    std::vector<PathStep> out;
    out.reserve(path_.size());
    for (const Step& s : path_) out.push_back(PathStep{s.kind, std::string(s.name), s.index});
    return out;
  }

 private:
  struct Step {
    PathStep::Kind kind = PathStep::Kind::kIndex;
    std::string_view name;  // in the input, a type or owned_names_
    size_t index = 0;
  };

  // A string from the input, NFC: in place when it is already normal.
  std::string_view Nfc(size_t offset, size_t length) {
    std::string_view s = data_.substr(offset, length);
    if (IsNfc(s)) return s;
    normalized_ = NormalizeNfc(s);
    return normalized_;
  }

  // ReadLeaf's sink: the common leaves go straight to the writer.
  struct LeafSink {
    MsgpackDecoder& d;
    void String(size_t offset, size_t length) { d.w_.String(d.data_.substr(offset, length)); }
    void Int(int64_t v) { d.w_.Int(v); }
    void Bool(bool v) { d.w_.Bool(v); }
    void Null() { d.w_.Null(); }
  };

  // A member's key (known to start as a str or bin). Failing to read it is an error of
  // the container: the previous member's step leaves the path first.
  std::pair<size_t, size_t> KeyBytes(Reader& r) {
    try {
      return r.StrOrBin();
    } catch (const Failure&) {
      path_.pop_back();
      throw;
    }
  }

  __attribute__((always_inline)) void Child(Reader& r, const TypePlan& plan, int depth) {
    if (!ReadLeaf(r, plan.kind, LeafSink{*this})) Decode(r, plan, depth);
  }

  void Decode(Reader& r, const TypePlan& plan, int depth) {
    if (depth > 1000) Fail(r.pos(), "value nested too deeply");
    size_t start = r.pos();
    uint8_t c = r.Peek();
    if (IsExtCode(c)) {
      DecodeUnknown(r, plan);
      return;
    }
    if (plan.kind == Type::Kind::kDynamic) {
      DecodeDynamic(r, depth);
      return;
    }
    if (c == 0xc0) {
      r.Byte();
      w_.Null();
      return;
    }
    switch (plan.kind) {
      case Type::Kind::kString: {
        if (!IsStrOrBin(c)) Fail(start, "string is required");
        auto [offset, length] = r.StrOrBin();
        w_.String(Nfc(offset, length));
        return;
      }
      case Type::Kind::kNumber: DecodeNumber(r); return;
      case Type::Kind::kBool:
        if (c != 0xc2 && c != 0xc3) Fail(start, "bool is required");
        r.Byte();
        w_.Bool(c == 0xc3);
        return;
      case Type::Kind::kList:
      case Type::Kind::kSet:
      case Type::Kind::kTuple: {
        if (!IsArrayCode(c)) Fail(start, fmt::format("{} is required", KindNoun(*plan.type)));
        r.Byte();
        uint64_t n = c <= 0x9f ? c & 0x0f : r.LengthAfter(c);
        bool tuple = plan.kind == Type::Kind::kTuple;
        if (tuple && n != plan.elements.size()) {
          Fail(start, fmt::format("a tuple of length {} is required ({} given)", plan.elements.size(), n));
        }
        w_.BeginArray(plan);
        Step& step = path_.emplace_back();
        step.kind = PathStep::Kind::kIndex;
        for (uint64_t i = 0; i < n; ++i) {
          path_.back().index = static_cast<size_t>(i);
          w_.Element();
          Child(r, tuple ? *plan.elements[i] : *plan.element, depth + 1);
        }
        path_.pop_back();
        if (w_.EndArray()) w_.DeferUnify(plan, Path(), start, std::string(CollectionPrefix(plan)));
        return;
      }
      case Type::Kind::kMap: {
        if (!IsMapCode(c)) Fail(start, "a map is required");
        r.Byte();
        uint64_t n = c <= 0x8f ? c & 0x0f : r.LengthAfter(c);
        w_.BeginObject(plan);
        Step& step = path_.emplace_back();
        step.kind = PathStep::Kind::kKey;
        for (uint64_t i = 0; i < n; ++i) {
          size_t key_at = r.pos();
          if (r.at_end() || !IsStrOrBin(r.PeekUnchecked())) {
            path_.pop_back();
            r.Peek();
            Fail(key_at, "map keys must be strings");
          }
          auto [offset, length] = KeyBytes(r);
          std::string_view key = Nfc(offset, length);
          if (key.data() == normalized_.data()) key = owned_names_.emplace_back(key);
          path_.back().name = key;
          w_.MapKey(key);
          Child(r, *plan.element, depth + 1);
        }
        path_.pop_back();
        if (w_.EndObject()) w_.DeferUnify(plan, Path(), start, std::string(CollectionPrefix(plan)));
        return;
      }
      case Type::Kind::kObject: DecodeObject(r, plan, c, depth); return;
      default: Fail(start, "unsupported type");
    }
  }

  void DecodeObject(Reader& r, const TypePlan& plan, uint8_t c, int depth) {
    size_t start = r.pos();
    if (!IsMapCode(c)) Fail(start, "an object is required");
    r.Byte();
    uint64_t n = c <= 0x8f ? c & 0x0f : r.LengthAfter(c);
    const std::vector<AttributePlan>& attrs = plan.attributes;
    if (n != attrs.size()) {
      Fail(start, fmt::format("an object with {} attributes is required ({} given)", attrs.size(), n));
    }
    w_.BeginObject(plan);
    Step& step = path_.emplace_back();
    step.kind = PathStep::Kind::kAttribute;
    // Attributes in the type's order (as go-cty writes them) need no bookkeeping; after
    // the first one out of place, every attribute is checked against those seen.
    bool tracking = false;
    std::vector<bool> seen;
    for (uint64_t i = 0; i < n; ++i) {
      size_t key_at = r.pos();
      size_t index = static_cast<size_t>(i);
      if (!tracking && attrs[index].short_key && r.left() >= 16) {
        // The expected attribute's key, header and all, in two word compares.
        const AttributePlan& a = attrs[index];
        uint64_t w[2];
        std::memcpy(w, data_.data() + key_at, sizeof w);
        if (((w[0] & a.key_masks[0]) ^ a.key_words[0]) == 0 && ((w[1] & a.key_masks[1]) ^ a.key_words[1]) == 0) {
          path_.back().name = a.name;
          r.Advance(1 + a.name.size());
          w_.Attribute(static_cast<uint32_t>(index));
          Child(r, *a.plan, depth + 1);
          continue;
        }
      }
      std::string_view name;
      uint8_t k = r.at_end() ? 0 : r.PeekUnchecked();
      if (k >= 0xa0 && k <= 0xbf && r.left() > static_cast<size_t>(k & 0x1f)) {
        name = data_.substr(key_at + 1, k & 0x1f);
        r.Advance(1 + (k & 0x1f));
      } else {
        if (r.at_end() || !IsStrOrBin(k)) {
          path_.pop_back();
          r.Peek();
          Fail(key_at, "all keys must be strings");
        }
        auto [offset, length] = KeyBytes(r);
        name = data_.substr(offset, length);
      }
      path_.back().name = name;
      if (tracking || attrs[index].name != name) {
        int found = plan.AttributeIndex(name);
        if (found < 0) Fail(key_at, "unsupported attribute");
        index = static_cast<size_t>(found);
        if (!tracking) {
          tracking = true;
          seen.assign(attrs.size(), false);
          for (uint64_t j = 0; j < i; ++j) seen[j] = true;
        }
        if (seen[index]) Fail(key_at, "duplicate attribute");
        seen[index] = true;
      }
      w_.Attribute(static_cast<uint32_t>(index));
      Child(r, *attrs[index].plan, depth + 1);
    }
    path_.pop_back();
    w_.EndObject();
  }

  void DecodeNumber(Reader& r) {
    std::string text;
    bool float64 = false;
    int64_t iv = 0;
    bool big = false;
    if (ReadNumber(r, "number is required", text, float64, iv, big) == 0) {
      if (big) {
        w_.Uint(static_cast<uint64_t>(iv));
      } else {
        w_.Int(iv);
      }
    } else {
      w_.Number(text, float64);
    }
  }

  void DecodeDynamic(Reader& r, int depth) {
    size_t start = r.pos();
    uint8_t c = r.Peek();
    if (c == 0xc0) {
      r.Byte();
      w_.Null();
      return;
    }
    if (!IsArrayCode(c)) Fail(start, "a dynamic value must be a [type, value] array");
    r.Byte();
    if (r.LengthAfter(c) != 2) Fail(start, "dynamic value array must have exactly two elements");
    size_t header_at = r.pos();
    if (!IsStrOrBin(r.Peek())) Fail(header_at, "the type of a dynamic value must be JSON text");
    auto [offset, length] = r.StrOrBin();
    TypePlans::TypeError error;
    std::optional<TypePlans::Dynamic> type = w_.plans().FromJson(data_.substr(offset, length), error);
    if (!type) Fail(header_at, (error.bad_json ? "invalid type JSON: " : "invalid type: ") + error.message);
    uint32_t seq = w_.seq();
    Decode(r, *type->plan, depth + 1);
    if (type->plan->kind != Type::Kind::kDynamic) w_.Typed(type->slot, seq);
  }

  void DecodeUnknown(Reader& r, const TypePlan& plan) {
    UnknownItem item = ReadUnknown(r, plan);
    switch (item.kind) {
      case UnknownItem::Kind::kUnknown: w_.Unknown(std::move(item.refinements)); return;
      case UnknownItem::Kind::kNull: w_.Null(); return;
      case UnknownItem::Kind::kNumber: w_.Number(item.number, item.float64); return;
      case UnknownItem::Kind::kCollection:
        // That many unknown elements: they agree on any element type.
        if (plan.kind == Type::Kind::kMap) {
          w_.BeginObject(plan);
          w_.EndObject();
        } else {
          w_.BeginArray(plan);
          for (int64_t i = 0; i < item.length; ++i) {
            w_.Element();
            w_.Unknown({});
          }
          w_.EndArray();
        }
        return;
    }
  }

  std::string_view data_;
  ValueWriter& w_;
  std::vector<Step> path_;
  std::string normalized_;                // the last string that needed NFC
  std::deque<std::string> owned_names_;   // normalised map keys named by path_
};

}  // namespace

namespace internal {

DecodeResult DecodeMsgpackGeneral(std::shared_ptr<const std::string> bytes, const Type& type) {
  std::string_view data(*bytes);
  // Each value takes at least one byte; most take several.
  ValueWriter writer(data, bytes, data.size() / 6 + 1);
  MsgpackDecoder decoder(data, writer);
  DecodeResult result;
  try {
    decoder.DecodeTop(writer.plans().For(type));
  } catch (const Failure& f) {
    result.error = WireError{decoder.Path(), f.offset, true, f.message};
    return result;
  }
  ValueWriter::Result done = writer.Finish();
  result.value = std::move(done.value);
  result.error = std::move(done.error);
  return result;
}

}  // namespace internal

DecodeResult DecodeMsgpack(std::string bytes, const Type& type, base::Executor* executor) {
  auto owner = std::make_shared<const std::string>(std::move(bytes));
  // Values in cty's canonical form (all that go-cty writes) take the fast path; anything
  // else, errors included, the general one.
  if (std::optional<WireValue> canonical = internal::DecodeCanonicalMsgpack(*owner, owner, type, executor)) {
    DecodeResult result;
    result.value = std::move(canonical);
    return result;
  }
  return internal::DecodeMsgpackGeneral(std::move(owner), type);
}

}  // namespace planview::wire
