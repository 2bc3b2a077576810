// Text helpers that reproduce Go's formatting exactly, for byte-identical output:
// `%q` quoting (strconv.Quote), strings.TrimSpace, rune counting and `%-*s` padding, and
// HCL's identifier rule (hclsyntax.ValidIdentifier). The renderers and the wire format's
// set hashing (go-cty quotes set element strings with %q) share them. Printable runes are
// Unicode 15.0's, as in Go 1.21 and later (unicode_tables.inc).
#ifndef PLANVIEW_STRUCTURED_GO_TEXT_H_
#define PLANVIEW_STRUCTURED_GO_TEXT_H_

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace planview::structured {

// Appends `text` double-quoted as Go's %q does: printable runes as they are, \a \b \f \n
// \r \t \v \\ \", other control bytes as \xHH, other non-printable runes as \uHHHH or
// \UHHHHHHHH, and each byte of invalid UTF-8 as \xHH.
void AppendGoQuoted(std::string& out, std::string_view text);
std::string GoQuote(std::string_view text);

// strings.TrimSpace: strips Unicode white space from both ends.
std::string_view GoTrimSpace(std::string_view text);

// utf8.RuneCountInString: invalid bytes count one each.
size_t RuneCount(std::string_view text);

// fmt's "%-*s": `text` then spaces up to `width` runes.
void AppendPaddedRight(std::string& out, std::string_view text, size_t width);

// hclsyntax.ValidIdentifier: (ID_Start | '_') (ID_Continue | '-')*.
bool IsHclIdentifier(std::string_view name);
// An attribute name as upstream shows it: as it is when it is an HCL identifier, else
// GoQuote(name).
std::string EnsureValidAttributeName(std::string_view name);
void AppendValidAttributeName(std::string& out, std::string_view name);

// Go's strconv.IsPrint.
bool IsGoPrintable(uint32_t rune);

}  // namespace planview::structured

#endif  // PLANVIEW_STRUCTURED_GO_TEXT_H_
