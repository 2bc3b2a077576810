#include "wire/number.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstring>
#include <string>
#include <vector>

namespace planview::wire {
namespace {

// An unsigned big integer, little-endian 32-bit limbs, no leading zero limbs. Only what
// number parsing and printing need; sizes here stay in the thousands of bits.
class BigNat {
 public:
  BigNat() = default;
  explicit BigNat(uint64_t v) {
    while (v != 0) {
      limbs_.push_back(static_cast<uint32_t>(v));
      v >>= 32;
    }
  }
  static BigNat FromDigits(std::string_view digits) {
    BigNat n;
    size_t i = 0;
    size_t head = digits.size() % 9;
    if (head == 0) head = 9;
    while (i < digits.size()) {
      uint32_t chunk = 0;
      uint32_t scale = 1;
      for (size_t j = 0; j < head; ++j) {
        chunk = chunk * 10 + static_cast<uint32_t>(digits[i + j] - '0');
        scale *= 10;
      }
      n.MulAdd(scale, chunk);
      i += head;
      head = 9;
    }
    return n;
  }

  bool zero() const { return limbs_.empty(); }
  size_t BitLen() const {
    if (limbs_.empty()) return 0;
    return (limbs_.size() - 1) * 32 + (32 - static_cast<size_t>(__builtin_clz(limbs_.back())));
  }
  bool Bit(size_t i) const {
    size_t w = i / 32;
    return w < limbs_.size() && ((limbs_[w] >> (i % 32)) & 1) != 0;
  }
  // True when any of the lowest `n` bits is set.
  bool AnyBelow(size_t n) const {
    size_t w = n / 32;
    for (size_t i = 0; i < w && i < limbs_.size(); ++i) {
      if (limbs_[i] != 0) return true;
    }
    if (w < limbs_.size() && n % 32 != 0) return (limbs_[w] & ((1u << (n % 32)) - 1)) != 0;
    return false;
  }
  uint32_t low() const { return limbs_.empty() ? 0 : limbs_[0]; }

