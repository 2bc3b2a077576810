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
#include "structured/wire/decode.h"
#include "structured/wire/internal/decode_failure.h"
#include "structured/wire/internal/type_plan.h"
#include "structured/wire/internal/value_writer.h"
#include "structured/wire/number.h"
#include "structured/wire/unicode.h"

namespace planview::structured::wire {
namespace {

using internal::AttributePlan;
using internal::Fail;
using internal::Failure;
using internal::TypePlan;
using internal::TypePlans;
using internal::ValueWriter;

// Refinement payloads larger than this are refused, as go-cty does.
constexpr size_t kMaxRefinementPayload = 1024;
// A not-null list refined to an exact length becomes that many unknowns; refuse absurd ones.
constexpr int64_t kMaxExpandedLength = 1 << 20;

bool IsExtCode(uint8_t c) { return (c >= 0xd4 && c <= 0xd8) || (c >= 0xc7 && c <= 0xc9); }
bool IsStrOrBin(uint8_t c) { return (c >= 0xa0 && c <= 0xbf) || (c >= 0xd9 && c <= 0xdb) || (c >= 0xc4 && c <= 0xc6); }
bool IsArrayCode(uint8_t c) { return (c >= 0x90 && c <= 0x9f) || c == 0xdc || c == 0xdd; }
bool IsMapCode(uint8_t c) { return (c >= 0x80 && c <= 0x8f) || c == 0xde || c == 0xdf; }
bool IsIntCode(uint8_t c) { return c <= 0x7f || c >= 0xe0 || (c >= 0xcc && c <= 0xd3); }

class Reader {
 public:
  Reader(std::string_view data, size_t begin, size_t end) : data_(data), pos_(begin), end_(end) {}

  size_t pos() const { return pos_; }
  bool at_end() const { return pos_ >= end_; }
  size_t left() const { return end_ - pos_; }
  // Without bounds checks: the caller has checked left().
  uint8_t PeekUnchecked() const { return static_cast<uint8_t>(data_[pos_]); }
  uint32_t ByteAt(size_t i) const { return static_cast<uint8_t>(data_[pos_ + i]); }
  void Advance(size_t n) { pos_ += n; }
  uint8_t Peek() const {
    if (pos_ >= end_) Fail(pos_, "unexpected end of input");
    return static_cast<uint8_t>(data_[pos_]);
  }
  uint8_t Byte() {
    uint8_t b = Peek();
    ++pos_;
    return b;
  }
  uint64_t BigEndian(size_t n) {
    Need(n);
    uint64_t v = 0;
    for (size_t i = 0; i < n; ++i) v = (v << 8) | static_cast<uint8_t>(data_[pos_ + i]);
    pos_ += n;
    return v;
  }
  // `n` bytes as an offset into the data.
  size_t Take(size_t n) {
    Need(n);
    size_t at = pos_;
    pos_ += n;
    return at;
  }
  std::string_view data() const { return data_; }

  // After the code byte: the length of a str/bin, array or map header.
  uint64_t LengthAfter(uint8_t c) {
    if (c >= 0xa0 && c <= 0xbf) return c & 0x1f;
    if (c >= 0x90 && c <= 0x9f) return c & 0x0f;
    if (c >= 0x80 && c <= 0x8f) return c & 0x0f;
    switch (c) {
      case 0xd9: case 0xc4: return BigEndian(1);
      case 0xda: case 0xc5: case 0xdc: case 0xde: return BigEndian(2);
      default: return BigEndian(4);  // db, c6, dd, df
    }
  }

  // A str or bin item (the code is known to be one): offset and length of its bytes.
  std::pair<size_t, size_t> StrOrBin() {
    uint8_t c = Byte();
    size_t n = LengthAfter(c);
    return {Take(n), n};
  }

  // An integer of any msgpack width (the code is known to be one). Unsigned values above
  // INT64_MAX set `big`.
  int64_t Int(bool& big) {
    uint8_t c = Byte();
    big = false;
    if (c <= 0x7f) return c;
    if (c >= 0xe0) return static_cast<int8_t>(c);
    switch (c) {
      case 0xcc: return static_cast<int64_t>(BigEndian(1));
      case 0xcd: return static_cast<int64_t>(BigEndian(2));
      case 0xce: return static_cast<int64_t>(BigEndian(4));
      case 0xcf: {
        uint64_t v = BigEndian(8);
        big = v > static_cast<uint64_t>(INT64_MAX);
        return static_cast<int64_t>(v);
      }
      case 0xd0: return static_cast<int8_t>(BigEndian(1));
      case 0xd1: return static_cast<int16_t>(BigEndian(2));
      case 0xd2: return static_cast<int32_t>(BigEndian(4));
      default: return static_cast<int64_t>(BigEndian(8));  // d3
    }
  }

