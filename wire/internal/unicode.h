// The string normalisation cty applies to every string, map key and string prefix
// (Unicode NFC, as go-cty does with golang.org/x/text: nfc.h), and go-cty's rule for
// cutting a string prefix refinement short (NFC boundaries, then grapheme clusters:
// grapheme.h). Both run on planview's own tables generated from Unicode 15.0 data.
#ifndef PLANVIEW_WIRE_INTERNAL_UNICODE_H_
#define PLANVIEW_WIRE_INTERNAL_UNICODE_H_

#include <string>
#include <string_view>

namespace planview::wire {

// True when `text` is unchanged by NormalizeNfc (cheap for ASCII).
bool IsNfc(std::string_view text);
// The same, also saying whether `text` is valid UTF-8 (no extra pass over ASCII text).
bool IsNfc(std::string_view text, bool& valid_utf8);

// NFC. Bytes that are not valid UTF-8 pass through unchanged and act as boundaries.
std::string NormalizeNfc(std::string_view text);

// go-cty's SafeKnownPrefix: drops a trailing character that a following one could still
// change (a letter that may take a combining mark, an incomplete sequence), keeping a
// trailing delimiter such as "/" or "-".
std::string SafeKnownPrefix(std::string_view prefix);

// The prefix go-cty's encoder writes: at most 256 bytes kept as is, longer ones cut to
// 255 bytes and made safe.
std::string EncodablePrefix(std::string_view prefix);

}  // namespace planview::wire

#endif  // PLANVIEW_WIRE_INTERNAL_UNICODE_H_
