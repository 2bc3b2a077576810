#include "renderer/formats/output_format.h"

#include <array>

#include "renderer/formats/github.h"
#include "renderer/formats/html.h"
#include "renderer/formats/json.h"
#include "renderer/formats/markdown.h"
#include "renderer/formats/presenter.h"

namespace planview::renderer::formats {
namespace {

// One row a line, its name and golden file first: update_golden.sh reads them.
constexpr std::array<OutputFormatRow, 5> kFormats = {{
    {"text", "", "", RenderText, "(default)"},
    {"markdown", "markdown.md", "md", RenderMarkdown, "(a pull-request comment)"},
    {"json", "json.json", "", RenderJson, "(the diff model, see docs/json-format.md)"},
    {"html", "page.html", "", RenderHtml, "(one page)"},
    {"github", "github.txt", "", RenderGithub, "(GitHub Actions annotations, then the Markdown job summary)",
     FrameGithubText},
}};

static_assert(kFormats[OutputFormat::kText.index()].name == "text");
static_assert(kFormats[OutputFormat::kMarkdown.index()].name == "markdown");
static_assert(kFormats[OutputFormat::kJson.index()].name == "json");
static_assert(kFormats[OutputFormat::kHtml.index()].name == "html");

// "a, b, c or d", each entry as `part` gives it.
template <typename Part>
std::string JoinRows(Part part) {
  std::string out;
  for (size_t i = 0; i < kFormats.size(); ++i) {
    if (i > 0) out += i + 1 == kFormats.size() ? " or " : ", ";
    part(kFormats[i], out);
  }
  return out;
}

}  // namespace

const OutputFormatRow& OutputFormat::row() const { return kFormats[index_ < kFormats.size() ? index_ : 0]; }

std::vector<OutputFormat> OutputFormat::All() {
  std::vector<OutputFormat> all;
  for (size_t i = 0; i < kFormats.size(); ++i) all.push_back(OutputFormat(static_cast<uint8_t>(i)));
  return all;
}

std::optional<OutputFormat> OutputFormatFromName(std::string_view name) {
  for (OutputFormat f : OutputFormat::All()) {
    if (f.row().name == name || (!f.row().alias.empty() && f.row().alias == name)) return f;
  }
  return std::nullopt;
}

std::string OutputFormatNames() {
  return JoinRows([](const OutputFormatRow& row, std::string& out) { out += row.name; });
}

std::string OutputFormatHelp() {
  return JoinRows([](const OutputFormatRow& row, std::string& out) {
    out += row.name;
    out += ' ';
    out += row.help;
  });
}

}  // namespace planview::renderer::formats
