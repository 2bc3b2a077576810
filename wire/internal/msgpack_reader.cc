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

UnknownItem ReadRefinements(Reader& p, const TypePlan& plan) {
  UnknownItem out;
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
  if (plan.kind == Type::Kind::kDynamic) return out;  // never refined
  Refinements& rf = out.refinements;
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
          prefix.assign(p.data().substr(offset, length));
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
        if (n > kMaxExpandedLength) Fail(p.pos(), "refined length too large");
        out.kind = UnknownItem::Kind::kCollection;
        out.length = plan.kind == Type::Kind::kMap ? 0 : n;
        return out;
      }
    }
  }
  return out;
}

}  // namespace

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
    std::optional<std::string> parsed = ParseNumberText(r.data().substr(offset, length));
    if (!parsed) Fail(start, error);
    text = std::move(*parsed);
    return 1;
  }
  Fail(start, error);
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
  // refinements.
  if (length <= 1 || code != 12) return UnknownItem{};
  if (length > kMaxRefinementPayload) Fail(start, "oversize unknown value refinement");
  Reader p(r.data(), payload, payload + length);
  return ReadRefinements(p, plan);
}

}  // namespace planview::wire::internal
