#include "wire/internal/msgpack_reader.h"

#include <cmath>
#include <cstring>
#include <optional>

#include "structured/json_text.h"
#include "wire/number.h"
#include "wire/internal/unicode.h"

namespace planview::wire::internal {

using structured::Type;

namespace {

// Refinement payloads larger than this are refused, as go-cty does.
constexpr size_t kMaxRefinementPayload = 1024;
// A not-null list refined to an exact length becomes that many unknowns; refuse absurd ones.
constexpr int64_t kMaxExpandedLength = 1 << 20;

bool IsValidUtf8(std::string_view s) { return structured::FindInvalidUtf8(s) == s.size(); }

// go-cty reads refinement keys and lengths leniently: nil is 0, any integer width.
int64_t LooseInt(Reader& p, const char* error) {
  size_t at = p.pos();
  uint8_t c = p.Peek();
  if (c == 0xc0) {
    p.Byte();
    return 0;
  }
  if (p.failed()) return 0;
  if (!IsIntCode(c)) return p.Fail(at, error);
  bool big = false;
  return p.Int(big);
}

NumberBound ReadBound(Reader& p) {
  constexpr const char* kShape = "number bound refinement must be a [number, bool] array";
  size_t at = p.pos();
  uint8_t c = p.Peek();
  NumberBound bound;
  if (p.failed()) return bound;
  if (!IsArrayCode(c)) {
    p.Fail(at, kShape);
    return bound;
  }
  p.Byte();
  if (p.LengthAfter(c) != 2) {
    p.Fail(at, kShape);
    return bound;
  }
  std::string text;
  bool float64 = false;
  int64_t iv = 0;
  bool big = false;
  int form = ReadNumber(p, kShape, text, float64, iv, big);
  if (form < 0) return bound;
  if (form == 0) {
    bound.value = big ? FormatUint64(static_cast<uint64_t>(iv)) : FormatInt64(iv);
  } else {
    bound.value = std::move(text);
    bound.float64 = float64;
  }
  uint8_t b = p.Peek();
  if (p.failed()) return bound;
  if (b != 0xc2 && b != 0xc3) {
    p.Fail(p.pos(), kShape);
    return bound;
  }
  p.Byte();
  bound.inclusive = b == 0xc3;
  return bound;
}

// Failures are p's.
UnknownItem ReadRefinements(Reader& p, const TypePlan& plan) {
  UnknownItem out;
  size_t at = p.pos();
  uint8_t c = p.Peek();
  uint64_t count = 0;
  if (p.failed()) return out;
  if (c == 0xc0) {
    p.Byte();
  } else if (IsMapCode(c)) {
    p.Byte();
    count = p.LengthAfter(c);
    if (p.failed()) return out;
  } else {
    p.Fail(at, "refinements must be a map");
    return out;
  }
  if (plan.kind == Type::Kind::kDynamic) return out;  // never refined
  Refinements& rf = out.refinements;
  bool is_null = false;
  for (uint64_t i = 0; i < count; ++i) {
    size_t key_at = p.pos();
    int64_t key = LooseInt(p, "refinement keys must be integers");
    if (p.failed()) return out;
    size_t value_at = p.pos();
    switch (key) {
      case 1: {
        uint8_t b = p.Byte();
        if (p.failed()) return out;
        if (b != 0xc0 && b != 0xc2 && b != 0xc3) {
          p.Fail(value_at, "null refinement is not a bool");
          return out;
        }
        if (b == 0xc3) {
          if (rf.not_null) {
            p.Fail(value_at, "refined as both null and not null");
            return out;
          }
          is_null = true;
        } else {
          if (is_null) {
            p.Fail(value_at, "refined as both null and not null");
            return out;
          }
          rf.not_null = true;
        }
        break;
      }
      case 2: {
        if (plan.kind != Type::Kind::kString) {
          p.Fail(key_at, "string prefix refinement for non-string type");
          return out;
        }
        std::string prefix;
        uint8_t b = p.Peek();
        if (p.failed()) return out;
        if (b == 0xc0) {
          p.Byte();
        } else if (IsStrOrBin(b)) {
          auto [offset, length] = p.StrOrBin();
          if (p.failed()) return out;
          prefix.assign(p.data().substr(offset, length));
        } else {
          p.Fail(value_at, "string prefix refinement is not a string");
          return out;
        }
        if (!IsValidUtf8(prefix)) {
          p.Fail(value_at, "string prefix refinement is not valid UTF-8");
          return out;
        }
        prefix = NormalizeNfc(prefix);
        if (!prefix.empty()) {
          if (auto err = rf.AddPrefix(std::move(prefix))) {
            p.Fail(value_at, *err);
            return out;
          }
        }
        break;
      }
      case 3:
      case 4: {
        if (plan.kind != Type::Kind::kNumber) {
          p.Fail(key_at, "numeric bound refinement for non-number type");
          return out;
        }
        NumberBound bound = ReadBound(p);
        if (p.failed()) return out;
        auto err = key == 3 ? rf.AddNumberLower(std::move(bound)) : rf.AddNumberUpper(std::move(bound));
        if (err) {
          p.Fail(value_at, *err);
          return out;
        }
        break;
      }
      case 5:
      case 6: {
        if (!plan.is_collection()) {
          p.Fail(key_at, "length bound refinement for non-collection type");
          return out;
        }
        int64_t bound = LooseInt(p, "length bound refinement must be an integer");
        if (p.failed()) return out;
        auto err = key == 5 ? rf.AddLengthLower(bound) : rf.AddLengthUpper(bound);
        if (err) {
          p.Fail(value_at, *err);
          return out;
        }
        break;
      }
      default:
        // Refinements this decoder does not know are ignored, value and all.
        if (!p.Skip()) return out;
        break;
    }
  }
  if (is_null) {
    out.kind = UnknownItem::Kind::kNull;
    return out;
  }
  if (rf.not_null) {
    if (plan.kind == Type::Kind::kNumber && rf.number_lower && rf.number_upper && rf.number_lower->inclusive &&
        rf.number_upper->inclusive && CompareNumbers(rf.number_lower->value, rf.number_upper->value) == 0) {
      out.kind = UnknownItem::Kind::kNumber;
      out.number = rf.number_lower->value;
      out.float64 = rf.number_lower->float64;
      return out;
    }
    if (plan.is_collection() && rf.length_upper && *rf.length_upper == rf.length_lower) {
      int64_t n = rf.length_lower;
      bool expand = n == 0 || plan.kind == Type::Kind::kList || (plan.kind == Type::Kind::kSet && n == 1);
      if (expand) {
        if (n > kMaxExpandedLength) {
          p.Fail(p.pos(), "refined length too large");
          return out;
        }
        out.kind = UnknownItem::Kind::kCollection;
        out.length = plan.kind == Type::Kind::kMap ? 0 : n;
        return out;
      }
    }
  }
  return out;
}

}  // namespace

bool Reader::Fail(size_t offset, std::string_view message) {
  if (!failed_) {
    failed_ = true;
    failure_.offset = offset;
    failure_.message.assign(message);
  }
  end_ = pos_;
  return false;
}

uint8_t Reader::FailedAtEnd() {
  Fail(pos_, "unexpected end of input");
  return 0;
}

int ReadNumber(Reader& r, const char* error, std::string& text, bool& float64, int64_t& iv, bool& big) {
  size_t start = r.pos();
  uint8_t c = r.Peek();
  if (r.failed()) return -1;
  if (IsIntCode(c)) {
    iv = r.Int(big);
    return r.failed() ? -1 : 0;
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
    if (r.failed()) return -1;
    if (std::isnan(v)) return r.Fail(start, "NaN is not a number"), -1;
    text = FormatFloat64(v);
    float64 = true;
    return 1;
  }
  if (IsStrOrBin(c)) {
    auto [offset, length] = r.StrOrBin();
    if (r.failed()) return -1;
    std::optional<std::string> parsed = ParseNumberText(r.data().substr(offset, length));
    if (!parsed) return r.Fail(start, error), -1;
    text = std::move(*parsed);
    return 1;
  }
  return r.Fail(start, error), -1;
}

UnknownItem ReadUnknown(Reader& r, const TypePlan& plan) {
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
  // refinements. (One return of one item: no copy or move of it.)
  bool refined = !r.failed() && length > 1 && code == 12;
  if (refined && length > kMaxRefinementPayload) {
    r.Fail(start, "oversize unknown value refinement");
    refined = false;
  }
  Reader p(r.data(), payload, refined ? payload + length : payload);
  UnknownItem item = refined ? ReadRefinements(p, plan) : UnknownItem{};
  if (p.failed()) r.Fail(p.failure());
  return item;
}

}  // namespace planview::wire::internal
