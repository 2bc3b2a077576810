#include "renderer/log_renderer.h"

#include <charconv>
#include <cstdint>
#include <exception>
#include <optional>

#include <fmt/format.h>

#include "change/colorize.h"
#include "differ/differ.h"
#include "renderer/diagnostic.h"
#include "structured/change.h"
#include "structured/cty_type.h"
#include "structured/json_parse.h"

namespace planview::renderer {

namespace {

using structured::Value;

// Shape checks with Go's encoding/json rules: null is accepted everywhere (it leaves the
// zero value), anything else must have the field's type.
bool IsString(Value v) { return v.is_null() || v.is_string(); }
bool IsBool(Value v) { return v.is_null() || v.is_bool(); }
bool IsInt(Value v) {
  if (v.is_null()) return true;
  if (!v.is_number()) return false;
  std::string_view text = v.text();
  int64_t n = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), n);
  return ec == std::errc() && end == text.data() + text.size();
}
template <typename Check>
bool IsObjectOf(Value v, Check check) {
  return v.is_null() || (v.is_object() && check(v));
}
template <typename Check>
bool IsArrayOf(Value v, Check check) {
  if (v.is_null()) return true;
  if (!v.is_array()) return false;
  for (size_t i = 0; i < v.size(); ++i) {
    if (!check(v.at(i))) return false;
  }
  return true;
}
bool AllStrings(Value v, std::initializer_list<std::string_view> keys) {
  for (std::string_view k : keys) {
    if (!IsString(v.find(k))) return false;
  }
  return true;
}

bool IsPos(Value v) {
  return IsObjectOf(v, [](Value p) { return IsInt(p.find("line")) && IsInt(p.find("column")) && IsInt(p.find("byte")); });
}

bool IsRange(Value v) {
  return IsObjectOf(v, [](Value r) { return IsString(r.find("filename")) && IsPos(r.find("start")) && IsPos(r.find("end")); });
}

bool IsFunctionParam(Value v) {
  return IsObjectOf(v, [](Value p) { return AllStrings(p, {"name", "description", "description_kind"}); });
}

bool IsFunction(Value v) {
  return IsObjectOf(v, [](Value f) {
    return AllStrings(f, {"name", "description", "description_kind"}) && IsArrayOf(f.find("params"), IsFunctionParam) &&
           IsFunctionParam(f.find("variadic_param"));
  });
}

bool IsSnippet(Value v) {
  return IsObjectOf(v, [](Value s) {
    return IsString(s.find("context")) && IsString(s.find("code")) && IsInt(s.find("start_line")) &&
           IsInt(s.find("highlight_start_offset")) && IsInt(s.find("highlight_end_offset")) &&
           IsArrayOf(s.find("values"),
                     [](Value e) { return IsObjectOf(e, [](Value x) { return AllStrings(x, {"traversal", "statement"}); }); }) &&
           IsObjectOf(s.find("function_call"),
                      [](Value c) { return IsString(c.find("called_as")) && IsFunction(c.find("signature")); });
  });
}

bool IsPlanChange(Value v) {
  return IsObjectOf(v, [](Value c) {
    return IsArrayOf(c.find("actions"), IsString) && IsString(c.find("generated_config")) &&
           IsObjectOf(c.find("importing"), [](Value i) { return IsString(i.find("id")); });
  });
}

bool IsDiagnostic(Value v) {
  return IsObjectOf(v, [](Value d) {
    return AllStrings(d, {"severity", "summary", "detail", "address"}) && IsRange(d.find("range")) &&
           IsSnippet(d.find("snippet")) && IsPlanChange(d.find("difference"));
  });
}

bool IsOutput(Value v) {
  return IsObjectOf(v, [](Value o) { return IsBool(o.find("sensitive")) && AllStrings(o, {"deprecated", "action"}); });
}

void Println(std::string& out, std::string_view text) {
  out += text;
  out += '\n';
}

// Colourises `format` (which holds one \x01) and then puts `text` in place of it, the
// order upstream's Sprintf(Color(format), text) has.
std::string ColorAround(const change::Colorize& colorize, std::string_view format, std::string_view text) {
  std::string out = colorize.Color(format);
  size_t at = out.find('\x01');
  if (at != std::string::npos) out.replace(at, 1, text);
  return out;
}

