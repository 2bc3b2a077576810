// --format github: a plan for a GitHub Actions step. First one workflow command per
// resource change a reviewer must not miss, in plan order: `::warning` for each resource
// deleted or replaced, `::notice` for each one forgotten (it leaves the state but is not
// destroyed); the title names the action and the address, the message is the notes
// `tofu show` prints above the resource (renderer/resource_note.h). No values, so nothing
// sensitive; no `file=`, since a plan has no source positions. Then the Markdown job
// summary (--format markdown) between `::stop-commands::TOKEN` and `::TOKEN::`, so that
// none of its lines is read as a command: TOKEN is derived from the summary and does not
// occur in it in any letter case (the runner compares commands ignoring case).
// A state's or a log's text is framed the same way (FrameGithubText, the table's
// frame_other). Text from the plan in a command is written SingleLine (control characters as \n, \x1b)
// and then escaped as the runner unescapes it, so each command is one line.
#ifndef PLANVIEW_RENDERER_FORMATS_GITHUB_H_
#define PLANVIEW_RENDERER_FORMATS_GITHUB_H_

#include <string>
#include <string_view>

#include "renderer/formats/presenter.h"

namespace planview::renderer::formats {

void RenderGithub(const PlanContext& plan, const FormatOptions& format, std::string& out);

// A state's or a log's text (rendered as usual) between `::stop-commands::TOKEN` and
// `::TOKEN::`, as the plan's summary.
void FrameGithubText(std::string& text);

// A workflow command's message: % CR LF as %25 %0D %0A.
void AppendWorkflowData(std::string& out, std::string_view text);
// A property value: as a message, and : , as %3A %2C.
void AppendWorkflowProperty(std::string& out, std::string_view text);

// "planview-" and 16 hex digits, a function of `text`, found nowhere in `text` ignoring
// ASCII case.
std::string StopCommandsToken(std::string_view text);

}  // namespace planview::renderer::formats

#endif  // PLANVIEW_RENDERER_FORMATS_GITHUB_H_
