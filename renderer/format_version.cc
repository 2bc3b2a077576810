#include "renderer/format_version.h"

#include <cctype>
#include <cmath>
#include <cstdlib>
#include <optional>
#include <string>

namespace planview::renderer {

namespace {

bool EqualsFold(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i) {
    if (std::tolower(static_cast<unsigned char>(a[i])) != std::tolower(static_cast<unsigned char>(b[i]))) return false;
  }
  return true;
}

size_t Digits(std::string_view s, size_t at, bool hex) {
  size_t n = 0;
  while (at + n < s.size() && (hex ? std::isxdigit(static_cast<unsigned char>(s[at + n]))
                                   : std::isdigit(static_cast<unsigned char>(s[at + n])))) {
    ++n;
  }
  return n;
}

// The syntax strconv.ParseFloat accepts (without digit separators): decimal with an
// optional exponent, hexadecimal with a mandatory binary exponent, inf, infinity, nan.
bool IsGoFloat(std::string_view s) {
  size_t i = 0;
  if (i < s.size() && (s[i] == '+' || s[i] == '-')) ++i;
  std::string_view rest = s.substr(i);
  if (EqualsFold(rest, "inf") || EqualsFold(rest, "infinity")) return true;
  if (EqualsFold(s, "nan")) return true;
  bool hex = rest.size() >= 2 && rest[0] == '0' && (rest[1] == 'x' || rest[1] == 'X');
  if (hex) i += 2;
  size_t mantissa = Digits(s, i, hex);
  i += mantissa;
  if (i < s.size() && s[i] == '.') {
    ++i;
    size_t fraction = Digits(s, i, hex);
    i += fraction;
    mantissa += fraction;
  }
  if (mantissa == 0) return false;
  char exp = hex ? 'p' : 'e';
  if (i < s.size() && std::tolower(static_cast<unsigned char>(s[i])) == exp) {
    ++i;
    if (i < s.size() && (s[i] == '+' || s[i] == '-')) ++i;
    size_t digits = Digits(s, i, false);
    if (digits == 0) return false;
    i += digits;
  } else if (hex) {
    return false;
  }
  return i == s.size();
}

std::optional<double> ParseGoFloat(std::string_view s) {
  if (!IsGoFloat(s)) return std::nullopt;
  std::string text(s);
  double value = std::strtod(text.c_str(), nullptr);
  if (std::isinf(value)) {
    // Overflow is an error for Go unless the text itself says infinity.
    std::string_view rest = s.substr(s[0] == '+' || s[0] == '-' ? 1 : 0);
    if (!EqualsFold(rest, "inf") && !EqualsFold(rest, "infinity")) return std::nullopt;
  }
  return value;
}

}  // namespace

bool IncompatibleVersions(std::string_view local, std::string_view remote) {
  std::optional<double> l = ParseGoFloat(local);
  if (!l) return false;
  std::optional<double> r = ParseGoFloat(remote);
  if (!r) return false;
  return *l < *r;
}

}  // namespace planview::renderer
