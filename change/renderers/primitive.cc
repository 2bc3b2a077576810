// Primitives: numbers by their exact text, bools, null, and strings. Strings are quoted as
// Go's %q does; strings with newlines render as `<<-EOT` heredocs diffed line by line, and
// strings holding JSON as `jsonencode(...)` with a structural diff of the JSON.
#include <functional>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "change/diff_dump.h"
#include "change/diff_visitor.h"
#include "structured/go_text.h"
#include "change/json_diff.h"
#include "change/process_slice.h"
#include "change/renderers/render_util.h"
#include "change/renderers/renderers.h"
#include "structured/change.h"
#include "structured/path_matcher.h"

namespace planview::change::renderers {
namespace {

using namespace internal;  // NOLINT
using structured::Value;

// A string side, classified the way upstream's evaluatePrimitiveString does.
struct EvaluatedString {
  std::string_view text;  // the string (trimmed when multi-line), or the coloured "null"
  std::shared_ptr<const structured::Document> json;  // set when the string holds JSON
  bool is_multiline = false;
  bool is_null = false;
  std::string owned;  // backing for `text` when the value was not a JSON string
};

// The text of a value typed string. Other JSON kinds only come from malformed input
// (upstream would panic); they are shown as their JSON text.
void StringOf(const Value& value, EvaluatedString& e) {
  if (value.is_string() || value.is_number()) {
    e.text = value.text();
    return;
  }
  dump::AppendJsonValue(e.owned, value);
  e.text = e.owned;
}

void Evaluate(const Value& value, const RenderOpts& opts, EvaluatedString& e) {
  if (value.is_null()) {
    e.text = Text(Fragment::kNull, opts);
    e.is_null = true;
    return;
  }
  StringOf(value, e);
  if (!e.text.empty() && (e.text[0] == '{' || e.text[0] == '[')) {
    e.json = ParseJsonString(e.text, opts.profile->json_strings_whole);
    if (e.json != nullptr) return;
  }
  if (e.text.find('\n') != std::string_view::npos) {
    e.text = structured::GoTrimSpace(e.text);
    e.is_multiline = true;
  }
}

void AppendSimple(std::string& out, const EvaluatedString& e) {
  if (e.is_null) {
    out.append(e.text);
  } else {
    structured::AppendGoQuoted(out, e.text);
  }
}

void AppendPrimitiveValue(std::string& out, const Value& value, const structured::Type& type,
                          const RenderOpts& opts) {
  if (value.is_null()) {
    out.append(Text(Fragment::kNull, opts));
    return;
  }
  if (type.kind() == structured::Type::Kind::kBool && value.is_bool()) {
    out.append(value.as_bool() ? "true" : "false");
  } else if (type.kind() == structured::Type::Kind::kNumber && value.is_number()) {
    out.append(value.text());
  } else {
    // A value that does not fit its type (upstream would panic): its JSON text.
    dump::AppendJsonValue(out, value);
  }
}

std::vector<std::string_view> SplitLines(std::string_view text) {
  std::vector<std::string_view> lines;
  size_t start = 0;
  while (true) {
    size_t nl = text.find('\n', start);
    if (nl == std::string_view::npos) {
      lines.push_back(text.substr(start));
      return lines;
    }
    lines.push_back(text.substr(start, nl - start));
    start = nl + 1;
  }
}

void AppendLine(std::string& out, int indent, Action action, std::string_view line, const RenderOpts& opts) {
  AppendLineStart(out, indent, action, opts);
  out.append(line);
  out.push_back('\n');
}

// `value` (a string's JSON) rendered as the tree DiffJson makes of it against itself
// renders: every node unchanged, each shown whole. Only for options that show unchanged
// children and record no outline. Defined after PrimitiveRenderer.
void AppendUnchangedJson(const Value& value, int indent, const RenderOpts& opts, std::string& out);

class PrimitiveRenderer final : public Renderer {
 public:
  PrimitiveRenderer(Value before, Value after, structured::Type type)
      : before_(before), after_(after), type_(std::move(type)) {}

  RendererKind kind() const override { return RendererKind::kPrimitive; }

  void RenderHuman(const Diff& diff, int indent, const RenderOpts& opts, std::string& out) const override {
    if (type_.kind() == structured::Type::Kind::kString) {
      RenderString(diff, indent, opts, out);
      return;
    }
    switch (diff.action()) {
      case Action::kCreate:
        AppendPrimitiveValue(out, after_, type_, opts);
        break;
      case Action::kDelete:
        AppendPrimitiveValue(out, before_, type_, opts);
        AppendNullSuffix(out, diff.action(), opts);
        break;
      case Action::kNoOp:
        AppendPrimitiveValue(out, before_, type_, opts);
        break;
      default:
        AppendPrimitiveValue(out, before_, type_, opts);
        out.push_back(' ');
        out.append(Text(Fragment::kArrow, opts));
        out.push_back(' ');
        AppendPrimitiveValue(out, after_, type_, opts);
    }
    AppendForcesReplacement(out, diff.replace(), opts);
  }