  void MulAdd(uint32_t m, uint32_t add) {
    uint64_t carry = add;
    for (uint32_t& l : limbs_) {
      uint64_t t = static_cast<uint64_t>(l) * m + carry;
      l = static_cast<uint32_t>(t);
      carry = t >> 32;
    }
    if (carry != 0) limbs_.push_back(static_cast<uint32_t>(carry));
    Trim();
  }
  void AddSmall(uint32_t a) { MulAdd(1, a); }
  void SubOne() {  // this > 0
    for (uint32_t& l : limbs_) {
      if (l-- != 0) break;
    }
    Trim();
  }
  uint32_t DivSmall(uint32_t d) {
    uint64_t rem = 0;
    for (size_t i = limbs_.size(); i-- > 0;) {
      uint64_t cur = (rem << 32) | limbs_[i];
      limbs_[i] = static_cast<uint32_t>(cur / d);
      rem = cur % d;
    }
    Trim();
    return static_cast<uint32_t>(rem);
  }
  void Shl(size_t n) {
    if (zero() || n == 0) return;
    size_t words = n / 32;
    unsigned bits = n % 32;
    std::vector<uint32_t> out(words, 0);
    uint32_t carry = 0;
    for (uint32_t l : limbs_) {
      out.push_back(bits == 0 ? l : ((l << bits) | carry));
      carry = bits == 0 ? 0 : (l >> (32 - bits));
    }
    if (carry != 0) out.push_back(carry);
    limbs_ = std::move(out);
  }
  void Shr(size_t n) {
    size_t words = n / 32;
    unsigned bits = n % 32;
    if (words >= limbs_.size()) {
      limbs_.clear();
      return;
    }
    limbs_.erase(limbs_.begin(), limbs_.begin() + static_cast<std::ptrdiff_t>(words));
    if (bits != 0) {
      for (size_t i = 0; i < limbs_.size(); ++i) {
        uint32_t hi = i + 1 < limbs_.size() ? limbs_[i + 1] : 0;
        limbs_[i] = (limbs_[i] >> bits) | (hi << (32 - bits));
      }
    }
    Trim();
  }
  BigNat Mul(const BigNat& o) const {
    BigNat r;
    if (zero() || o.zero()) return r;
    r.limbs_.assign(limbs_.size() + o.limbs_.size(), 0);
    for (size_t i = 0; i < limbs_.size(); ++i) {
      uint64_t carry = 0;
      for (size_t j = 0; j < o.limbs_.size(); ++j) {
        uint64_t t = static_cast<uint64_t>(limbs_[i]) * o.limbs_[j] + r.limbs_[i + j] + carry;
        r.limbs_[i + j] = static_cast<uint32_t>(t);
        carry = t >> 32;
      }
      r.limbs_[i + o.limbs_.size()] = static_cast<uint32_t>(carry);
    }
    r.Trim();
    return r;
  }
  int Cmp(const BigNat& o) const {
    if (limbs_.size() != o.limbs_.size()) return limbs_.size() < o.limbs_.size() ? -1 : 1;
    for (size_t i = limbs_.size(); i-- > 0;) {
      if (limbs_[i] != o.limbs_[i]) return limbs_[i] < o.limbs_[i] ? -1 : 1;
    }
    return 0;
  }
  void Sub(const BigNat& o) {  // this >= o
    int64_t borrow = 0;
    for (size_t i = 0; i < limbs_.size(); ++i) {
      int64_t t = static_cast<int64_t>(limbs_[i]) - borrow - (i < o.limbs_.size() ? o.limbs_[i] : 0);
      borrow = t < 0 ? 1 : 0;
      limbs_[i] = static_cast<uint32_t>(t + (borrow << 32));
    }
    Trim();
  }
  // Quotient of this / d (binary long division); `rem_nonzero` says whether it was exact.
  BigNat Div(const BigNat& d, bool& rem_nonzero) const {
    BigNat q;
    BigNat r;
    size_t bits = BitLen();
    q.limbs_.assign(limbs_.size(), 0);
    for (size_t i = bits; i-- > 0;) {
      r.Shl(1);
      if (Bit(i)) {
        if (r.limbs_.empty()) r.limbs_.push_back(0);
        r.limbs_[0] |= 1;
      }
      if (r.Cmp(d) >= 0) {
        r.Sub(d);
        q.limbs_[i / 32] |= 1u << (i % 32);
      }
    }
    q.Trim();
    rem_nonzero = !r.zero();
    return q;
  }
  std::string ToDecimal() const {
    if (zero()) return "0";
    BigNat t = *this;
    std::vector<uint32_t> chunks;
    while (!t.zero()) chunks.push_back(t.DivSmall(1000000000));
    std::string out = std::to_string(chunks.back());
    char buf[16];
    for (size_t i = chunks.size() - 1; i-- > 0;) {
      std::snprintf(buf, sizeof buf, "%09u", chunks[i]);
      out += buf;
    }
    return out;
  }

