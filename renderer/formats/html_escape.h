// Escaping text for HTML (element text and attribute values), for the HTML format and the
// HTML that Markdown output embeds.
#ifndef PLANVIEW_RENDERER_FORMATS_HTML_ESCAPE_H_
#define PLANVIEW_RENDERER_FORMATS_HTML_ESCAPE_H_

#include <string>
#include <string_view>

namespace planview::renderer::formats {

// Appends `text` with & < > " ' as HTML entities.
void AppendHtmlEscaped(std::string& out, std::string_view text);

}  // namespace planview::renderer::formats

#endif  // PLANVIEW_RENDERER_FORMATS_HTML_ESCAPE_H_