  void Accept(const Diff& diff, DiffVisitor& visitor) const override {
    visitor.Primitive(diff, PrimitiveNode{before_, after_, type_});
  }

 private:
  void RenderString(const Diff& diff, int indent, const RenderOpts& opts, std::string& out) const {
    const Action action = diff.action();
    if (action == Action::kCreate || action == Action::kNoOp || action == Action::kDelete) {
      // One side shown whole: the after value, or the before value of a delete.
      RenderWhole(action == Action::kDelete ? before_ : after_, action, diff.replace(), indent, opts, out);
      return;
    }

    EvaluatedString before;
    EvaluatedString after;
    Evaluate(before_, opts, before);
    Evaluate(after_, opts, after);
    if (before.json != nullptr && after.json != nullptr) {
      RenderJson(action, diff.replace(), indent, opts, &before, &after, out);
      return;
    }
    if (before.json != nullptr || after.json != nullptr) {
      // JSON on one side only: show it as a change of type, each side rendered whole.
      Diff change(TypeChange(Diff(Primitive(before_, Value(), type_), Action::kDelete, false),
                             Diff(Primitive(Value(), after_, type_), Action::kCreate, false)),
                  action, diff.replace());
      change.RenderHuman(indent, opts, out);
      return;
    }
    if (!before.is_multiline && !after.is_multiline) {
      AppendSimple(out, before);
      out.push_back(' ');
      out.append(Text(Fragment::kArrow, opts));
      out.push_back(' ');
      AppendSimple(out, after);
      AppendForcesReplacement(out, diff.replace(), opts);
      return;
    }
    OpenHeredoc(diff.replace(), opts, out);
    std::vector<std::string_view> before_lines = SplitLines(before.text);
    std::vector<std::string_view> after_lines = SplitLines(after.text);
    ElementIds ids = ClassifyElements(
        std::span<const std::string_view>(before_lines), std::span<const std::string_view>(after_lines),
        std::hash<std::string_view>(), std::equal_to<std::string_view>());
    ProcessSlice(
        ids, *opts.profile, [](size_t, size_t) { return false; },
        [&](size_t b, size_t a) {
          if (b >= before_lines.size()) {
            AppendLine(out, indent + 1, Action::kCreate, after_lines[a], opts);
          } else if (a >= after_lines.size()) {
            AppendLine(out, indent + 1, Action::kDelete, before_lines[b], opts);
          } else if (before_lines[b] != after_lines[a]) {
            // Paired by index (Terraform's profile) but different: the old line, the new one.
            AppendLine(out, indent + 1, Action::kDelete, before_lines[b], opts);
            AppendLine(out, indent + 1, Action::kCreate, after_lines[a], opts);
          } else {
            AppendLine(out, indent + 1, Action::kNoOp, before_lines[b], opts);
          }
        });
    CloseHeredoc(action, indent, opts, out);
  }

 public:
  // A string side shown whole (a create's after value, a delete's before value, an
  // unchanged value): JSON as `jsonencode(...)`, multi-line text as a heredoc.
  static void RenderWhole(const Value& value, Action action, bool replace, int indent, const RenderOpts& opts,
                          std::string& out) {
    EvaluatedString str;
    Evaluate(value, opts, str);
    if (str.json != nullptr) {
      RenderJson(action, replace, indent, opts, action == Action::kCreate ? nullptr : &str,
                 action == Action::kDelete ? nullptr : &str, out);
      return;
    }
    if (!str.is_multiline) {
      AppendSimple(out, str);
      if (!str.is_null) AppendNullSuffix(out, action, opts);  // no "-> null" after a null
      AppendForcesReplacement(out, replace, opts);
      return;
    }
    OpenHeredoc(replace, opts, out);
    for (std::string_view line : SplitLines(str.text)) AppendLine(out, indent + 1, Action::kNoOp, line, opts);
    CloseHeredoc(action, indent, opts, out);
  }

 private:
  static void OpenHeredoc(bool replace, const RenderOpts& opts, std::string& out) {
    out.append("<<-EOT");
    AppendForcesReplacement(out, replace, opts);
    out.push_back('\n');
  }

  static void CloseHeredoc(Action action, int indent, const RenderOpts& opts, std::string& out) {
    AppendLineStart(out, indent, Action::kNoOp, opts);
    out.append("EOT");
    AppendNullSuffix(out, action, opts);
  }

