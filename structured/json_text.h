// Small helpers for JSON text: the number grammar, string scanning and unescaping, UTF-8.
#ifndef PLANVIEW_STRUCTURED_JSON_TEXT_H_
#define PLANVIEW_STRUCTURED_JSON_TEXT_H_

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace planview::structured {

bool IsJsonSpace(char c);
std::string_view TrimJsonSpaceRight(std::string_view token);

// -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?
bool IsJsonNumber(std::string_view s);

struct StringCheck {
  size_t end = 0;  // index of the closing quote within the scanned text
  bool has_escapes = false;
  const char* error = nullptr;  // set when the string is malformed
  size_t error_at = 0;
};

// Scans string content that starts right after the opening quote: finds the closing
// quote, rejects raw control characters and malformed escapes.
StringCheck CheckString(std::string_view s);

// Unescapes string content already accepted by CheckString (no quotes). Lone surrogates
// become U+FFFD, as Go's encoding/json does.
std::string UnescapeString(std::string_view s);

// Appends code point `cp` encoded as UTF-8; a surrogate or a value past U+10FFFF as
// U+FFFD (as Go's utf8.AppendRune).
void AppendUtf8(std::string& out, uint32_t cp);

// Offset of the first byte that is not valid UTF-8, or text.size().
size_t FindInvalidUtf8(std::string_view text);

// `text` as it reads back from AppendGoJsonString's output (Go's encoding/json): each byte
// that is not valid UTF-8 replaced by U+FFFD. Returns `text` itself when it is valid UTF-8,
// else the replaced text, held in `scratch`.
std::string_view GoJsonText(std::string_view text, std::string& scratch);

// Appends `text` as a quoted JSON string: `"` and `\` escaped, \n \r \t, other control
// characters as \u00XX, all other bytes as they are.
void AppendJsonString(std::string& out, std::string_view text);
// The same as Go's encoding/json (1.22 on) writes it: also \b \f, < > & as \u003c
// \u003e \u0026, U+2028 and U+2029 as \u2028 \u2029, and each byte that is not valid
// UTF-8 as \ufffd.
void AppendGoJsonString(std::string& out, std::string_view text);

}  // namespace planview::structured

#endif  // PLANVIEW_STRUCTURED_JSON_TEXT_H_
