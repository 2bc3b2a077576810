// Random JSON-like text for tests that compare parsers (kernel_test natively, the
// WebAssembly kernel's simd128_test): mostly valid, with strings full of escapes,
// multi-byte and invalid UTF-8, control characters, brackets inside strings, and now and
// then a mistake, in pieces that straddle the kernels' 32- and 64-byte blocks.
#ifndef PLANVIEW_STRUCTURED_TESTING_RANDOM_JSON_TEXT_H_
#define PLANVIEW_STRUCTURED_TESTING_RANDOM_JSON_TEXT_H_

#include <cstddef>
#include <random>
#include <string>

namespace planview::structured::testing {

inline std::string RandomJsonText(std::mt19937& rng) {
  static const char* const kPieces[] = {
      "{\"a\":",  "[",         "]",           "}",        ",",         "\"x\"",        "\"\\\\\"",
      "\"\\\"\"", "\"\\u00e9\"", "\"\\ud83d\\ude00\"", "\"\\ud800\"", "\"\xC3\xA9\"", "\"\xF0\x9F\x98\x80\"",
      "\"\xC3\"", "\"\xED\xA0\x80\"", "\"\x01\"", "123",      "-0.5e+7",   "true",         "null",
      "\"{[}]\"", "\"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\"", " ",  "\n",   "\"a\\/b\\t\"", "\"\\x\"",
  };
  std::string text = "{\"k\":[";
  const size_t n = 1 + rng() % 60;
  for (size_t i = 0; i < n; ++i) text += kPieces[rng() % (sizeof kPieces / sizeof *kPieces)];
  return text + "],\"skip\":[\"\\\\\",{\"b\":[1,\"]\"]}],\"end\":1}";
}

}  // namespace planview::structured::testing

#endif  // PLANVIEW_STRUCTURED_TESTING_RANDOM_JSON_TEXT_H_
