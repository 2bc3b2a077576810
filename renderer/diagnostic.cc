#include "renderer/diagnostic.h"

#include <algorithm>
#include <initializer_list>
#include <optional>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "structured/go_text.h"
#include "differ/differ.h"
#include "renderer/color_format.h"
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
  change::RenderOpts opts;
  opts.colorize = &colorize;
  if (base::Expected<change::Diff> diff = differ::ComputeDiffForOutput(change)) {
    diff->RenderHuman(0, opts, out);
  } else {
    out += fmt::format("(cannot render the difference: {})", diff.error().message);
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

constexpr std::string_view kValueRule =
    "    [dark_gray]\u251c\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500"
    "\u2500[reset]\n";
constexpr std::string_view kIndentedLine = "    [dark_gray]\u2502[reset]   \x01\n";

// The snippet part of a diagnostic (upstream's snippet formatter), appended to `buf`.
class SnippetWriter {
 public:
  SnippetWriter(const change::Colorize& colorize, const DiagnosticStyle& style, FieldReader& read, std::string& buf)
      : colorize_(colorize), style_(style), read_(read), buf_(buf) {}

  void Write(structured::Value diag) {
    std::string_view prefix = "  on";
    structured::Value policy_range = style_.policy_snippet ? diag.find("policy_range") : structured::Value();
    if (!policy_range.is_null()) {
      // The policy that was violated comes first, then the configuration it was evaluated for.
      prefix = "  while evaluating policy for";
      Code("  on", policy_range, "$.diagnostic.policy_range", diag.find("policy_snippet"),
           "$.diagnostic.policy_snippet");
      buf_ += '\n';
    }
    std::string_view address = read_.String(diag, "address", "$.diagnostic");
    if (!address.empty()) buf_ += fmt::format("  with {},\n", address);
    structured::Value range = diag.find("range");
    if (range.is_null()) return;
    structured::Value snippet = diag.find("snippet");
    Code(prefix, range, "$.diagnostic.range", snippet, "$.diagnostic.snippet");
    if (!snippet.is_null()) {
      if (style_.difference) AppendDifference(diag.find("difference"), colorize_, buf_);
      std::string_view origin =
          style_.deprecation_origin ? read_.String(diag, "deprecation_origin_description", "$.diagnostic") : "";
      if (!origin.empty()) buf_ += fmt::format("\n  The deprecation originates from {}\n", origin);
    }
    buf_ += '\n';
  }

 private:
  std::string Quote(std::string_view text) const {
    return style_.escape_control_characters ? ReplaceControlChars(text) : std::string(text);
  }

  // "  on FILE line N, in CONTEXT:" and the numbered code lines with the subject underlined,
  // then the values, function call and test assertion; or "(source code not available)".
  void Code(std::string_view prefix, structured::Value range, const std::string& range_path,
            structured::Value snippet, const std::string& snippet_path) {
    std::string filename = Quote(read_.String(range, "filename", range_path));
    int64_t start_line = read_.Int(read_.Object(range, "start", range_path), "line", range_path + ".start");
    if (snippet.is_null()) {
      buf_ += fmt::format("{} {} line {}:\n  (source code not available)\n", prefix, filename, start_line);
      return;
    }
    std::string_view code = read_.String(snippet, "code", snippet_path);
    std::string context;
    structured::Value ctx = snippet.find("context");
    if (!ctx.is_null()) context = fmt::format(", in {}", ctx.text());
    buf_ += fmt::format("{} {} line {}{}:\n", prefix, filename, start_line, context);

    int64_t size = static_cast<int64_t>(code.size());
    int64_t start = read_.Int(snippet, "highlight_start_offset", snippet_path);
    int64_t end = read_.Int(snippet, "highlight_end_offset", snippet_path);
    if (end < start) end = std::min(start + 1, size);
    start = std::clamp<int64_t>(start, 0, size);
    end = std::clamp<int64_t>(end, 0, size);
    if (end < start) end = start;  // a start past the end of the code
    std::string code_text = ColorFormat(colorize_, "\x01[underline]\x02[reset]\x03",
                                 {Quote(code.substr(0, start)), Quote(code.substr(start, end - start)),
                                  Quote(code.substr(end))});
    int64_t first_line = read_.Int(snippet, "start_line", snippet_path);
    size_t line_start = 0;
    for (int64_t i = 0;; ++i) {
      size_t line_end = code_text.find('\n', line_start);
      std::string_view line = std::string_view(code_text).substr(
          line_start, line_end == std::string::npos ? std::string::npos : line_end - line_start);
      buf_ += fmt::format("{:4d}: {}\n", first_line + i, line);
      if (line_end == std::string::npos) break;
      line_start = line_end + 1;
    }

    structured::Value values = snippet.find("values");
    structured::Value call = snippet.find("function_call");
    structured::Value signature = call.find("signature");
    structured::Value assertion = style_.test_assertion ? snippet.find("test_assertion_expr") : structured::Value();
    if (values.empty() && signature.is_null() && assertion.is_null()) return;
    std::vector<structured::Value> sorted;
    for (size_t i = 0; i < values.size(); ++i) sorted.push_back(values.at(i));
    std::stable_sort(sorted.begin(), sorted.end(), [](structured::Value a, structured::Value b) {
      return a.find("traversal").text() < b.find("traversal").text();
    });
    buf_ += colorize_.Color(kValueRule);
    if (!signature.is_null()) {
      buf_ += ColorFormat(colorize_, "    [dark_gray]\u2502[reset] while calling [bold]\x01[reset](", {call.find("called_as").text()});
      structured::Value params = signature.find("params");
      for (size_t i = 0; i < params.size(); ++i) {
        if (i > 0) buf_ += ", ";
        buf_ += params.at(i).find("name").text();
      }
      structured::Value variadic = signature.find("variadic_param");
      if (!variadic.is_null()) {
        if (!params.empty()) buf_ += ", ";
        buf_ += variadic.find("name").text();
        buf_ += "...";
      }
      buf_ += ")\n";
    }
    // A test assertion's values are shown only when its run asked for verbose output.
    if (!assertion.is_null()) TestAssertion(assertion);
    if (!assertion.is_null() && !assertion.find("show_verbose").as_bool()) return;
    for (structured::Value v : sorted) {
      std::string_view statement = v.find("statement").text();
      size_t newline = style_.indent_multiline_values ? statement.find('\n') : std::string_view::npos;
      buf_ += ColorFormat(colorize_, "    [dark_gray]\u2502[reset] [bold]\x01[reset] \x02\n",
                   {v.find("traversal").text(), statement.substr(0, newline)});
      while (newline != std::string_view::npos) {
        size_t next = statement.find('\n', newline + 1);
        buf_ += ColorFormat(colorize_, kIndentedLine,
                     {statement.substr(newline + 1, next == std::string_view::npos ? next : next - newline - 1)});
        newline = next;
      }
    }
  }

  // Terraform's failed `terraform test` assertion: both sides when verbose, the warning,
  // and a line diff of the two sides.
  void TestAssertion(structured::Value expr) {
    std::string_view lhs = expr.find("lhs").text();
    std::string_view rhs = expr.find("rhs").text();
    if (expr.find("show_verbose").as_bool()) {
      for (auto [label, side] : {std::pair{"LHS", lhs}, std::pair{"RHS", rhs}}) {
        buf_ += ColorFormat(colorize_, "    [dark_gray]\u2502[reset] [bold]\x01[reset]:\n", {label});
        ForEachLine(side, [&](std::string_view line) { buf_ += ColorFormat(colorize_, kIndentedLine, {line}); });
      }
    }
    std::string_view warning = expr.find("warning").text();
    if (!warning.empty()) {
      buf_ += ColorFormat(colorize_, "    [dark_gray]\u2502[reset] [bold]Warning[reset]: \x01\n", {warning});
    }
    LineDiff(lhs, rhs);
    buf_ += '\n';
  }

  // Lines that differ are collected per side and printed (removed, then added) before the
  // next line both sides share. The line text goes through the colouriser with its frame.
  void LineDiff(std::string_view lhs, std::string_view rhs) {
    if (lhs == rhs) return;
    buf_ += colorize_.Color("    [dark_gray]\u2502[reset] [bold]Diff[reset]:\n");
    buf_ += colorize_.Color("    [dark_gray]\u2502[reset] [red][bold]--- actual[reset]\n");
    buf_ += colorize_.Color("    [dark_gray]\u2502[reset] [green][bold]+++ expected[reset]\n");
    auto print = [&](std::string_view colour, std::string_view prefix, std::string_view line) {
      buf_ += colorize_.Color(fmt::format("    [dark_gray]\u2502[reset] {}{}[reset] {}\n", colour, prefix, line));
    };
    std::vector<std::string_view> removed;
    std::vector<std::string_view> added;
    auto flush = [&] {
      for (std::string_view line : removed) print("[red]", "-", line);
      for (std::string_view line : added) print("[green]", "+", line);
      removed.clear();
      added.clear();
    };
    LineReader left(lhs);
    LineReader right(rhs);
    while (true) {
      std::optional<std::string_view> l = left.Next();
      std::optional<std::string_view> r = right.Next();
      if (!l && !r) break;
      if (!l) {
        added.push_back(*r);
      } else if (!r) {
        removed.push_back(*l);
      } else if (*l == *r) {
        flush();
        print("", " ", *l);
      } else {
        removed.push_back(*l);
        added.push_back(*r);
      }
    }
    flush();
  }

  // Go's strings.Split(text, "\n") one piece at a time.
  class LineReader {
   public:
    explicit LineReader(std::string_view text) : text_(text) {}
    std::optional<std::string_view> Next() {
      if (done_) return std::nullopt;
      size_t end = text_.find('\n', at_);
      if (end == std::string_view::npos) {
        done_ = true;
        return text_.substr(at_);
      }
      std::string_view line = text_.substr(at_, end - at_);
      at_ = end + 1;
      return line;
    }

   private:
    std::string_view text_;
    size_t at_ = 0;
    bool done_ = false;
  };

  template <typename F>
  static void ForEachLine(std::string_view text, F f) {
    LineReader reader(text);
    while (std::optional<std::string_view> line = reader.Next()) f(*line);
  }

  const change::Colorize& colorize_;
  const DiagnosticStyle& style_;
  FieldReader& read_;
  std::string& buf_;
};

}  // namespace

