// Untrusted text (addresses, module and for_each keys, types, reasons, values) made safe
// for each place it lands in a Markdown comment, so that it shows as the text it is: no
// raw HTML, no link or emphasis, no extra table cell, no code span or fence that ends
// early. Control characters (newlines too) are written as escapes (\n, \x1b) first.
#ifndef PLANVIEW_RENDERER_FORMATS_MARKDOWN_TEXT_H_
#define PLANVIEW_RENDERER_FORMATS_MARKDOWN_TEXT_H_

#include <string>
#include <string_view>

namespace planview::renderer::formats::markdown_text {

// Text inside an HTML block (a <summary> line): HTML-escaped.
std::string Html(std::string_view text);

// Inline text in a paragraph, list item or table cell: HTML-escaped, and every character
// Markdown or a table reads as syntax backslash-escaped.
std::string Inline(std::string_view text);

// A table cell shown as code: a code span whose backtick fence is longer than any run of
// backticks inside (padded with spaces where CommonMark would strip them), or, when the
// text holds a `|` (which a table splits on even inside a code span), <code> around
// Inline(text).
std::string TableCode(std::string_view text);

// A fence of backticks for a fenced code block holding `body`: at least three, and
// longer than any run of backticks in it, so no line of the body can close it.
std::string Fence(std::string_view body);

}  // namespace planview::renderer::formats::markdown_text

#endif  // PLANVIEW_RENDERER_FORMATS_MARKDOWN_TEXT_H_
