// Escaping untrusted text for terminal output: JSON text as Go's encoding/json writes it,
// HCL attribute names, control characters. (Go's %q quoting is structured/go_text.h.)
#ifndef PLANVIEW_RENDERER_TEXT_ESCAPE_H_
#define PLANVIEW_RENDERER_TEXT_ESCAPE_H_

#include <string>
#include <string_view>

#include "structured/go_text.h"
#include "structured/json_value.h"

namespace planview::renderer {

// The one definition is structured/go_text.h.
using structured::EnsureValidAttributeName;

// Replaces C0 control characters (except tab, newline, carriage return) and DEL with
// their Unicode "control picture" symbols (upstream's format.ReplaceControlChars).
std::string ReplaceControlChars(std::string_view text);

// `text` with every control character (newlines too) written as an escape (\n, \r, \t,
// \x1b), so that a message quoting input stays on one line.
std::string SingleLine(std::string_view text);

// Appends `value` as Go's json.Indent(dst, compact, prefix, indent) writes it: each
// element on its own line starting with `prefix`, nested by `indent`; empty arrays and
// objects stay `[]` and `{}`; the first line has no prefix.
void AppendIndentedJson(std::string& out, structured::Value value, std::string_view prefix, std::string_view indent);

}  // namespace planview::renderer

#endif  // PLANVIEW_RENDERER_TEXT_ESCAPE_H_
