// The MessagePack side of decode.h: a bounds-checked byte reader and one type-directed
// pass over the bytes that hands every value to the writer (internal/value_writer.h).
#include <fmt/format.h>

#include <cmath>
#include <cstring>
#include <algorithm>
#include <deque>
#include <memory>
#include <optional>
#include <tuple>
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

  // The first failure, if any: then Path() is where it happened.
  std::optional<Failure> DecodeTop(const TypePlan& plan) {
    Reader r(data_, 0, data_.size());
    if (Decode(r, plan, 0)) return std::nullopt;
    return r.failure();
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
    void String(size_t offset, size_t length, bool) { d.w_.String(d.data_.substr(offset, length)); }
    void Int(int64_t v) { d.w_.Int(v); }
    void Bool(bool v) { d.w_.Bool(v); }
    void Null() { d.w_.Null(); }
  };

  // The walk: each function returns false at the first failure (recorded in `r`), at
  // once, leaving path_ where it happened.

  // A member's key (known to start as a str or bin). Failing to read it is an error of
  // the container: the previous member's step leaves the path first.
  bool KeyBytes(Reader& r, size_t& offset, size_t& length) {
    std::tie(offset, length) = r.StrOrBin();
    if (!r.failed()) return true;
    path_.pop_back();
    return false;
  }

  // A key that is not a str or bin (or missing) where a member starts.
  bool KeyError(Reader& r, size_t key_at, std::string_view message) {
    path_.pop_back();
    r.Peek();  // past the end: that is the error
    return r.Fail(key_at, message);
  }

  __attribute__((always_inline)) bool Child(Reader& r, const TypePlan& plan, int depth) {
    return ReadLeaf(r, plan.kind, LeafSink{*this}) || Decode(r, plan, depth);
  }

  bool Decode(Reader& r, const TypePlan& plan, int depth) {
    if (depth > 1000) return r.Fail(r.pos(), "value nested too deeply");
    size_t start = r.pos();
    if (r.at_end()) return r.Peek(), false;  // the end of input is the error
    uint8_t c = r.PeekUnchecked();
    if (IsExtCode(c)) return DecodeUnknown(r, plan);
    if (plan.kind == Type::Kind::kDynamic) return DecodeDynamic(r, depth);
    if (c == 0xc0) {
      r.Byte();
      w_.Null();
      return true;
    }
    switch (plan.kind) {
      case Type::Kind::kString: {
        if (!IsStrOrBin(c)) return r.Fail(start, "string is required");
        auto [offset, length] = r.StrOrBin();
        if (r.failed()) return false;
        w_.String(Nfc(offset, length));
        return true;
      }
      case Type::Kind::kNumber: return DecodeNumber(r);
      case Type::Kind::kBool:
        if (c != 0xc2 && c != 0xc3) return r.Fail(start, "bool is required");
        r.Byte();
        w_.Bool(c == 0xc3);
        return true;
      case Type::Kind::kList:
      case Type::Kind::kSet:
      case Type::Kind::kTuple: {
        if (!IsArrayCode(c)) return r.Fail(start, fmt::format("{} is required", KindNoun(*plan.type)));
        r.Byte();
        uint64_t n;
        if (!r.ArrayCount(c, n)) return false;
        bool tuple = plan.kind == Type::Kind::kTuple;
        if (tuple && n != plan.elements.size()) {
          return r.Fail(start, fmt::format("a tuple of length {} is required ({} given)", plan.elements.size(), n));
        }
        w_.BeginArray(plan);
        Step& step = path_.emplace_back();
        step.kind = PathStep::Kind::kIndex;
        for (uint64_t i = 0; i < n; ++i) {
          path_.back().index = static_cast<size_t>(i);
          w_.Element();
          if (!Child(r, tuple ? *plan.elements[i] : *plan.element, depth + 1)) return false;
        }
        path_.pop_back();
        if (w_.EndArray()) w_.DeferUnify(plan, Path(), start, std::string(CollectionPrefix(plan)));
        return true;
      }
      case Type::Kind::kMap: {
        if (!IsMapCode(c)) return r.Fail(start, "a map is required");
        r.Byte();
        uint64_t n;
        if (!r.MapCount(c, n)) return false;
        w_.BeginObject(plan);
        Step& step = path_.emplace_back();
        step.kind = PathStep::Kind::kKey;
        for (uint64_t i = 0; i < n; ++i) {
          size_t key_at = r.pos();
          if (r.at_end() || !IsStrOrBin(r.PeekUnchecked())) return KeyError(r, key_at, "map keys must be strings");
          size_t offset;
          size_t length;
          if (!KeyBytes(r, offset, length)) return false;
          std::string_view key = Nfc(offset, length);
          if (key.data() == normalized_.data()) key = owned_names_.emplace_back(key);
          path_.back().name = key;
          w_.MapKey(key);
          if (!Child(r, *plan.element, depth + 1)) return false;
        }
        path_.pop_back();
        if (w_.EndObject()) w_.DeferUnify(plan, Path(), start, std::string(CollectionPrefix(plan)));
        return true;
      }
      case Type::Kind::kObject: return DecodeObject(r, plan, c, depth);
      default: return r.Fail(start, "unsupported type");
    }
  }

  bool DecodeObject(Reader& r, const TypePlan& plan, uint8_t c, int depth) {
    size_t start = r.pos();
    if (!IsMapCode(c)) return r.Fail(start, "an object is required");
    r.Byte();
    uint64_t n;
    if (!r.MapCount(c, n)) return false;
    const std::vector<AttributePlan>& attrs = plan.attributes;
    if (n != attrs.size()) {
      return r.Fail(start, fmt::format("an object with {} attributes is required ({} given)", attrs.size(), n));
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
          if (!Child(r, *a.plan, depth + 1)) return false;
          continue;
        }
      }
      std::string_view name;
      uint8_t k = r.at_end() ? 0 : r.PeekUnchecked();
      if (k >= 0xa0 && k <= 0xbf && r.left() > static_cast<size_t>(k & 0x1f)) {
        name = data_.substr(key_at + 1, k & 0x1f);
        r.Advance(1 + (k & 0x1f));
      } else {
        if (r.at_end() || !IsStrOrBin(k)) return KeyError(r, key_at, "all keys must be strings");
        size_t offset;
        size_t length;
        if (!KeyBytes(r, offset, length)) return false;
        name = data_.substr(offset, length);
      }
      path_.back().name = name;
      if (tracking || attrs[index].name != name) {
        int found = plan.AttributeIndex(name);
        if (found < 0) return r.Fail(key_at, "unsupported attribute");
        index = static_cast<size_t>(found);
        if (!tracking) {
          tracking = true;
          seen.assign(attrs.size(), false);
          for (uint64_t j = 0; j < i; ++j) seen[j] = true;
        }
        if (seen[index]) return r.Fail(key_at, "duplicate attribute");
        seen[index] = true;
      }
      w_.Attribute(static_cast<uint32_t>(index));
      if (!Child(r, *attrs[index].plan, depth + 1)) return false;
    }
    path_.pop_back();
    w_.EndObject();
    return true;
  }

  bool DecodeNumber(Reader& r) {
    std::string text;
    bool float64 = false;
    int64_t iv = 0;
    bool big = false;
    int form = ReadNumber(r, "number is required", text, float64, iv, big);
    if (form < 0) return false;
    if (form == 1) {
      w_.Number(text, float64);
    } else if (big) {
      w_.Uint(static_cast<uint64_t>(iv));
    } else {
      w_.Int(iv);
    }
    return true;
  }

  bool DecodeDynamic(Reader& r, int depth) {
    size_t start = r.pos();
    uint8_t c = r.Peek();
    if (r.failed()) return false;
    if (c == 0xc0) {
      r.Byte();
      w_.Null();
      return true;
    }
    if (!IsArrayCode(c)) return r.Fail(start, "a dynamic value must be a [type, value] array");
    r.Byte();
    uint64_t n = r.LengthAfter(c);
    if (r.failed()) return false;
    if (n != 2) return r.Fail(start, "dynamic value array must have exactly two elements");
    size_t header_at = r.pos();
    uint8_t h = r.Peek();
    if (r.failed()) return false;
    if (!IsStrOrBin(h)) return r.Fail(header_at, "the type of a dynamic value must be JSON text");
    auto [offset, length] = r.StrOrBin();
    if (r.failed()) return false;
    TypePlans::TypeError error;
    std::optional<TypePlans::Dynamic> type = w_.plans().FromJson(data_.substr(offset, length), error);
    if (!type) return r.Fail(header_at, (error.bad_json ? "invalid type JSON: " : "invalid type: ") + error.message);
    uint32_t seq = w_.seq();
    if (!Decode(r, *type->plan, depth + 1)) return false;
    if (type->plan->kind != Type::Kind::kDynamic) w_.Typed(type->slot, seq);
    return true;
  }

  bool DecodeUnknown(Reader& r, const TypePlan& plan) {
    UnknownItem item = ReadUnknown(r, plan);
    if (r.failed()) return false;
    switch (item.kind) {
      case UnknownItem::Kind::kUnknown: w_.Unknown(std::move(item.refinements)); return true;
      case UnknownItem::Kind::kNull: w_.Null(); return true;
      case UnknownItem::Kind::kNumber: w_.Number(item.number, item.float64); return true;
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
        return true;
    }
    return true;
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
  if (std::optional<Failure> f = decoder.DecodeTop(writer.plans().For(type))) {
    result.error = WireError{decoder.Path(), f->offset, true, std::move(f->message)};
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