void RenderOutputs(Value outputs, const Options& options, const change::Colorize& colorize, std::string& out,
                   Warnings& warnings) {
  if (outputs.empty()) return;
  Println(out, colorize.Color("[bold][green]Outputs:[reset]"));
  change::RenderOpts opts;
  opts.colorize = &colorize;
  opts.show_sensitive = options.show_sensitive;
  opts.show_unchanged_children = true;
  for (uint32_t i : outputs.SortedMemberIndices()) {
    structured::Member m = outputs.member(i);
    structured::Change change = structured::Change::FromStateOutput(m.value.find("value"), m.value.find("sensitive").as_bool());
    std::string error;
    std::optional<structured::Type> type = structured::ParseType(m.value.find("type"), error);
    out += m.key;
    out += " = ";
    try {
      if (type) {
        differ::ComputeDiffForType(change, *type).RenderHuman(0, opts, out);
      } else {
        warnings.Add(fmt::format("output {}: its type does not parse ({}); rendered from its value", m.key, error));
        differ::ComputeDiffForOutput(change).RenderHuman(0, opts, out);
      }
    } catch (const std::exception& e) {
      warnings.Add(fmt::format("output {}: cannot render this value ({})", m.key, e.what()));
    }
    out += '\n';
  }
}

}  // namespace

bool IsLogMessage(Value m) {
  if (m.is_null()) return true;
  if (!m.is_object()) return false;
  return IsString(m.find("@message")) && IsString(m.find("type")) && IsDiagnostic(m.find("diagnostic")) &&
         IsObjectOf(m.find("outputs"),
                    [](Value o) {
                      for (size_t i = 0; i < o.size(); ++i) {
                        if (!IsOutput(o.member(i).value)) return false;
                      }
                      return true;
                    }) &&
         IsObjectOf(m.find("hook"), [](Value) { return true; });
}

void RenderLogMessage(Value m, const Options& options, int diagnostic_width, std::string& out, Warnings& warnings) {
  change::Colorize colorize(options.color);
  std::string_view type = m.find("type").text();
  std::string_view message = m.find("@message").text();
  if (type == "refresh_complete" || type == "version" || type == "planned_change" || type == "provision_complete" ||
      type == "provision_errored" || type == "apply_errored") {
    return;
  }
  if (type == "apply_start" || type == "apply_complete" || type == "refresh_start" || type == "provision_start" ||
      type == "resource_drift") {
    Println(out, ColorAround(colorize, "[bold]\x01[reset]", message));
  } else if (type == "diagnostic") {
    RenderDiagnostic(m.find("diagnostic"), colorize, diagnostic_width, out);
  } else if (type == "outputs") {
    RenderOutputs(m.find("outputs"), options, colorize, out, warnings);
  } else if (type == "provision_progress") {
    Value hook = m.find("hook");
    Value provisioner = hook.find("provisioner");
    Value output = hook.find("output");
    Value addr = hook.find("resource").find("addr");
    if (!provisioner.is_string() || !output.is_string() || !addr.is_string()) {
      warnings.Add("a provision_progress message lacks hook.provisioner, hook.output or hook.resource.addr; printed "
                   "its @message");
      Println(out, message);
      return;
    }
    std::string line = colorize.Color("[bold]\x01: (\x02):[reset] \x03");
    std::string text;
    for (char c : line) {
      if (c == '\x01') {
        text += addr.text();
      } else if (c == '\x02') {
        text += provisioner.text();
      } else if (c == '\x03') {
        text += output.text();
      } else {
        text += c;
      }
    }
    Println(out, text);
  } else if (type == "change_summary") {
    Println(out, "\n" + ColorAround(colorize, "[bold][green]\x01[reset]", message) + "\n");
  } else {
    Println(out, message);
  }
}

LogResult RenderLog(std::string_view text, const Options& options, int diagnostic_width, std::string& out,
                    Warnings& warnings, size_t max_line_bytes) {
  LogResult result;
  size_t start = 0;
  while (start < text.size()) {
    size_t end = text.find('\n', start);
    bool last = end == std::string_view::npos;
    std::string_view line = text.substr(start, (last ? text.size() : end) - start);
    size_t line_offset = start;
    start = last ? text.size() : end + 1;
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    ++result.lines;

    if (line.size() > max_line_bytes) {
      if (result.malformed_lines++ == 0) {
        structured::ParseError error;
        error.message = fmt::format("log line longer than {} bytes", max_line_bytes);
        error.path = "$";
        error.offset = line_offset;
        error.limit = true;
        structured::LocateOffset(text, error);
        result.first_error = error;
      }
      continue;
    }
    size_t first = 0;
    while (first < line.size() && (line[first] == ' ' || line[first] == '\t')) ++first;
    structured::ParseResult parsed = structured::ParseJson(std::string(line));
    if (parsed.ok() && IsLogMessage(parsed.document->root())) {
      RenderLogMessage(parsed.document->root(), options, diagnostic_width, out, warnings);
      continue;
    }
    // Upstream prints anything that is not a log message as it is.
    Println(out, line);
    if (!parsed.ok() && first < line.size() && line[first] == '{') {
      if (result.malformed_lines++ == 0) {
        structured::ParseError error = *parsed.error;
        error.offset += line_offset;
        structured::LocateOffset(text, error);
        result.first_error = error;
      }
    }
  }
  return result;
}

}  // namespace planview::renderer
