// std::to_chars / std::from_chars of a double, also where the standard library lacks them:
// emscripten 3.1.6's libc++ 13 (the WebAssembly build, //js:planview_wasm) has neither, and
// no libc++ before 20 has from_chars of a double. Elsewhere ShortestScientific and
// ParseDouble are the std functions; the portable versions are compiled everywhere, so
// that the host's tests check them against the std ones.
#ifndef PLANVIEW_WIRE_INTERNAL_CHARCONV_DOUBLE_H_
#define PLANVIEW_WIRE_INTERNAL_CHARCONV_DOUBLE_H_

#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <system_error>

namespace planview::wire::internal {

// The shortest digits that read back as `v`, in scientific form ("1.5e+02"), for a finite
// `v` that is normal and not a power of two (the only values the callers give it): there
// the correctly rounded p-digit decimal (printf's %.*e) reads back exactly when any
// p-digit decimal does, so the first p that round-trips gives to_chars' digits.
inline std::to_chars_result PortableShortestScientific(char* first, char* last, double v) {
  char buf[40];
  int n = 0;
  for (int precision = 0; precision <= 16; ++precision) {
    n = std::snprintf(buf, sizeof buf, "%.*e", precision, v);
    if (std::strtod(buf, nullptr) == v) break;
  }
  // printf writes at least two exponent digits ("e+02"); to_chars as well.
  if (n < 0 || n > last - first) return {last, std::errc::value_too_large};
  for (int i = 0; i < n; ++i) first[i] = buf[i];
  return {first + n, std::errc()};
}

// Reads a whole decimal number (the caller has checked its syntax) as the nearest double.
inline std::from_chars_result PortableParseDouble(const char* first, const char* last, double& out) {
  std::string text(first, last);
  char* end = nullptr;
  errno = 0;
  double v = std::strtod(text.c_str(), &end);
  if (end == text.c_str()) return {first, std::errc::invalid_argument};
  const char* stop = first + (end - text.c_str());
  // As from_chars: a value beyond the double range (or below its smallest) is out of
  // range, and `out` keeps its value.
  if (errno == ERANGE && (v == HUGE_VAL || v == -HUGE_VAL || v == 0)) return {stop, std::errc::result_out_of_range};
  out = v;
  return {stop, std::errc()};
}

// std::to_chars(first, last, v, std::chars_format::scientific) for those values.
inline std::to_chars_result ShortestScientific(char* first, char* last, double v) {
#if defined(_LIBCPP_VERSION) && _LIBCPP_VERSION < 14000
  return PortableShortestScientific(first, last, v);
#else
  return std::to_chars(first, last, v, std::chars_format::scientific);
#endif
}

// std::from_chars(first, last, out) of a double.
inline std::from_chars_result ParseDouble(const char* first, const char* last, double& out) {
#if defined(_LIBCPP_VERSION) && _LIBCPP_VERSION < 200000
  return PortableParseDouble(first, last, out);
#else
  return std::from_chars(first, last, out);
#endif
}

}  // namespace planview::wire::internal

#endif  // PLANVIEW_WIRE_INTERNAL_CHARCONV_DOUBLE_H_
