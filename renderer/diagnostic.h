// A diagnostic from a JSON log (upstream's jsonentities.Diagnostic) rendered for a
// terminal: the framed "Error: ..." block with its source snippet, expression values,
// function call and difference.
#ifndef PLANVIEW_RENDERER_DIAGNOSTIC_H_
#define PLANVIEW_RENDERER_DIAGNOSTIC_H_

#include <string>

#include "change/colorize.h"
#include "structured/json_value.h"

namespace planview::renderer {

// Upstream's format.DiagnosticFromJSON: `diagnostic` must already satisfy the log
// message's shape (see log_renderer.h); the detail is wrapped to fit `width`. Appends to
// `out`; a null diagnostic appends nothing.
void RenderDiagnostic(structured::Value diagnostic, const change::Colorize& colorize, int width, std::string& out);

}  // namespace planview::renderer

#endif  // PLANVIEW_RENDERER_DIAGNOSTIC_H_