 private:
  void Trim() {
    while (!limbs_.empty() && limbs_.back() == 0) limbs_.pop_back();
  }
  std::vector<uint32_t> limbs_;
};

// mant * 2^exp.
struct BinFloat {
  BigNat mant;
  int64_t exp = 0;
};

// Rounds to `prec` significant bits, to nearest even; `sticky` says nonzero bits were
// already dropped below the current lowest bit.
void RoundTo(BinFloat& f, size_t prec, bool sticky = false) {
  size_t bl = f.mant.BitLen();
  if (bl <= prec) return;
  size_t s = bl - prec;
  bool half = f.mant.Bit(s - 1);
  bool below = sticky || f.mant.AnyBelow(s - 1);
  f.mant.Shr(s);
  f.exp += static_cast<int64_t>(s);
  if (half && (below || (f.mant.low() & 1) != 0)) {
    f.mant.AddSmall(1);
    if (f.mant.BitLen() > prec) {
      f.mant.Shr(1);
      f.exp += 1;
    }
  }
}

BinFloat MulRound(const BinFloat& a, const BinFloat& b, size_t prec) {
  BinFloat r{a.mant.Mul(b.mant), a.exp + b.exp};
  RoundTo(r, prec);
  return r;
}

BinFloat QuoRound(const BinFloat& a, const BinFloat& b, size_t prec) {
  BinFloat x = a;
  size_t want = prec + 3 + b.mant.BitLen();
  size_t have = x.mant.BitLen();
  if (have < want) {
    x.mant.Shl(want - have);
    x.exp -= static_cast<int64_t>(want - have);
  }
  bool rem = false;
  BinFloat q{x.mant.Div(b.mant, rem), x.exp - b.exp};
  RoundTo(q, prec, rem);
  return q;
}

// 5^n the way Go's big.Float.pow5 computes it for a 576-bit result.
BinFloat Pow5(uint64_t n) {
  static constexpr uint64_t kPow5_27 = 7450580596923828125ull;
  if (n <= 27) {
    uint64_t v = 1;
    for (uint64_t i = 0; i < n; ++i) v *= 5;
    return BinFloat{BigNat(v), 0};
  }
  BinFloat z{BigNat(kPow5_27), 0};
  n -= 27;
  BinFloat f{BigNat(5), 0};
  while (n > 0) {
    if (n & 1) z = MulRound(z, f, 576);
    f = MulRound(f, f, 640);
    n >>= 1;
  }
  return z;
}

// A decimal number: 0.digits * 10^dp, no leading or trailing zeros in digits (empty
// for zero).
struct Decimal {
  bool neg = false;
  bool inf = false;
  std::string digits;
  int64_t dp = 0;

