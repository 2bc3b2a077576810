#include "wire/refinements.h"

#include <fmt/format.h>

#include <vector>

#include "structured/go_text.h"
#include "wire/number.h"

namespace planview::wire {
namespace {

std::optional<std::string> CheckNumberRange(const Refinements& r) {
  if (!r.number_lower || !r.number_upper) return std::nullopt;
  int c = CompareNumbers(r.number_lower->value, r.number_upper->value);
  bool ok = r.number_lower->inclusive != r.number_upper->inclusive ? c < 0 : c <= 0;
  if (ok) return std::nullopt;
  return fmt::format("number lower bound {} is greater than upper bound {}", r.number_lower->value,
                     r.number_upper->value);
}

}  // namespace

std::optional<std::string> Refinements::AddNumberLower(NumberBound bound) {
  if (number_lower) {
    int c = CompareNumbers(bound.value, number_lower->value);
    bool tighter = (bound.inclusive && !number_lower->inclusive) ? c > 0 : c >= 0;
    if (!tighter) return std::nullopt;
  }
  number_lower = std::move(bound);
  return CheckNumberRange(*this);
}

std::optional<std::string> Refinements::AddNumberUpper(NumberBound bound) {
  if (number_upper) {
    int c = CompareNumbers(bound.value, number_upper->value);
    bool tighter = (bound.inclusive && !number_upper->inclusive) ? c < 0 : c <= 0;
    if (!tighter) return std::nullopt;
  }
  number_upper = std::move(bound);
  return CheckNumberRange(*this);
}

std::optional<std::string> Refinements::AddLengthLower(int64_t bound) {
  if (length_lower > bound) return std::nullopt;
  length_lower = bound;
  if (length_upper && *length_upper < length_lower) {
    return fmt::format("collection length upper bound {} is less than lower bound {}", *length_upper, length_lower);
  }
  return std::nullopt;
}

std::optional<std::string> Refinements::AddLengthUpper(int64_t bound) {
  if (length_upper && *length_upper < bound) return std::nullopt;
  length_upper = bound;
  if (*length_upper < length_lower) {
    return fmt::format("collection length upper bound {} is less than lower bound {}", *length_upper, length_lower);
  }
  return std::nullopt;
}

std::optional<std::string> Refinements::AddPrefix(std::string prefix) {
  size_t common = std::min(prefix.size(), string_prefix.size());
  if (prefix.compare(0, common, string_prefix, 0, common) != 0) {
    // Quoted as Go's %q: a prefix holding a newline or ESC can neither split the error
    // line nor reach the terminal raw.
    return fmt::format("string prefix {} is inconsistent with the earlier prefix {}", structured::GoQuote(prefix),
                       structured::GoQuote(string_prefix));
  }
  if (prefix.size() > string_prefix.size()) string_prefix = std::move(prefix);
  return std::nullopt;
}

std::string Refinements::Describe() const {
  std::vector<std::string> parts;
  if (not_null) parts.push_back("not null");
  if (!string_prefix.empty()) parts.push_back("starts with " + structured::GoQuote(string_prefix));
  if (number_lower) {
    parts.push_back(fmt::format("{} {}", number_lower->inclusive ? "at least" : "greater than", number_lower->value));
  }
  if (number_upper) {
    parts.push_back(fmt::format("{} {}", number_upper->inclusive ? "at most" : "less than", number_upper->value));
  }
  if (length_lower != 0 || length_upper) {
    if (length_upper && *length_upper == length_lower) {
      parts.push_back(fmt::format("length {}", length_lower));
    } else {
      if (length_lower != 0) parts.push_back(fmt::format("length at least {}", length_lower));
      if (length_upper) parts.push_back(fmt::format("length at most {}", *length_upper));
    }
  }
  std::string out;
  for (size_t i = 0; i < parts.size(); ++i) {
    if (i) out += ", ";
    out += parts[i];
  }
  return out;
}

}  // namespace planview::wire
