#include "renderer/formats/github.h"

#include <cstdint>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "renderer/formats/filter.h"
#include "renderer/formats/markdown.h"
#include "renderer/formats/reasons.h"
#include "renderer/text_escape.h"

namespace planview::renderer::formats {
namespace {

void AppendEscaped(std::string& out, std::string_view text, bool property) {
  for (char c : text) {
    switch (c) {
      case '%': out += "%25"; break;
      case '\r': out += "%0D"; break;
      case '\n': out += "%0A"; break;
      case ':': out += property ? "%3A" : ":"; break;
      case ',': out += property ? "%2C" : ","; break;
      default: out += c;
    }
  }
}

// The command for a change a reviewer must see: "warning" when it destroys the object,
// "notice" when it forgets it; "" for the others. `category` is the change's first.
std::string_view CommandFor(ActionCategory category) {
  switch (category) {
    case ActionCategory::kDelete:
    case ActionCategory::kReplace: return "warning";
    case ActionCategory::kForget: return "notice";
    default: return "";
  }
}

std::string AsciiLower(std::string_view text) {
  std::string out(text);
  for (char& c : out) {
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  }
  return out;
}

// Appends `text` (a newline added if it lacks one) between ::stop-commands::TOKEN and
// ::TOKEN::.
void AppendStopped(std::string& out, std::string_view text) {
  std::string token = StopCommandsToken(text);
  out += fmt::format("::stop-commands::{}\n", token);
  out += text;
  if (!text.empty() && text.back() != '\n') out += '\n';
  out += fmt::format("::{}::\n", token);
}

}  // namespace

void AppendWorkflowData(std::string& out, std::string_view text) { AppendEscaped(out, text, false); }

void AppendWorkflowProperty(std::string& out, std::string_view text) { AppendEscaped(out, text, true); }

std::string StopCommandsToken(std::string_view text) {
  // FNV-1a of the text, hashed again until the token does not occur.
  uint64_t hash = 14695981039346656037ull;
  for (char c : text) hash = (hash ^ static_cast<unsigned char>(c)) * 1099511628211ull;
  std::string lower = AsciiLower(text);
  for (;;) {
    std::string token = fmt::format("planview-{:016x}", hash);
    if (lower.find(token) == std::string::npos) return token;
    hash = (hash ^ 0x9e) * 1099511628211ull;
  }
}

void RenderGithub(const PlanContext& plan, const FormatOptions& format, std::string& out) {
  const Options& options = plan.options;
  for (const ResourceChange& r : plan.plan.resource_changes) {
    std::vector<ActionCategory> categories = CategoriesOf(r);
    if (categories.empty() || !ShownInPlan(r)) continue;
    std::string_view command = CommandFor(categories.front());
    if (command.empty()) continue;
    if (options.include_resource && !options.include_resource(r)) continue;
    std::string title = fmt::format("{} {}", CategoryName(categories.front()), r.address);
    if (!r.deposed.empty()) title += fmt::format(" (deposed object {})", r.deposed);
    out += "::";
    out += command;
    out += " title=";
    AppendWorkflowProperty(out, SingleLine(title));
    out += "::";
    AppendWorkflowData(out, SingleLine(Reason(r, options.product)));
    out += '\n';
  }
  std::string summary;
  RenderMarkdown(plan, format, summary);
  AppendStopped(out, summary);
}

void FrameGithubText(std::string& text) {
  std::string out;
  AppendStopped(out, text);
  text = std::move(out);
}

}  // namespace planview::renderer::formats
