// The output formats (`--format NAME`) in one table (output_format.cc): each row's name,
// the golden file the tests compare per equivalence case (testdata/formats/CASE/FILE),
// an alias, the function that renders a plan and the words `--help` shows. The CLI
// (`--format`, its help and error), the presenter, the golden tests and update_golden.sh
// read it. Adding a format is one file with its Render function and one row.
#ifndef PLANVIEW_RENDERER_FORMATS_OUTPUT_FORMAT_H_
#define PLANVIEW_RENDERER_FORMATS_OUTPUT_FORMAT_H_

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "renderer/render_document.h"

namespace planview::renderer::formats {

struct FormatOptions;

// One row of the table.
struct OutputFormatRow {
  std::string_view name;         // what --format takes
  std::string_view golden_file;  // under testdata/formats/CASE/; "" when the format has none
  std::string_view alias;        // another name --format takes, or ""
  void (*render)(const PlanContext& plan, const FormatOptions& format, std::string& out);
  std::string_view help;         // for --help, after the name: "(a pull-request comment)"
  // How the format frames a state's or a log's text (those are rendered as usual), or
  // nullptr to leave it as it is.
  void (*frame_other)(std::string& text) = nullptr;
};

// A format: a row of the table. The default is text, `tofu show`'s own.
class OutputFormat {
 public:
  // Handles for code that singles out a format (output_format.cc checks each against its
  // row). A new format needs none: OutputFormatFromName finds it.
  static const OutputFormat kText, kMarkdown, kJson, kHtml;

  constexpr OutputFormat() = default;
  const OutputFormatRow& row() const;
  std::string_view name() const { return row().name; }
  constexpr uint8_t index() const { return index_; }
  friend constexpr bool operator==(OutputFormat a, OutputFormat b) { return a.index_ == b.index_; }

  // Every format, in table order (text first).
  static std::vector<OutputFormat> All();

 private:
  constexpr explicit OutputFormat(uint8_t index) : index_(index) {}
  uint8_t index_ = 0;
};

inline constexpr OutputFormat OutputFormat::kText{0};
inline constexpr OutputFormat OutputFormat::kMarkdown{1};
inline constexpr OutputFormat OutputFormat::kJson{2};
inline constexpr OutputFormat OutputFormat::kHtml{3};

// The format named `name` (or its alias), if any.
std::optional<OutputFormat> OutputFormatFromName(std::string_view name);

// "text, markdown, json, html or github", for messages.
std::string OutputFormatNames();
// "text (default), markdown (a pull-request comment), ... or github (...)", for --help.
std::string OutputFormatHelp();

}  // namespace planview::renderer::formats

#endif  // PLANVIEW_RENDERER_FORMATS_OUTPUT_FORMAT_H_
