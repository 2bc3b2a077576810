// --format markdown: a plan as a pull-request comment. A heading with the plan line, the
// summary tables, then one collapsible <details> per resource with a ```diff block
// (destroy and replace first), the output changes, and notes. Sensitive values are never
// shown. Over `max_bytes` the budget is spent by risk (renderer/formats/budget.h): the
// riskiest diffs whole, the start of the next one, the rest listed by address in a
// collapsed list (or counted when even the list is over), and a closing note saying so.
// The comment is never over `max_bytes`, and uses at least 95% of it when cut.
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
