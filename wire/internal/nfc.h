// Unicode Normalization Form C (UAX #15) on UTF-8, with planview's own tables
// (unicode_props.h). Bytes that are not valid UTF-8 are copied unchanged and act as
// normalisation boundaries: each valid run between them is normalised on its own.
#ifndef PLANVIEW_WIRE_INTERNAL_NFC_H_
#define PLANVIEW_WIRE_INTERNAL_NFC_H_

#include <string>
#include <string_view>

namespace planview::wire::nfc {

// True when Normalize(text) == text. Sets valid_utf8 to whether all of text is valid UTF-8
// (always computed, whatever the result). ASCII and runs of NFC_Quick_Check=Yes characters
// in canonical order are checked without normalising.
bool IsNormalized(std::string_view text, bool& valid_utf8);

// Appends NFC(text) to out.
void AppendNormalized(std::string_view text, std::string& out);

// Whether a normalisation boundary always falls before / after code point c: c never
// combines with or reorders across what precedes / follows it.
bool HasBoundaryBefore(char32_t c);
bool HasBoundaryAfter(char32_t c);

}  // namespace planview::wire::nfc

#endif  // PLANVIEW_WIRE_INTERNAL_NFC_H_
