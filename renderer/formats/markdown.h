// --format markdown: a plan as a pull-request comment. A heading with the plan line, the
// summary tables, then one collapsible <details> per resource with a ```diff block
// (destroy and replace first), the output changes, and notes. Sensitive values are never
// shown. When the text exceeds `max_bytes` it shrinks in steps (unchanged attributes
// collapsed, then the details of the largest resources dropped, then addresses only) and
// says so at the end.
#ifndef PLANVIEW_RENDERER_FORMATS_MARKDOWN_H_
#define PLANVIEW_RENDERER_FORMATS_MARKDOWN_H_

#include <string>
#include <string_view>

#include "renderer/formats/presenter.h"

namespace planview::renderer::formats {

void RenderMarkdown(const PlanContext& plan, const FormatOptions& format, std::string& out);

// The human rendering turned into `diff` syntax: a line whose first mark is +, - or ~
// gets that mark (~ as !) in column 0 so that highlighters colour it.
std::string ToDiffSyntax(std::string_view human);

}  // namespace planview::renderer::formats

#endif  // PLANVIEW_RENDERER_FORMATS_MARKDOWN_H_