  char at(size_t i) const { return i < digits.size() ? digits[i] : '0'; }
  void TrimZeros() {
    while (!digits.empty() && digits.back() == '0') digits.pop_back();
    if (digits.empty()) dp = 0;
  }
  void RoundDown(size_t n) {
    if (n >= digits.size()) return;
    digits.resize(n);
    TrimZeros();
  }
  void RoundUp(size_t n) {
    if (n >= digits.size()) return;
    size_t i = n;
    while (i > 0 && digits[i - 1] >= '9') --i;
    if (i == 0) {
      digits = "1";
      dp += 1;
      return;
    }
    digits[i - 1] += 1;
    digits.resize(i);
  }
  void Round(size_t n) {
    if (n >= digits.size()) return;
    bool up;
    if (digits[n] == '5' && n + 1 == digits.size()) {
      up = n > 0 && ((digits[n - 1] - '0') & 1) != 0;
    } else {
      up = digits[n] >= '5';
    }
    if (up) {
      RoundUp(n);
    } else {
      RoundDown(n);
    }
  }
};

// The exact decimal of mant * 2^exp.
Decimal ExactDecimal(BigNat mant, int64_t exp) {
  Decimal d;
  if (mant.zero()) return d;
  if (exp >= 0) {
    mant.Shl(static_cast<size_t>(exp));
    d.digits = mant.ToDecimal();
    d.dp = static_cast<int64_t>(d.digits.size());
  } else {
    uint64_t k = static_cast<uint64_t>(-exp);
    while (k >= 13) {
      mant.MulAdd(1220703125u, 0);  // 5^13
      k -= 13;
    }
    uint32_t p = 1;
    for (uint64_t i = 0; i < k; ++i) p *= 5;
    mant.MulAdd(p, 0);
    d.digits = mant.ToDecimal();
    d.dp = static_cast<int64_t>(d.digits.size()) + exp;
  }
  d.TrimZeros();
  return d;
}

// Go's shortest-decimal search for a binary float of `prec` bits (math/big's variant:
// a symmetric half-ulp interval, digits compared position by position).
Decimal Shortest(const BinFloat& x, size_t prec) {
  Decimal d = ExactDecimal(x.mant, x.exp);
  if (d.digits.empty()) return d;
  BigNat mant = x.mant;
  int64_t exp = x.exp;
  size_t bl = mant.BitLen();
  if (bl < prec + 1) {
    mant.Shl(prec + 1 - bl);
    exp -= static_cast<int64_t>(prec + 1 - bl);
  } else if (bl > prec + 1) {
    mant.Shr(bl - prec - 1);
    exp += static_cast<int64_t>(bl - prec - 1);
  }
  BigNat lo = mant;
  lo.SubOne();
  BigNat hi = mant;
  hi.AddSmall(1);
  Decimal lower = ExactDecimal(lo, exp);
  Decimal upper = ExactDecimal(hi, exp);
  bool inclusive = (mant.low() & 2) == 0;
  for (size_t i = 0; i < d.digits.size(); ++i) {
    char m = d.digits[i];
    char l = lower.at(i);
    char u = upper.at(i);
    bool okdown = l != m || (inclusive && i + 1 == lower.digits.size());
    bool okup = m != u && (inclusive || m + 1 < u || i + 1 < upper.digits.size());
    if (okdown && okup) {
      d.Round(i + 1);
      return d;
    }
    if (okdown) {
      d.RoundDown(i + 1);
      return d;
    }
    if (okup) {
      d.RoundUp(i + 1);
      return d;
    }
  }
  return d;
}

std::string FormatF(const Decimal& d) {
  if (d.inf) return d.neg ? "-Inf" : "+Inf";
  std::string out;
  if (d.neg) out += '-';
  if (d.digits.empty()) {
    out += '0';
    return out;
  }
  int64_t n = static_cast<int64_t>(d.digits.size());
  if (d.dp > 0) {
    int64_t m = std::min(n, d.dp);
    out.append(d.digits, 0, static_cast<size_t>(m));
    out.append(static_cast<size_t>(d.dp - m), '0');
  } else {
    out += '0';
  }
  if (n > d.dp) {
    out += '.';
    if (d.dp < 0) out.append(static_cast<size_t>(-d.dp), '0');
    out.append(d.digits, static_cast<size_t>(std::max<int64_t>(d.dp, 0)), std::string::npos);
  }
  return out;
}

// Reads canonical text (see IsCanonicalNumber); anything else goes through the parser.
Decimal ReadCanonical(std::string_view text) {
  Decimal d;
  if (text == "+Inf" || text == "-Inf") {
    d.inf = true;
    d.neg = text[0] == '-';
    return d;
  }
  size_t i = 0;
  if (!text.empty() && text[0] == '-') {
    d.neg = true;
    i = 1;
  }
  size_t dot = text.find('.', i);
  std::string_view ip = text.substr(i, dot == std::string_view::npos ? std::string_view::npos : dot - i);
  std::string_view fp = dot == std::string_view::npos ? std::string_view() : text.substr(dot + 1);
  if (ip == "0") {
    size_t lead = 0;
    while (lead < fp.size() && fp[lead] == '0') ++lead;
    d.digits.assign(fp.substr(lead));
    d.dp = -static_cast<int64_t>(lead);
  } else {
    d.digits.assign(ip);
    d.digits.append(fp);
    d.dp = static_cast<int64_t>(ip.size());
  }
  d.TrimZeros();
  return d;
}

Decimal ToDecimal(std::string_view text) {
  if (IsCanonicalNumber(text)) return ReadCanonical(text);
  std::optional<std::string> canon = ParseNumberText(text);
  return canon ? ReadCanonical(*canon) : Decimal{};
}

Decimal DecimalOfDouble(double v) {
  Decimal d;
  d.neg = std::signbit(v);
  if (std::isinf(v)) {
    d.inf = true;
    return d;
  }
  if (v == 0) return d;
  uint64_t bits;
  std::memcpy(&bits, &v, sizeof bits);
  uint64_t frac = bits & ((uint64_t{1} << 52) - 1);
  int biased = static_cast<int>((bits >> 52) & 0x7ff);
  if (biased != 0 && frac != 0) {
    // Normal and not a power of two: the usual shortest round-trip digits agree.
    char buf[64];
    auto res = std::to_chars(buf, buf + sizeof buf, std::fabs(v), std::chars_format::scientific);
    std::string_view s(buf, static_cast<size_t>(res.ptr - buf));
    size_t e = s.find('e');
    std::string_view mant = s.substr(0, e);
    int exp10 = 0;
    std::from_chars(s.data() + e + 1 + (s[e + 1] == '+' ? 1 : 0), s.data() + s.size(), exp10);
    for (char c : mant) {
      if (c != '.') d.digits += c;
    }
    d.dp = exp10 + 1;
    d.TrimZeros();
    return d;
  }
  BinFloat x;
  if (biased == 0) {
    x = BinFloat{BigNat(frac), -1074};
  } else {
    x = BinFloat{BigNat(frac | (uint64_t{1} << 52)), biased - 1075};
  }
  Decimal s = Shortest(x, 53);
  s.neg = d.neg;
  return s;
}

}  // namespace

std::optional<std::string> ParseNumberText(std::string_view s) {
  if (s == "Inf" || s == "inf") return std::string("+Inf");
  if (s.size() == 4 && (s[0] == '+' || s[0] == '-') && (s.substr(1) == "Inf" || s.substr(1) == "inf")) {
    return std::string(s[0] == '-' ? "-Inf" : "+Inf");
  }
  size_t i = 0;
  bool neg = false;
  if (i < s.size() && (s[i] == '+' || s[i] == '-')) {
    neg = s[i] == '-';
    ++i;
  }
  std::string digits;
  int64_t fcount = 0;
  bool seen_dot = false;
  size_t ndigits = 0;
  for (; i < s.size(); ++i) {
    char c = s[i];
    if (c >= '0' && c <= '9') {
      ++ndigits;
      if (seen_dot) --fcount;
      if (!(digits.empty() && c == '0')) digits += c;
    } else if (c == '.' && !seen_dot) {
      seen_dot = true;
    } else {
      break;
    }
  }
  if (ndigits == 0) return std::nullopt;
  int64_t exp = 0;
  if (i < s.size() && (s[i] == 'e' || s[i] == 'E')) {
    ++i;
    bool eneg = false;
    if (i < s.size() && (s[i] == '+' || s[i] == '-')) {
      eneg = s[i] == '-';
      ++i;
    }
    size_t start = i;
    for (; i < s.size() && s[i] >= '0' && s[i] <= '9'; ++i) {
      if (exp < 1000000000) exp = exp * 10 + (s[i] - '0');
    }
    if (i == start) return std::nullopt;
    if (eneg) exp = -exp;
  }
  if (i != s.size()) return std::nullopt;

  Decimal d;
  d.neg = neg;
  if (digits.empty()) return FormatF(d);
  int64_t e10 = exp + fcount;
  int64_t magnitude = static_cast<int64_t>(digits.size()) + e10;
  if (magnitude > kMaxDecimalExponent || magnitude < -kMaxDecimalExponent) return std::nullopt;
  if (digits.size() <= 150 && e10 >= -248 && e10 <= 248) {
    // Correctly rounded at 512 bits, and no other decimal this short rounds the same
    // way: the shortest text is the input's own digits.
    d.digits = digits;
    d.dp = magnitude;
    d.TrimZeros();
    return FormatF(d);
  }
  BinFloat z{BigNat::FromDigits(digits), e10};  // digits * 2^e10, times 5^e10 below
  if (e10 == 0) {
    RoundTo(z, 512);
  } else if (e10 > 0) {
    z = MulRound(z, Pow5(static_cast<uint64_t>(e10)), 512);
  } else {
    z = QuoRound(z, Pow5(static_cast<uint64_t>(-e10)), 512);
  }
  Decimal r = Shortest(z, 512);
  r.neg = neg;
  return FormatF(r);
}

namespace {

// Normal doubles whose shortest round-trip digits are the ones go-cty prints: all but
// powers of two (where the interval below is narrower than the one big.Float uses), and
// powers of two whose exact decimal has at most 15 digits (2^-21 to 2^49): no other
// decimal that short is within half a unit in the last place.
bool ShortestDigitsAgree(double value) {
  uint64_t bits;
  std::memcpy(&bits, &value, sizeof bits);
  uint64_t frac = bits & ((uint64_t{1} << 52) - 1);
  int biased = static_cast<int>((bits >> 52) & 0x7ff);
  if (biased == 0 || biased == 0x7ff) return false;
  int exponent = biased - 1023;
  return frac != 0 || (exponent >= -21 && exponent <= 49);
}

}  // namespace

std::string FormatFloat64(double value) {
  double magnitude = std::fabs(value);
  double sixteenths = magnitude * 16;
  if (magnitude < 1048576.0 && magnitude != 0 && sixteenths == std::floor(sixteenths)) {
    // Multiples of 1/16 below 2^20: the exact decimal has at most four decimals, and as
    // doubles there are less than 1e-9 apart, no shorter decimal is as close.
    auto units = static_cast<uint64_t>(sixteenths);
    char buf[32];
    char* p = buf;
    if (value < 0) *p++ = '-';
    p = std::to_chars(p, buf + sizeof buf, units >> 4).ptr;
    unsigned fraction = static_cast<unsigned>(units & 15) * 625;  // in units of 1e-4
    if (fraction != 0) {
      *p++ = '.';
      for (unsigned scale = 1000; fraction != 0; scale /= 10) {
        *p++ = static_cast<char>('0' + fraction / scale);
        fraction %= scale;
      }
    }
    return std::string(buf, static_cast<size_t>(p - buf));
  }
  if (ShortestDigitsAgree(value)) {
    // The shortest digits, then the point put in place: d.ddde±x -> positional.
    char buf[32];
    auto res = std::to_chars(buf, buf + sizeof buf, std::fabs(value), std::chars_format::scientific);
    std::string_view sci(buf, static_cast<size_t>(res.ptr - buf));
    size_t e = sci.find('e');
    int exp10 = 0;
    std::from_chars(sci.data() + e + 1 + (sci[e + 1] == '+' ? 1 : 0), sci.data() + sci.size(), exp10);
    char digits[24];
    size_t n = 0;
    for (char c : sci.substr(0, e)) {
      if (c != '.') digits[n++] = c;
    }
    std::string out;
    if (value < 0) out += '-';
    long point = exp10 + 1;  // digits before the decimal point
    if (point <= 0) {
      out += "0.";
      out.append(static_cast<size_t>(-point), '0');
      out.append(digits, n);
    } else if (static_cast<size_t>(point) >= n) {
      out.append(digits, n);
      out.append(static_cast<size_t>(point) - n, '0');
    } else {
      out.append(digits, static_cast<size_t>(point));
      out += '.';
      out.append(digits + point, n - static_cast<size_t>(point));
    }
    return out;
  }
  return FormatF(DecimalOfDouble(value));
}

// The general conversion, for checking the fast one.
std::string FormatFloat64Exactly(double value) { return FormatF(DecimalOfDouble(value)); }

std::string FormatInt64(int64_t value) { return std::to_string(value); }
std::string FormatUint64(uint64_t value) { return std::to_string(value); }

bool IsCanonicalNumber(std::string_view t) {
  if (t == "+Inf" || t == "-Inf") return true;
  size_t i = 0;
  if (!t.empty() && t[0] == '-') i = 1;
  if (i >= t.size()) return false;
  if (t[i] == '0') {
    ++i;
  } else if (t[i] >= '1' && t[i] <= '9') {
    while (i < t.size() && t[i] >= '0' && t[i] <= '9') ++i;
  } else {
    return false;
  }
  if (i == t.size()) return true;
  if (t[i] != '.') return false;
  ++i;
  size_t start = i;
  while (i < t.size() && t[i] >= '0' && t[i] <= '9') ++i;
  return i == t.size() && i > start && t.back() != '0';
}

int CompareNumbers(std::string_view a, std::string_view b) {
  Decimal x = ToDecimal(a);
  Decimal y = ToDecimal(b);
  auto sign = [](const Decimal& d) { return (d.inf || !d.digits.empty()) ? (d.neg ? -1 : 1) : 0; };
  int sx = sign(x);
  int sy = sign(y);
  if (sx != sy) return sx < sy ? -1 : 1;
  if (sx == 0) return 0;
  int mag;
  if (x.inf || y.inf) {
    mag = x.inf == y.inf ? 0 : (x.inf ? 1 : -1);
  } else if (x.dp != y.dp) {
    mag = x.dp < y.dp ? -1 : 1;
  } else {
    int c = x.digits.compare(y.digits);
    mag = c < 0 ? -1 : (c > 0 ? 1 : 0);
  }
  return sx < 0 ? -mag : mag;
}

bool IsIntegerNumber(std::string_view text) {
  Decimal d = ToDecimal(text);
  return !d.inf && static_cast<int64_t>(d.digits.size()) <= d.dp;
}

bool IsExactFloat64(std::string_view canonical) {
  Decimal d = ToDecimal(canonical);
  if (d.inf || d.digits.empty()) return true;
  int64_t frac_digits = static_cast<int64_t>(d.digits.size()) - d.dp;
  if (frac_digits <= 0 || frac_digits > 1074) return false;
  std::string text(canonical);
  double v = std::strtod(text.c_str(), nullptr);
  if (!std::isfinite(v) || v == 0) return false;
  uint64_t bits;
  std::memcpy(&bits, &v, sizeof bits);
  uint64_t mant = bits & ((uint64_t{1} << 52) - 1);
  int biased = static_cast<int>((bits >> 52) & 0x7ff);
  int64_t exp = biased == 0 ? -1074 : biased - 1075;
  if (biased != 0) mant |= uint64_t{1} << 52;
  int tz = __builtin_ctzll(mant);
  mant >>= tz;
  exp += tz;
  if (exp >= 0 || -exp != frac_digits) return false;
  Decimal exact = ExactDecimal(BigNat(mant), exp);
  return exact.digits == d.digits && exact.dp == d.dp;
}

NumberEncoding ChooseNumberEncoding(std::string_view canonical, bool float64_origin) {
  NumberEncoding enc;
  Decimal d = ToDecimal(canonical);
  if (d.inf) {
    enc.kind = NumberEncoding::Kind::kFloat64;
    enc.float_value = d.neg ? -HUGE_VAL : HUGE_VAL;
    return enc;
  }
  if (d.digits.empty()) return enc;  // 0 and -0 are the integer 0
  int64_t n = static_cast<int64_t>(d.digits.size());
  if (n <= d.dp) {
    if (d.dp <= 19) {
      std::string whole = d.digits + std::string(static_cast<size_t>(d.dp - n), '0');
      uint64_t mag = 0;
      auto res = std::from_chars(whole.data(), whole.data() + whole.size(), mag);
      bool fits = res.ec == std::errc() &&
                  (d.neg ? mag <= (uint64_t{1} << 63) : mag < (uint64_t{1} << 63));
      if (fits) {
        enc.int_value = d.neg ? static_cast<int64_t>(0 - mag) : static_cast<int64_t>(mag);
        return enc;
      }
    }
    enc.kind = NumberEncoding::Kind::kString;
    enc.text = FormatF(d);
    return enc;
  }
  std::string text = FormatF(d);
  if (float64_origin || IsExactFloat64(text)) {
    enc.kind = NumberEncoding::Kind::kFloat64;
    enc.float_value = std::strtod(text.c_str(), nullptr);
    return enc;
  }
  enc.kind = NumberEncoding::Kind::kString;
  enc.text = std::move(text);
  return enc;
}

std::string NumberHashText(std::string_view canonical) {
  Decimal d = ToDecimal(canonical);
  if (d.inf) return d.neg ? "-Inf" : "+Inf";
  std::string out;
  if (d.neg) out += '-';
  if (d.digits.empty()) return out + "0";
  constexpr int64_t kPrec = 10;
  d.Round(kPrec);
  int64_t n = static_cast<int64_t>(d.digits.size());
  int64_t eprec = kPrec;
  if (eprec > n && n >= d.dp) eprec = n;
  int64_t exp = d.dp - 1;
  if (exp < -4 || exp >= eprec) {
    out += d.digits[0];
    if (n > 1) {
      out += '.';
      out.append(d.digits, 1, std::string::npos);
    }
    out += 'e';
    out += exp < 0 ? '-' : '+';
    int64_t e = exp < 0 ? -exp : exp;
    if (e < 10) out += '0';
    out += std::to_string(e);
    return out;
  }
  Decimal f = d;
  f.neg = false;
  out += FormatF(f);
  return out;
}

}  // namespace planview::wire
