// The arbitrary-precision arithmetic behind wire/number.h, as Go's math/big does it for
// go-cty: binary floats rounded to a precision, decimals, and the conversions between them
// (exact, and the shortest decimal that identifies a float at its precision).
#ifndef PLANVIEW_WIRE_INTERNAL_BIG_FLOAT_H_
#define PLANVIEW_WIRE_INTERNAL_BIG_FLOAT_H_

#include <cstddef>
#include <cstdint>
#include <string>

#include "wire/internal/big_nat.h"

namespace planview::wire::internal {

// mant * 2^exp.
struct BinFloat {
  BigNat mant;
  int64_t exp = 0;
};

// Rounds to `prec` significant bits, to nearest even; `sticky` says nonzero bits were
// already dropped below the current lowest bit.
void RoundTo(BinFloat& f, size_t prec, bool sticky = false);
// a * b and a / b, rounded to `prec` bits.
BinFloat MulRound(const BinFloat& a, const BinFloat& b, size_t prec);
BinFloat QuoRound(const BinFloat& a, const BinFloat& b, size_t prec);
// 5^n the way Go's big.Float.pow5 computes it for a 576-bit result.
BinFloat Pow5(uint64_t n);

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
Decimal ExactDecimal(BigNat mant, int64_t exp);
// Go's shortest-decimal search for a binary float of `prec` bits.
Decimal Shortest(const BinFloat& x, size_t prec);
// Positional text: "-0.001", "1000", "+Inf".
std::string FormatF(const Decimal& d);
// A float64 (not NaN) as the decimal go-cty prints for it at 53 bits.
Decimal DecimalOfDouble(double v);

}  // namespace planview::wire::internal

#endif  // PLANVIEW_WIRE_INTERNAL_BIG_FLOAT_H_
