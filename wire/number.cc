#include "wire/number.h"

#include <charconv>
#include <cmath>
#include <cstring>
#include <string>

#include "wire/internal/big_float.h"
#include "wire/internal/big_nat.h"
#include "wire/internal/charconv_double.h"

namespace planview::wire {

using internal::BigNat;
using internal::BinFloat;
using internal::Decimal;
using internal::DecimalOfDouble;
using internal::ExactDecimal;
using internal::FormatF;
using internal::MulRound;
using internal::Pow5;
using internal::QuoRound;
using internal::RoundTo;
using internal::Shortest;

namespace {

// Reads canonical text (see IsCanonicalNumber); anything else goes through the parser.
Decimal ReadCanonical(std::string_view text) {
  Decimal d;
  if (IsInfinity(text)) {
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
    auto res = internal::ShortestScientific(buf, buf + sizeof buf, std::fabs(value));
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
  if (IsInfinity(t)) return true;
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
