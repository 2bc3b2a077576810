#include "renderer/diagnostic.h"

#include <algorithm>
#include <exception>
#include <vector>

#include <fmt/format.h>

#include "change/go_text.h"
#include "differ/differ.h"
#include "renderer/json_fields.h"
#include "renderer/text_escape.h"
#include "renderer/word_wrap.h"
#include "structured/change.h"

namespace planview::renderer {

namespace {

// The longest line (with its newline) Go's bufio.Scanner accepts by default.
constexpr size_t kMaxScanToken = 64 * 1024;

void AppendDifference(structured::Value difference, const change::Colorize& colorize, std::string& buf) {
  if (difference.is_null()) return;
  structured::Change change = structured::Change::FromPlanChange(difference, structured::PathMatcher::Always());
  std::string out = "    ";
  try {
    change::RenderOpts opts;
    opts.colorize = &colorize;
    differ::ComputeDiffForOutput(change).RenderHuman(0, opts, out);
  } catch (const std::exception& e) {
    out += fmt::format("(cannot render the difference: {})", e.what());
  }
  buf += colorize.Color("    [dark_gray]\u251c\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500"
                        "\u2500\u2500\u2500\u2500[reset]\n");
  buf += colorize.Color("    [dark_gray]\u2502[reset] [bold]Diff: [reset]");
  const std::string line_prefix = colorize.Color("\n    [dark_gray]\u2502[reset] ");
  size_t start = 0;
  while (true) {
    size_t end = out.find('\n', start);
    buf += line_prefix;
    buf.append(out, start, end == std::string::npos ? std::string::npos : end - start);
    if (end == std::string::npos) break;
    start = end + 1;
  }
  buf += '\n';
}

void AppendSnippet(structured::Value diag, const change::Colorize& colorize, std::string& buf) {
  std::string_view address = StringField(diag, "address", "$.diagnostic");
  if (!address.empty()) buf += fmt::format("  with {},\n", address);
  structured::Value range = diag.find("range");
  if (range.is_null()) return;
  std::string_view filename = StringField(range, "filename", "$.diagnostic.range");
  int64_t start_line = IntField(ObjectField(range, "start", "$.diagnostic.range"), "line", "$.diagnostic.range.start");
  structured::Value snippet = diag.find("snippet");
  if (snippet.is_null()) {
    buf += fmt::format("  on {} line {}:\n  (source code not available)\n", ReplaceControlChars(filename),
                       start_line);
  } else {
    std::string_view code = StringField(snippet, "code", "$.diagnostic.snippet");
    std::string context;
    structured::Value ctx = snippet.find("context");
    if (!ctx.is_null()) context = fmt::format(", in {}", ctx.text());
    buf += fmt::format("  on {} line {}{}:\n", ReplaceControlChars(filename), start_line, context);

    int64_t size = static_cast<int64_t>(code.size());
    int64_t start = IntField(snippet, "highlight_start_offset", "$.diagnostic.snippet");
    int64_t end = IntField(snippet, "highlight_end_offset", "$.diagnostic.snippet");
    if (end < start) end = std::min(start + 1, size);
    start = std::clamp<int64_t>(start, 0, size);
    end = std::clamp<int64_t>(end, 0, size);
    if (end < start) end = start;  // a start past the end of the code
    std::string highlighted = colorize.Color("\x01[underline]\x02[reset]\x03");
    std::string code_text;
    for (char c : highlighted) {
      if (c == '\x01') {
        code_text += ReplaceControlChars(code.substr(0, start));
      } else if (c == '\x02') {
        code_text += ReplaceControlChars(code.substr(start, end - start));
      } else if (c == '\x03') {
        code_text += ReplaceControlChars(code.substr(end));
      } else {
        code_text += c;
      }
    }
    int64_t first_line = IntField(snippet, "start_line", "$.diagnostic.snippet");
    size_t line_start = 0;
    for (int64_t i = 0;; ++i) {
      size_t line_end = code_text.find('\n', line_start);
      std::string_view line = std::string_view(code_text).substr(
          line_start, line_end == std::string::npos ? std::string::npos : line_end - line_start);
      buf += fmt::format("{:4d}: {}\n", first_line + i, line);
      if (line_end == std::string::npos) break;
      line_start = line_end + 1;
    }

    structured::Value values = snippet.find("values");
    structured::Value call = snippet.find("function_call");
    structured::Value signature = call.find("signature");
    if (!values.empty() || !signature.is_null()) {
      std::vector<structured::Value> sorted;
      for (size_t i = 0; i < values.size(); ++i) sorted.push_back(values.at(i));
      std::stable_sort(sorted.begin(), sorted.end(), [](structured::Value a, structured::Value b) {
        return a.find("traversal").text() < b.find("traversal").text();
      });
      buf += colorize.Color("    [dark_gray]\u251c\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500"
                            "\u2500\u2500\u2500\u2500\u2500[reset]\n");
      if (!signature.is_null()) {
        std::string prefix = colorize.Color("    [dark_gray]\u2502[reset] while calling [bold]\x01[reset](");
        size_t at = prefix.find('\x01');
        prefix.replace(at, 1, call.find("called_as").text());
        buf += prefix;
        structured::Value params = signature.find("params");
        for (size_t i = 0; i < params.size(); ++i) {
          if (i > 0) buf += ", ";
          buf += params.at(i).find("name").text();
        }
        structured::Value variadic = signature.find("variadic_param");
        if (!variadic.is_null()) {
          if (!params.empty()) buf += ", ";
          buf += variadic.find("name").text();
          buf += "...";
        }
        buf += ")\n";
      }
      const std::string value_line = colorize.Color("    [dark_gray]\u2502[reset] [bold]\x01[reset] \x02\n");
      for (structured::Value v : sorted) {
        for (char c : value_line) {
          if (c == '\x01') {
            buf += v.find("traversal").text();
          } else if (c == '\x02') {
            buf += v.find("statement").text();
          } else {
            buf += c;
          }
        }
      }
    }
    AppendDifference(diag.find("difference"), colorize, buf);
  }
  buf += '\n';
}

}  // namespace

void RenderDiagnostic(structured::Value diag, const change::Colorize& colorize, int width, std::string& out) {
  if (diag.is_null()) return;
  std::string buf;
  std::string rule_line;
  std::string rule_start;
  std::string rule_end;
  int rule_width = 0;
  std::string_view severity = StringField(diag, "severity", "$.diagnostic");
  if (severity == "error") {
    buf += colorize.Color("[bold][red]Error: [reset]");
    rule_line = colorize.Color("[red]\u2502[reset] ");
    rule_start = colorize.Color("[red]\u2577[reset]");
    rule_end = colorize.Color("[red]\u2575[reset]");
    rule_width = 2;
  } else if (severity == "warning") {
    buf += colorize.Color("[bold][yellow]Warning: [reset]");
    rule_line = colorize.Color("[yellow]\u2502[reset] ");
    rule_start = colorize.Color("[yellow]\u2577[reset]");
    rule_end = colorize.Color("[yellow]\u2575[reset]");
    rule_width = 2;
  } else {
    buf += colorize.Color("\n[reset]");
  }

  std::string summary = colorize.Color("[bold]\x01[reset]\n\n");
  summary.replace(summary.find('\x01'), 1, ReplaceControlChars(StringField(diag, "summary", "$.diagnostic")));
  buf += summary;

  AppendSnippet(diag, colorize, buf);

  std::string_view detail = StringField(diag, "detail", "$.diagnostic");
  if (!detail.empty()) {
    int para_width = width - rule_width - 1;
    if (para_width > 0) {
      std::string text = ReplaceControlChars(detail);
      size_t start = 0;
      while (true) {
        size_t end = text.find('\n', start);
        std::string_view line =
            std::string_view(text).substr(start, end == std::string::npos ? std::string::npos : end - start);
        if (!line.empty() && line[0] == ' ') {
          buf += line;
        } else {
          buf += WrapString(line, static_cast<size_t>(para_width));
        }
        buf += '\n';
        if (end == std::string::npos) break;
        start = end + 1;
      }
    } else {
      buf += detail;
      buf += '\n';
    }
  }

  // Frame every line with the left rule, reading lines as Go's bufio.Scanner does (a
  // trailing \r is dropped; scanning stops at a line longer than its buffer).
  const std::string_view trimmed_rule = change::GoTrimSpace(rule_line);
  out += rule_start;
  out += '\n';
  size_t start = 0;
  while (start < buf.size()) {
    size_t end = buf.find('\n', start);
    bool last = end == std::string::npos;
    size_t length = (last ? buf.size() : end) - start;
    if (length + (last ? 0 : 1) > kMaxScanToken) break;
    std::string_view line = std::string_view(buf).substr(start, length);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    out += line.empty() ? trimmed_rule : rule_line;
    out += line;
    out += '\n';
    if (last) break;
    start = end + 1;
  }
  out += rule_end;
  out += '\n';
}

}  // namespace planview::renderer
