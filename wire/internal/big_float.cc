#include "wire/internal/big_float.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstring>
#include <string_view>

#include "wire/internal/charconv_double.h"

namespace planview::wire::internal {

void RoundTo(BinFloat& f, size_t prec, bool sticky) {
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
    auto res = ShortestScientific(buf, buf + sizeof buf, std::fabs(v));
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

}  // namespace planview::wire::internal
