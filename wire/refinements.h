// What a refined unknown value promises about its final value (the wire format's ext-12
// payload): not null, a string prefix, number bounds, collection length bounds.
//
// Only the refinements go-cty would keep are stored: a prefix is never empty, a length
// lower bound is never 0, infinite number bounds given on the wire are kept.
#ifndef PLANVIEW_WIRE_REFINEMENTS_H_
#define PLANVIEW_WIRE_REFINEMENTS_H_

#include <cstdint>
#include <optional>
#include <string>

namespace planview::wire {

struct NumberBound {
  std::string value;  // canonical number text (may be "+Inf"/"-Inf")
  bool inclusive = true;
  bool float64 = false;  // held as float64 (a msgpack float), see number.h
  bool operator==(const NumberBound&) const = default;
};

struct Refinements {
  bool not_null = false;
  std::string string_prefix;
  std::optional<NumberBound> number_lower;
  std::optional<NumberBound> number_upper;
  int64_t length_lower = 0;                 // 0: no bound
  std::optional<int64_t> length_upper;

  bool empty() const {
    return !not_null && string_prefix.empty() && !number_lower && !number_upper && length_lower == 0 &&
           !length_upper;
  }
  bool operator==(const Refinements&) const = default;

  // Adds a bound the way cty's refinement builder does: a looser bound than the one held
  // is ignored. Returns an error message when the bounds no longer leave any value.
  std::optional<std::string> AddNumberLower(NumberBound bound);
  std::optional<std::string> AddNumberUpper(NumberBound bound);
  std::optional<std::string> AddLengthLower(int64_t bound);
  std::optional<std::string> AddLengthUpper(int64_t bound);
  // A prefix must extend or agree with the one held.
  std::optional<std::string> AddPrefix(std::string prefix);

  // "not null", "starts with \"ab\"", "at least 1", "less than 10", "length at most 3",
  // joined with ", ".
  std::string Describe() const;
};

}  // namespace planview::wire

#endif  // PLANVIEW_WIRE_REFINEMENTS_H_