  // Skips one complete item of any kind.
  void Skip(int depth = 0) {
    if (depth > 512) Fail(pos_, "nesting too deep");
    size_t at = pos_;
    uint8_t c = Byte();
    if (c <= 0x7f || c >= 0xe0 || c == 0xc0 || c == 0xc2 || c == 0xc3) return;
    if (IsStrOrBin(c)) {
      Take(LengthAfter(c));
      return;
    }
    if (IsArrayCode(c) || IsMapCode(c)) {
      uint64_t n = LengthAfter(c);
      if (IsMapCode(c)) n *= 2;
      for (uint64_t i = 0; i < n; ++i) Skip(depth + 1);
      return;
    }
    switch (c) {
      case 0xcc: case 0xd0: Take(1); return;
      case 0xcd: case 0xd1: Take(2); return;
      case 0xce: case 0xd2: case 0xca: Take(4); return;
      case 0xcf: case 0xd3: case 0xcb: Take(8); return;
      case 0xd4: Take(2); return;
      case 0xd5: Take(3); return;
      case 0xd6: Take(5); return;
      case 0xd7: Take(9); return;
      case 0xd8: Take(17); return;
      case 0xc7: Take(1 + BigEndian(1)); return;
      case 0xc8: { size_t n = BigEndian(2); Take(1 + n); return; }
      case 0xc9: { size_t n = BigEndian(4); Take(1 + n); return; }
      default: Fail(at, fmt::format("invalid msgpack code 0x{:02x}", c));
    }
  }

 private:
  void Need(size_t n) const {
    if (end_ - pos_ < n) Fail(end_, "unexpected end of input");
  }

  std::string_view data_;
  size_t pos_;
  size_t end_;
};

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

bool IsValidUtf8(std::string_view s) { return structured::FindInvalidUtf8(s) == s.size(); }

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

  // The common leaves (strings in place, small integers, bools, nulls) without the general
  // path; false when the value is anything else.
  __attribute__((always_inline)) bool TryLeaf(Reader& r, const TypePlan& plan) {
    if (r.at_end()) return false;
    uint8_t c = r.PeekUnchecked();
    switch (plan.kind) {
      case Type::Kind::kString: {
        size_t length;
        size_t header;
        if (c >= 0xa0 && c <= 0xbf) {
          length = c & 0x1f;
          header = 1;
        } else if (c == 0xd9 && r.left() >= 2) {
          length = r.ByteAt(1);
          header = 2;
        } else {
          break;
        }
        if (r.left() < header + length) return false;
        std::string_view s = data_.substr(r.pos() + header, length);
        if (!ShortAscii(s) && !IsNfc(s)) return false;
        r.Advance(header + length);
        w_.String(s);
        return true;
      }
      case Type::Kind::kNumber:
        if (c <= 0x7f) {
          r.Advance(1);
          w_.Int(c);
          return true;
        }
        if (c >= 0xe0) {
          r.Advance(1);
          w_.Int(static_cast<int8_t>(c));
          return true;
        }
        if ((c == 0xcc || c == 0xcd) && r.left() >= (c == 0xcc ? 2u : 3u)) {
          int64_t v = c == 0xcc ? r.ByteAt(1) : (r.ByteAt(1) << 8 | r.ByteAt(2));
          r.Advance(c == 0xcc ? 2 : 3);
          w_.Int(v);
          return true;
        }
        if (c == 0xce && r.left() >= 5) {
          uint32_t v = r.ByteAt(1) << 24 | r.ByteAt(2) << 16 | r.ByteAt(3) << 8 | r.ByteAt(4);
          r.Advance(5);
          w_.Int(v);
          return true;
        }
        break;
      case Type::Kind::kBool:
        if (c == 0xc2 || c == 0xc3) {
          r.Advance(1);
          w_.Bool(c == 0xc3);
          return true;
        }
        break;
      default: return false;
    }
    if (c == 0xc0) {
      r.Advance(1);
      w_.Null();
      return true;
    }
    return false;
  }

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

