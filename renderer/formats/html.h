// --format html: one self-contained HTML page (no network, no external assets): the plan
// line, the counts per resource type and per module, then one collapsible section per
// resource (in kRiskOrder: deletes, replaces and forgets first, then updates, then the rest;
// each in plan order)
// bordered and coloured per action, output changes. A light theme, or dark when the
// reader's system prefers it; a filter box by address and action (also settable from the
// URL: page.html#q=module.net&action=replace) and expand-all/collapse-all buttons.
#ifndef PLANVIEW_RENDERER_FORMATS_HTML_H_
#define PLANVIEW_RENDERER_FORMATS_HTML_H_

#include <string>
#include <string_view>

#include "renderer/formats/presenter.h"

namespace planview::renderer::formats {

void RenderHtml(const PlanContext& plan, const FormatOptions& format, std::string& out);

// Terminal text with ANSI SGR codes (bold, dim, foreground colours) as HTML: escaped text
// in <span class="..."> runs. Other escape sequences are dropped.
std::string AnsiToHtml(std::string_view text);

}  // namespace planview::renderer::formats

#endif  // PLANVIEW_RENDERER_FORMATS_HTML_H_
