#include "renderer/log_renderer.h"

#include <algorithm>
#include <cstdint>
#include <optional>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "change/colorize.h"
#include "differ/differ.h"
#include "renderer/color_format.h"
#include "renderer/diagnostic.h"
#include "renderer/json_fields.h"
#include "renderer/log_profile.h"
#include "renderer/resource_change.h"
#include "renderer/text_escape.h"
#include "renderer/word_wrap.h"
#include "structured/action.h"
#include "structured/change.h"
#include "structured/cty_type.h"
#include "structured/json_parse.h"
#include "structured/json_skip.h"
#include "structured/json_text.h"

namespace planview::renderer {

namespace {

using structured::Value;

void Println(std::string& out, std::string_view text) {
  out += text;
  out += '\n';
}

// A `plan -json` outputs message gives each output's planned action and no value or type.
bool HasActionsOnly(Value outputs) {
  for (size_t i = 0; i < outputs.size(); ++i) {
    Value o = outputs.member(i).value;
    if (!o.find("type").is_null() || !o.find("value").is_null() || o.find("action").text().empty()) return false;
  }
  return true;
}

// The planned action of an output as the views' change action names it.
std::optional<Action> OutputAction(std::string_view name) {
  if (name == "create") return Action::kCreate;
  if (name == "update") return Action::kUpdate;
  if (name == "delete") return Action::kDelete;
  if (name == "replace") return Action::kDeleteThenCreate;
  if (name == "read") return Action::kRead;
  if (name == "forget" || name == "remove") return Action::kForget;
  if (name == "noop") return Action::kNoOp;
  return std::nullopt;
}

// Planned output changes, marked as the plan renderer marks them, without a value (there
// is none yet). Outputs that do not change are left out, as the plan renderer does.
void RenderOutputActions(Value outputs, const change::Colorize& colorize, std::string& out) {
  std::string lines;
  for (uint32_t i : outputs.SortedMemberIndices()) {
    structured::Member m = outputs.member(i);
    std::string_view name = m.value.find("action").text();
    std::optional<Action> action = OutputAction(name);
    if (action == Action::kNoOp) continue;
    lines += action ? colorize.Color(DiffActionSymbol(*action)) : "  ?";
    lines += ' ';
    lines += EnsureValidAttributeName(m.key);
    if (!action) lines += fmt::format(" ({})", SingleLine(name));
    if (m.value.find("sensitive").as_bool()) lines += " (sensitive)";
    lines += '\n';
  }
  if (lines.empty()) return;
  out += "Changes to Outputs:\n";
  out += lines;
  out += '\n';
}

void RenderOutputValues(Value outputs, const Options& options, const change::Colorize& colorize, std::string& out,
                   Warnings& warnings) {
  if (outputs.empty()) return;
  Println(out, colorize.Color("[bold][green]Outputs:[reset]"));
  const change::Profile& profile = LogProfileOf(options.product).values();
  change::RenderOpts opts;
  opts.colorize = &colorize;
  opts.profile = &profile;
  opts.show_sensitive = options.show_sensitive;
  opts.show_unchanged_children = true;
  for (uint32_t i : outputs.SortedMemberIndices()) {
    structured::Member m = outputs.member(i);
    structured::Change change = structured::Change::FromStateOutput(m.value.find("value"), m.value.find("sensitive").as_bool());
    base::Expected<structured::Type> type = structured::ParseType(m.value.find("type"));
    out += m.key;
    out += " = ";
    if (!type) {
      warnings.Add(fmt::format("output {}: its type does not parse ({}); rendered from its value", m.key,
                               type.error().message));
    }
    base::Expected<change::Diff> diff =
        type ? differ::ComputeDiffForType(change, *type, profile) : differ::ComputeDiffForOutput(change, profile);
    if (diff) {
      diff->RenderHuman(0, opts, out);
    } else {
      warnings.Add(fmt::format("output {}: cannot render this value ({})", m.key, diff.error().message));
    }
    out += '\n';
  }
}

void RenderOutputs(Value outputs, const Options& options, const change::Colorize& colorize, std::string& out,
                   Warnings& warnings) {
  if (!outputs.empty() && HasActionsOnly(outputs)) {
    RenderOutputActions(outputs, colorize, out);
  } else {
    RenderOutputValues(outputs, options, colorize, out, warnings);
  }
}

// "NAME... pass" with the status coloured as upstream's test renderer colours it; empty for
// a status it does not know. `name_format` places the name (\x01).
std::string TestStatus(const change::Colorize& colorize, std::string_view name_format, std::string_view name,
                       std::string_view status) {
  std::string format(name_format);
  if (status == "error" || status == "fail") {
    format += "... [red]fail[reset]";
  } else if (status == "pass") {
    format += "... [green]pass[reset]";
  } else if (status == "skip" || status == "pending") {
    format += "... [light_gray]\x02[reset]";
  } else {
    return "";
  }
  return ColorFormat(colorize, format, {name, status});
}

void RenderTestFile(Value status, const change::Colorize& colorize, std::string& out) {
  std::string_view path = status.find("path").text();
  std::string_view progress = status.find("progress").text();
  std::string_view result = status.find("status").text();
  std::string line;
  if (progress == "starting") {
    line = ColorFormat(colorize, "\x01... [light_gray]in progress[reset]", {path});
  } else if (progress == "teardown") {
    line = ColorFormat(colorize, "\x01... [light_gray]tearing down[reset]", {path});
  } else if (progress == "complete") {
    line = TestStatus(colorize, "\x01", path, result);
  }
  // Any other progress ("running") prints an empty line, as upstream's does.
  Println(out, line);
}

void RenderTestRun(Value status, const change::Colorize& colorize, std::string& out) {
  // Only a finished run is reported.
  if (status.find("progress").text() != "complete") return;
  Println(out, TestStatus(colorize, "  \x01", status.find("run").text(), status.find("status").text()));
}

base::Expected<void> RenderTestSummary(Value summary, const change::Colorize& colorize, std::string& out) {
  FieldReader read;
  auto count = [&](std::string_view key) { return static_cast<uint64_t>(read.Int(summary, key, "$.test_summary")); };
  const uint64_t skipped = count("skipped");
  const uint64_t passed = count("passed");
  const uint64_t failed = count("failed");
  const uint64_t errored = count("errored");
  if (read.failed()) return read.error();
  out += '\n';
  std::string_view status = summary.find("status").text();
  if (status == "pending" || status == "skip") {
    out += "Executed 0 tests";
  } else {
    if (status == "pass") out += colorize.Color("[green]Success![reset] ");
    if (status == "fail" || status == "error") out += colorize.Color("[red]Failure![reset] ");
    // Go's int arithmetic wraps.
    out += fmt::format("{} passed, {} failed", static_cast<int64_t>(passed), static_cast<int64_t>(failed + errored));
  }
  out += static_cast<int64_t>(skipped) > 0 ? fmt::format(", {} skipped.\n", static_cast<int64_t>(skipped)) : ".\n";
  return {};
}

}  // namespace

bool IsLogMessage(Value m, Product product) { return LogProfileOf(product).fits(m); }

base::Expected<void> RenderLogMessage(Value m, const Options& options, int diagnostic_width, std::string& out,
                                      std::string& err, Warnings& warnings) {
  const LogProfile& profile = LogProfileOf(options.product);
  change::Colorize colorize(options.color);
  std::string_view type = m.find("type").text();
  std::string_view message = m.find("@message").text();
  // Upstream dereferences the type's own field without a check; without it, the message.
  auto field = [&](std::string_view key) {
    Value v = m.find(key);
    if (v.is_null()) {
      warnings.Add(fmt::format("a {} message lacks its {} field; printed its @message", type, key));
      Println(out, message);
    }
    return v;
  };
  switch (profile.TreatmentOf(type)) {
    case LogTreatment::kHidden:
      return {};
    case LogTreatment::kMessage:
      Println(out, message);
      return {};
    case LogTreatment::kBoldMessage:
      Println(out, ColorFormat(colorize, "[bold]\x01[reset]", {message}));
      return {};
    case LogTreatment::kChangeSummary:
      Println(out, "\n" + ColorFormat(colorize, "[bold][green]\x01[reset]", {message}) + "\n");
      return {};
    case LogTreatment::kDiagnostic:
      return RenderDiagnostic(m.find("diagnostic"), colorize, diagnostic_width, out, profile.diagnostic);
    case LogTreatment::kOutputs:
      RenderOutputs(m.find("outputs"), options, colorize, out, warnings);
      return {};
    case LogTreatment::kProvisionProgress: {
      Value hook = m.find("hook");
      Value provisioner = hook.find("provisioner");
      Value output = hook.find("output");
      Value addr = hook.find("resource").find("addr");
      if (!provisioner.is_string() || !output.is_string() || !addr.is_string()) {
        warnings.Add("a provision_progress message lacks hook.provisioner, hook.output or hook.resource.addr; "
                     "printed its @message");
        Println(out, message);
        return {};
      }
      Println(out, ColorFormat(colorize, "[bold]\x01: (\x02):[reset] \x03", {addr.text(), provisioner.text(), output.text()}));
      return {};
    }
    case LogTreatment::kTestFile:
      if (Value status = field("test_file"); !status.is_null()) RenderTestFile(status, colorize, out);
      return {};
    case LogTreatment::kTestRun:
      if (Value status = field("test_run"); !status.is_null()) RenderTestRun(status, colorize, out);
      return {};
    case LogTreatment::kTestSummary:
      if (Value summary = field("test_summary"); !summary.is_null()) return RenderTestSummary(summary, colorize, out);
      return {};
    case LogTreatment::kTestCleanup:
      // Upstream writes these lines on standard error, wrapped to its width.
      err += WordWrap(message, options.width);
      err += '\n';
      if (Value cleanup = m.find("test_cleanup"); !cleanup.is_null()) {
        Value failed = cleanup.find("failed_resources");
        for (size_t i = 0; i < failed.size(); ++i) {
          std::string_view instance = failed.at(i).find("instance").text();
          std::string_view deposed = failed.at(i).find("deposed_key").text();
          err += deposed.empty() ? fmt::format(" - {}\n", instance) : fmt::format(" - {} ({})\n", instance, deposed);
        }
      } else {
        warnings.Add("a test_cleanup message lacks its test_cleanup field");
      }
      return {};
  }
  return {};
}

LogLineRenderer::LogLineRenderer(const Options& options, int diagnostic_width, Warnings& warnings,
                                 size_t max_line_bytes)
    : options_(options), diagnostic_width_(diagnostic_width), warnings_(warnings), max_line_bytes_(max_line_bytes) {}

void LogLineRenderer::Malformed(structured::ParseError error, uint64_t line_offset, size_t column_offset) {
  if (result_.malformed_lines++ > 0) return;
  error.offset = line_offset + column_offset;
  error.line = result_.lines;
  error.column = column_offset + 1;
  result_.first_error = std::move(error);
}

void LogLineRenderer::TooLong(uint64_t line_offset) {
  structured::ParseError error;
  error.message = fmt::format("log line longer than {} bytes", max_line_bytes_);
  error.path = "$";
  error.limit = true;
  Malformed(std::move(error), line_offset, 0);
}

void LogLineRenderer::RenderTooLong(uint64_t length) {
  const uint64_t line_offset = offset_;
  offset_ += length + 1;
  ++result_.lines;
  TooLong(line_offset);
}

uint64_t LogLineRenderer::Count(std::string_view& line) {
  const uint64_t line_offset = offset_;
  offset_ += line.size() + 1;
  ++result_.lines;
  message_.reset();
  if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
  return line_offset;
}

Value LogLineRenderer::RenderParsed(Value value, const std::shared_ptr<const structured::Document>& document,
                                    std::string_view line, std::string& out, std::string& err) {
  if (!LogProfileOf(options_.product).fits(value)) {
    // Upstream prints anything that is not a log message as it is.
    Println(out, line);
    return Value();
  }
  message_ = document;
  base::Expected<void> rendered = RenderLogMessage(value, options_, diagnostic_width_, out, err, warnings_);
  // The message fits its shape, which rules this out; should it happen, it is said.
  if (!rendered) warnings_.Add(fmt::format("line {}: {}", result_.lines, rendered.error().message));
  return value;
}

Value LogLineRenderer::Render(std::string_view line, std::string& out, std::string& err) {
  const uint64_t line_offset = Count(line);
  if (line.size() > max_line_bytes_) {
    TooLong(line_offset);
    return Value();
  }
  // With room for the parser's padding, so the line is copied once.
  std::string text;
  text.reserve(line.size() + structured::kParsePadding);
  text.assign(line);
  structured::ParseResult parsed = structured::ParseJson(std::move(text));
  if (parsed.ok()) return RenderParsed(parsed.value()->root(), parsed.value(), line, out, err);
  // Upstream prints anything that is not a log message as it is.
  Println(out, line);
  size_t first = 0;
  while (first < line.size() && (line[first] == ' ' || line[first] == '\t')) ++first;
  if (first < line.size() && line[first] == '{') {
    Malformed(parsed.error(), line_offset, std::min(parsed.error().offset, line.size()));
  }
  return Value();
}

namespace {

// Fewer objects than this are parsed a line at a time; a joined text that does not parse
// is tried again in this many parts.
constexpr size_t kSmallestJoin = 16;
constexpr size_t kJoinParts = 8;

// The line as Render takes it (one trailing '\r' dropped).
std::string_view Stripped(std::string_view line) {
  if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
  return line;
}

}  // namespace

void LogLineRenderer::RenderLines(std::span<const LogLine> lines, std::string& out, std::string& err) {
  // A line on its own, as the one-thread loop takes it.
  auto alone = [&](const LogLine& line) {
    if (line.too_long) {
      RenderTooLong(line.length);
    } else {
      Render(line.text, out, err);
    }
  };
  // The lines that may each hold one object: their text from the '{' to the last byte
  // that is not white space, joined into one array: `[L1,L2,...]`.
  std::vector<std::pair<size_t, size_t>> spans(lines.size(), {0, 0});  // in the joined text; {0, 0}: not joined
  size_t objects = 0;
  size_t bytes = 2;
  for (size_t i = 0; i < lines.size(); ++i) {
    if (lines[i].too_long) continue;
    std::string_view line = Stripped(lines[i].text);
    if (line.size() > max_line_bytes_) continue;
    size_t first = 0;
    while (first < line.size() && structured::IsJsonSpace(line[first])) ++first;
    if (first == line.size() || line[first] != '{') continue;
    size_t last = line.size();
    while (structured::IsJsonSpace(line[last - 1])) --last;
    spans[i] = {first, last};  // within the line, for now
    ++objects;
    bytes += last - first + 1;
  }
  if (objects < kSmallestJoin) {
    for (const LogLine& line : lines) alone(line);
    return;
  }
  std::string text;
  text.reserve(bytes + structured::kParsePadding);
  text += '[';
  for (size_t i = 0; i < lines.size(); ++i) {
    auto& [begin, end] = spans[i];
    if (begin == end) continue;
    if (text.size() > 1) text += ',';
    const std::string_view object = Stripped(lines[i].text).substr(begin, end - begin);
    begin = text.size();
    end = begin + object.size();
    text += object;
  }
  text += ']';
  structured::ParseResult parsed = structured::ParseJson(std::move(text));
  // Each line is one element when the whole parses and each line's '{' closes at the
  // line's own end: in valid JSON, SkipContainer finds where the value that starts at a
  // bracket ends, so the first element is the first line, the next one starts after its
  // ',', and so on (a line that opens a string or a bracket that a later line closes, or
  // that holds two objects, fails this).
  bool joined = parsed.ok() && parsed.value()->root().size() == objects;
  if (joined) {
    const std::string_view source = parsed.value()->source();
    for (const auto& [begin, end] : spans) {
      if (begin != end && structured::internal::SkipContainer(source.data(), begin, source.size()) != end) {
        joined = false;
        break;
      }
    }
  }
  if (!joined) {
    // Some line does not hold one object: the parts that do are still parsed together.
    const size_t part = (lines.size() + kJoinParts - 1) / kJoinParts;
    for (size_t at = 0; at < lines.size(); at += part) RenderLines(lines.subspan(at, std::min(part, lines.size() - at)), out, err);
    return;
  }
  const Value root = parsed.value()->root();
  size_t element = 0;
  for (size_t i = 0; i < lines.size(); ++i) {
    if (spans[i].first == spans[i].second) {
      alone(lines[i]);
      continue;
    }
    std::string_view line = lines[i].text;
    Count(line);
    RenderParsed(root.at(element++), parsed.value(), line, out, err);
  }
  message_.reset();
}

void LogLineRenderer::StartAt(size_t lines, uint64_t offset) {
  result_.lines = lines;
  offset_ = offset;
}

void LogLineRenderer::Append(const LogLineRenderer& batch) {
  if (result_.malformed_lines == 0 && batch.result_.malformed_lines > 0) result_.first_error = batch.result_.first_error;
  result_.malformed_lines += batch.result_.malformed_lines;
  result_.lines = batch.result_.lines;
  offset_ = batch.offset_;
}

LogResult RenderLog(std::string_view text, const Options& options, int diagnostic_width, std::string& out,
                    Warnings& warnings, size_t max_line_bytes) {
  LogLineRenderer renderer(options, diagnostic_width, warnings, max_line_bytes);
  std::string err;
  size_t start = 0;
  while (start < text.size()) {
    size_t end = text.find('\n', start);
    bool last = end == std::string_view::npos;
    std::string_view line = text.substr(start, (last ? text.size() : end) - start);
    start = last ? text.size() : end + 1;
    renderer.Render(line, out, err);
  }
  LogResult result = renderer.result();
  result.err_output = std::move(err);
  return result;
}

}  // namespace planview::renderer