  // Up to 16 bytes, all ASCII (and so NFC): two overlapping loads, or one masked load
  // when the input goes on for 8 bytes.
  bool ShortAscii(std::string_view s) const {
    size_t n = s.size();
    if (n > 16) return false;
    uint64_t a = 0;
    uint64_t b = 0;
    if (n >= 8) {
      std::memcpy(&a, s.data(), 8);
      std::memcpy(&b, s.data() + n - 8, 8);
    } else if (static_cast<size_t>(data_.data() + data_.size() - s.data()) >= 8) {
      std::memcpy(&a, s.data(), 8);
      a &= n == 0 ? 0 : ~uint64_t{0} >> (64 - 8 * n);
    } else {
      for (size_t i = 0; i < n; ++i) a |= static_cast<uint64_t>(static_cast<uint8_t>(s[i])) << (8 * i);
    }
    return ((a | b) & 0x8080808080808080ull) == 0;
  }

  __attribute__((always_inline)) void Child(Reader& r, const TypePlan& plan, int depth) {
    if (!TryLeaf(r, plan)) Decode(r, plan, depth);
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

  // Reads a number item. Returns 0 for an integer (iv, big), 1 for text.
  int ReadNumber(Reader& r, const char* error, std::string& text, bool& float64, int64_t& iv, bool& big) {
    size_t start = r.pos();
    uint8_t c = r.Peek();
    if (IsIntCode(c)) {
      iv = r.Int(big);
      return 0;
    }
    if (c == 0xca || c == 0xcb) {
      r.Byte();
      double v;
      if (c == 0xca) {
        uint32_t bits = static_cast<uint32_t>(r.BigEndian(4));
        float f;
        std::memcpy(&f, &bits, sizeof f);
        v = f;
      } else {
        uint64_t bits = r.BigEndian(8);
        std::memcpy(&v, &bits, sizeof v);
      }
      if (std::isnan(v)) Fail(start, "NaN is not a number");
      text = FormatFloat64(v);
      float64 = true;
      return 1;
    }
    if (IsStrOrBin(c)) {
      auto [offset, length] = r.StrOrBin();
      std::optional<std::string> parsed = ParseNumberText(data_.substr(offset, length));
      if (!parsed) Fail(start, error);
      text = std::move(*parsed);
      return 1;
    }
    Fail(start, error);
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
    size_t start = r.pos();
    uint8_t c = r.Byte();
    size_t length;
    switch (c) {
      case 0xd4: length = 1; break;
      case 0xd5: length = 2; break;
      case 0xd6: length = 4; break;
      case 0xd7: length = 8; break;
      case 0xd8: length = 16; break;
      case 0xc7: length = r.BigEndian(1); break;
      case 0xc8: length = r.BigEndian(2); break;
      default: length = r.BigEndian(4); break;
    }
    int8_t code = static_cast<int8_t>(r.Byte());
    size_t payload = r.Take(length);
    // Any extension is an unknown; only code 12 with more than one byte carries
    // refinements.
    if (length <= 1 || code != 12) {
      w_.Unknown({});
      return;
    }
    if (length > kMaxRefinementPayload) Fail(start, "oversize unknown value refinement");
    Reader p(data_, payload, payload + length);
    DecodeRefinements(p, plan);
  }

  void DecodeRefinements(Reader& p, const TypePlan& plan) {
    size_t at = p.pos();
    uint8_t c = p.Peek();
    uint64_t count = 0;
    if (c == 0xc0) {
      p.Byte();
    } else if (IsMapCode(c)) {
      p.Byte();
      count = p.LengthAfter(c);
    } else {
      Fail(at, "refinements must be a map");
    }
    if (plan.kind == Type::Kind::kDynamic) {  // never refined
      w_.Unknown({});
      return;
    }
    Refinements rf;
    bool is_null = false;
    for (uint64_t i = 0; i < count; ++i) {
      size_t key_at = p.pos();
      int64_t key = LooseInt(p, "refinement keys must be integers");
      size_t value_at = p.pos();
      switch (key) {
        case 1: {
          uint8_t b = p.Byte();
          if (b != 0xc0 && b != 0xc2 && b != 0xc3) Fail(value_at, "null refinement is not a bool");
          if (b == 0xc3) {
            if (rf.not_null) Fail(value_at, "refined as both null and not null");
            is_null = true;
          } else {
            if (is_null) Fail(value_at, "refined as both null and not null");
            rf.not_null = true;
          }
          break;
        }
        case 2: {
          if (plan.kind != Type::Kind::kString) Fail(key_at, "string prefix refinement for non-string type");
          std::string prefix;
          uint8_t b = p.Peek();
          if (b == 0xc0) {
            p.Byte();
          } else if (IsStrOrBin(b)) {
            auto [offset, length] = p.StrOrBin();
            prefix.assign(data_.substr(offset, length));
          } else {
            Fail(value_at, "string prefix refinement is not a string");
          }
          if (!IsValidUtf8(prefix)) Fail(value_at, "string prefix refinement is not valid UTF-8");
          prefix = NormalizeNfc(prefix);
          if (!prefix.empty()) {
            if (auto err = rf.AddPrefix(std::move(prefix))) Fail(value_at, *err);
          }
          break;
        }
        case 3:
        case 4: {
          if (plan.kind != Type::Kind::kNumber) Fail(key_at, "numeric bound refinement for non-number type");
          NumberBound bound = ReadBound(p);
          auto err = key == 3 ? rf.AddNumberLower(std::move(bound)) : rf.AddNumberUpper(std::move(bound));
          if (err) Fail(value_at, *err);
          break;
        }
        case 5:
        case 6: {
          if (!plan.is_collection()) Fail(key_at, "length bound refinement for non-collection type");
          int64_t bound = LooseInt(p, "length bound refinement must be an integer");
          auto err = key == 5 ? rf.AddLengthLower(bound) : rf.AddLengthUpper(bound);
          if (err) Fail(value_at, *err);
          break;
        }
        default:
          p.Skip();  // refinements this decoder does not know are ignored, value and all
          break;
      }
    }
    if (is_null) {
      w_.Null();
      return;
    }
    if (rf.not_null) {
      if (plan.kind == Type::Kind::kNumber && rf.number_lower && rf.number_upper && rf.number_lower->inclusive &&
          rf.number_upper->inclusive && CompareNumbers(rf.number_lower->value, rf.number_upper->value) == 0) {
        w_.Number(rf.number_lower->value, rf.number_lower->float64);
        return;
      }
      if (plan.is_collection() && rf.length_upper && *rf.length_upper == rf.length_lower) {
        int64_t n = rf.length_lower;
        bool expand = n == 0 || plan.kind == Type::Kind::kList || (plan.kind == Type::Kind::kSet && n == 1);
        if (expand) {
          if (n > kMaxExpandedLength) Fail(p.pos(), "refined length too large");
          // That many unknown elements: they agree on any element type.
          if (plan.kind == Type::Kind::kMap) {
            w_.BeginObject(plan);
            w_.EndObject();
          } else {
            w_.BeginArray(plan);
            for (int64_t i = 0; i < n; ++i) {
              w_.Element();
              w_.Unknown({});
            }
            w_.EndArray();
          }
          return;
        }
      }
    }
    w_.Unknown(std::move(rf));
  }

  // go-cty reads refinement keys and lengths leniently: nil is 0, any integer width.
  int64_t LooseInt(Reader& p, const char* error) {
    size_t at = p.pos();
    uint8_t c = p.Peek();
    if (c == 0xc0) {
      p.Byte();
      return 0;
    }
    if (!IsIntCode(c)) Fail(at, error);
    bool big = false;
    return p.Int(big);
  }

  NumberBound ReadBound(Reader& p) {
    constexpr const char* kShape = "number bound refinement must be a [number, bool] array";
    size_t at = p.pos();
    uint8_t c = p.Peek();
    if (!IsArrayCode(c)) Fail(at, kShape);
    p.Byte();
    if (p.LengthAfter(c) != 2) Fail(at, kShape);
    std::string text;
    bool float64 = false;
    int64_t iv = 0;
    bool big = false;
    NumberBound bound;
    if (ReadNumber(p, kShape, text, float64, iv, big) == 0) {
      bound.value = big ? FormatUint64(static_cast<uint64_t>(iv)) : FormatInt64(iv);
    } else {
      bound.value = std::move(text);
      bound.float64 = float64;
    }
    uint8_t b = p.Peek();
    if (b != 0xc2 && b != 0xc3) Fail(p.pos(), kShape);
    p.Byte();
    bound.inclusive = b == 0xc3;
    return bound;
  }

  std::string_view data_;
  ValueWriter& w_;
  std::vector<Step> path_;
  std::string normalized_;                // the last string that needed NFC
  std::deque<std::string> owned_names_;   // normalised map keys named by path_
};

}  // namespace

DecodeResult DecodeMsgpack(std::string bytes, const Type& type) {
  auto owner = std::make_shared<const std::string>(std::move(bytes));
  std::string_view data(*owner);
  // Each value takes at least one byte; most take several.
  internal::ValueWriter writer(data, owner, data.size() / 6 + 1);
  MsgpackDecoder decoder(data, writer);
  DecodeResult result;
  try {
    decoder.DecodeTop(writer.plans().For(type));
  } catch (const Failure& f) {
    result.error = WireError{decoder.Path(), f.offset, true, f.message};
    return result;
  }
  internal::ValueWriter::Result done = writer.Finish();
  result.value = std::move(done.value);
  result.error = std::move(done.error);
  return result;
}

}  // namespace planview::structured::wire
