// cty numbers as decimal text, the way go-cty holds and prints them.
//
// A cty number is a binary big float: 64 bits from a msgpack integer, 53 bits from a float,
// 512 bits when parsed from decimal text. It is printed (plan JSON, `value` in the wire
// vectors) as the shortest decimal that identifies it at its precision, in positional
// notation: "0.1", "-0", "1000000000000000000000", "+Inf". This module produces that
// canonical text, orders numbers, and picks the msgpack form go-cty's encoder would.
#ifndef PLANVIEW_WIRE_NUMBER_H_
#define PLANVIEW_WIRE_NUMBER_H_

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace planview::wire {

// Decimal text exponents beyond this are refused (the text would be megabytes long).
inline constexpr int kMaxDecimalExponent = 20000;

// Parses number text as go-cty does (base 10 at 512 bits, round to nearest even):
// "[+-]digits[.digits][e[+-]digits]", ".5", "5.", "Inf"/"inf" with an optional sign.
// Returns the canonical text, or nullopt when the text is not a number.
std::optional<std::string> ParseNumberText(std::string_view text);

// The canonical text of a float64 (not NaN) held at 53 bits: "+Inf", "-0", "0.1",
// "0.000…4940656458412465" for the smallest subnormal.
std::string FormatFloat64(double value);
// The same by the general conversion (FormatFloat64 takes shortcuts where the result is
// the same); for tests.
std::string FormatFloat64Exactly(double value);
std::string FormatInt64(int64_t value);
std::string FormatUint64(uint64_t value);

// True when `text` is already canonical (no exponent, sign only "-", no redundant zeros).
bool IsCanonicalNumber(std::string_view text);
// True when the canonical text is an infinity ("+Inf" or "-Inf"): a number that cty holds
// but JSON cannot write.
inline bool IsInfinity(std::string_view canonical) { return canonical == "+Inf" || canonical == "-Inf"; }

// Orders two canonical texts by value (-0 == 0). Returns <0, 0 or >0.
int CompareNumbers(std::string_view a, std::string_view b);
// True when the canonical text is an integer (not infinite).
bool IsIntegerNumber(std::string_view text);

// How go-cty's encoder writes a number.
struct NumberEncoding {
  enum class Kind { kInt, kFloat64, kString } kind = Kind::kInt;
  int64_t int_value = 0;
  double float_value = 0;
  std::string text;  // kString: the digits to write
};
// For a canonical text. `float64_origin`: the number was a float64 (msgpack float), so a
// non-integer is written as float64 even when its shortest text is not exactly a double.
NumberEncoding ChooseNumberEncoding(std::string_view canonical, bool float64_origin);

// True when the canonical non-integer text is exactly a float64 value.
bool IsExactFloat64(std::string_view canonical);

// Go's big.Float String() (%.10g) of a canonical text: the form go-cty hashes set
// elements with.
std::string NumberHashText(std::string_view canonical);

}  // namespace planview::wire

#endif  // PLANVIEW_WIRE_NUMBER_H_