base::Expected<void> RenderDiagnostic(structured::Value diag, const change::Colorize& colorize, int width,
                                      std::string& out, const DiagnosticStyle& style) {
  if (diag.is_null()) return {};
  FieldReader read;
  std::string buf;
  std::string rule_line;
  std::string rule_start;
  std::string rule_end;
  int rule_width = 0;
  std::string_view severity = read.String(diag, "severity", "$.diagnostic");
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

  std::string_view summary = read.String(diag, "summary", "$.diagnostic");
  buf += ColorFormat(colorize, "[bold]\x01[reset]\n\n",
              {style.escape_control_characters ? ReplaceControlChars(summary) : std::string(summary)});

  SnippetWriter(colorize, style, read, buf).Write(diag);

  std::string_view detail = read.String(diag, "detail", "$.diagnostic");
  if (!detail.empty()) {
    int para_width = width - rule_width - 1;
    if (para_width > 0) {
      std::string text = style.escape_control_characters ? ReplaceControlChars(detail) : std::string(detail);
      size_t start = 0;
      while (true) {
        size_t end = text.find('\n', start);
        std::string_view line =
            std::string_view(text).substr(start, end == std::string::npos ? std::string::npos : end - start);
        if (!line.empty() && line[0] == ' ') {
          buf += line;
        } else if (style.colour_codes_in_detail) {
          buf += WrapString(colorize.Color(line), static_cast<size_t>(para_width));
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

  if (read.failed()) return read.error();

  // Frame every line with the left rule, reading lines as Go's bufio.Scanner does (a
  // trailing \r is dropped; scanning stops at a line longer than its buffer).
  const std::string_view trimmed_rule = structured::GoTrimSpace(rule_line);
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
  return {};
}

}  // namespace planview::renderer