  // `jsonencode(...)` around a structural diff of the JSON on each side (either may be
  // missing for a create or delete) of a string diff with `diff_action` and `replace`.
  static void RenderJson(Action diff_action, bool replace, int indent, const RenderOpts& opts,
                         const EvaluatedString* before, const EvaluatedString* after, std::string& out) {
    Action action = diff_action;
    RenderOpts json_opts = opts.Clone();
    json_opts.override_null_suffix = true;
    std::string_view whitespace;
    bool show_replace = true;
    std::string rendered;
    Outline json_outline;  // its nodes, shifted to where `rendered` lands
    if (diff_action == Action::kNoOp && before == after && json_opts.show_unchanged_children &&
        opts.outline == nullptr) {
      // One value against itself, every node shown: rendered straight from the value, as
      // the diff tree DiffJson would build of it renders (AppendUnchangedJson).
      AppendUnchangedJson(before->json->root(), indent + 1, json_opts, rendered);
    } else {
      structured::Change change;
      if (before != nullptr) change.before = before->json->root();
      if (after != nullptr) change.after = after->json->root();
      change.before_explicit = diff_action != Action::kCreate;
      change.after_explicit = diff_action != Action::kDelete;
      change.unknown = structured::FalseValue();
      change.before_sensitive = structured::FalseValue();
      change.after_sensitive = structured::FalseValue();
      change.replace_paths = structured::PathMatcher::Empty(false);
      change.relevant_attributes = structured::PathMatcher::Always();
      Diff json_diff = DiffJson(change, *opts.profile);
      if (json_diff.action() == Action::kNoOp && diff_action == Action::kUpdate) {
        // Only whitespace differs: the JSON diff alone would show nothing, so say so.
        whitespace = replace ? " # whitespace changes force replacement" : " # whitespace changes";
        json_opts.show_unchanged_children = true;
        action = Action::kNoOp;
        show_replace = false;
      }
      if (opts.outline != nullptr) json_opts.outline = &json_outline;
      json_diff.RenderHuman(indent + 1, json_opts, rendered);
    }
    // Creates and deletes show no symbol on the JSON; updates keep their '~'.
    if (diff_action == Action::kCreate || diff_action == Action::kDelete) action = Action::kNoOp;

    out.append("jsonencode(");
    if (rendered.find('\n') != std::string::npos) {
      out.append(whitespace);
      out.push_back('\n');
      AppendLineStart(out, indent + 1, action, opts);
      if (opts.outline != nullptr) opts.outline->AppendShifted(json_outline, out.size());
      out.append(rendered);
      if (show_replace) AppendForcesReplacement(out, replace, opts);
      out.push_back('\n');
      AppendClosing(out, indent, ')', opts);
      AppendNullSuffix(out, diff_action, opts);
      return;
    }
    if (opts.outline != nullptr) opts.outline->AppendShifted(json_outline, out.size());
    out.append(rendered);
    out.push_back(')');
    out.append(whitespace);
    if (show_replace) AppendForcesReplacement(out, replace, opts);
  }

  Value before_;
  Value after_;
  structured::Type type_;
};

void AppendUnchangedJson(const Value& value, int indent, const RenderOpts& opts, std::string& out) {
  switch (value.kind()) {
    // Scalars as AppendPrimitiveValue writes them (null: DiffJson's primitive of no type).
    case structured::Kind::kNull:
      out.append(Text(Fragment::kNull, opts));
      break;
    case structured::Kind::kBool:
      out.append(value.as_bool() ? "true" : "false");
      break;
    case structured::Kind::kNumber:
      out.append(value.text());
      break;
    case structured::Kind::kString:
      PrimitiveRenderer::RenderWhole(value, Action::kNoOp, false, indent, opts, out);
      return;
    case structured::Kind::kObject: {
      // As an Object renderer: its members in key order, a repeated key's last.
      if (value.empty()) {
        AppendEmpty(out, "{}", Action::kNoOp, false, opts);
        return;
      }
      std::vector<uint32_t> order;
      if (!value.KeysIncrease()) order = value.SortedMemberIndices();
      const size_t count = order.empty() ? value.size() : order.size();
      auto member = [&](size_t i) { return value.member(order.empty() ? static_cast<uint32_t>(i) : order[i]); };
      RenderOpts attribute_opts = opts.Clone();
      attribute_opts.override_null_suffix = true;
      const AttributeLabels labels(count, [&](size_t i) { return member(i).key; });
      AppendOpening(out, '{', false, opts);
      std::string label;
      for (size_t i = 0; i < count; ++i) {
        const structured::Member m = member(i);
        labels.Label(i, m.key, label);
        AppendLineStart(out, indent + 1, Action::kNoOp, attribute_opts);
        out.append(label);
        AppendUnchangedJson(m.value, indent + 1, attribute_opts, out);
        out.push_back('\n');
      }
      AppendClosing(out, indent, '}', opts);
      return;
    }
    case structured::Kind::kArray: {
      // As a List renderer whose elements are all unchanged (each paired with itself).
      if (value.empty()) {
        AppendEmpty(out, "[]", Action::kNoOp, false, opts);
        return;
      }
      RenderOpts unchanged_opts = opts.Clone();
      unchanged_opts.show_unchanged_children = true;
      AppendOpening(out, '[', false, opts);
      for (size_t i = 0; i < value.size(); ++i) {
        AppendLineStart(out, indent + 1, Action::kNoOp, unchanged_opts);
        AppendUnchangedJson(value.at(i), indent + 1, unchanged_opts, out);
        out.append(",\n");
      }
      AppendClosing(out, indent, ']', opts);
      return;
    }
  }
  AppendForcesReplacement(out, false, opts);
}

}  // namespace

RendererPtr Primitive(Value before, Value after, structured::Type type) {
  return MakeInArena<PrimitiveRenderer>(before, after, std::move(type));
}

}  // namespace planview::change::renderers
