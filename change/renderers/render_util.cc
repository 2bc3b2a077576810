#include "change/renderers/render_util.h"

#include <algorithm>
#include <array>
#include <iterator>
#include <string>
#include <vector>

#include "change/action_symbol.h"
#include "change/colorize.h"
#include "structured/go_text.h"
#include "fmt/format.h"

namespace planview::change::renderers::internal {
namespace {

// A markup string and its renderings with colour off and on.
struct Styled {
  std::string off;
  std::string on;
  explicit Styled(std::string_view markup) : off(Colorize(false).Color(markup)), on(Colorize(true).Color(markup)) {}
  std::string_view get(const RenderOpts& opts) const {
    return opts.colorize != nullptr && opts.colorize->enabled() ? std::string_view(on) : std::string_view(off);
  }
};

const Styled& FragmentStyle(Fragment fragment) {
  static const std::array<Styled, 4> kStyles = {
      Styled(" [dark_gray]-> null[reset]"),
      Styled(" [red]# forces replacement[reset]"),
      Styled("[yellow]->[reset]"),
      Styled("[dark_gray]null[reset]"),
  };
  return kStyles[static_cast<size_t>(fragment)];
}

constexpr std::array<Action, 10> kActions = {
    Action::kNoOp,   Action::kCreate,          Action::kRead,           Action::kUpdate,          Action::kDeleteThenCreate,
    Action::kCreateThenDelete, Action::kDelete, Action::kForget, Action::kForgetThenCreate, Action::kCreateThenForget,
};

// The symbol with its trailing space, per action, for colour off and on.
const Styled& SymbolStyle(Action action) {
  static const auto kSymbols = [] {
    std::array<Styled, kActions.size()> symbols = {
        Styled(""), Styled(""), Styled(""), Styled(""), Styled(""),
        Styled(""), Styled(""), Styled(""), Styled(""), Styled(""),
    };
    for (Action a : kActions) {
      Styled s(DiffActionSymbol(a));
      s.off.push_back(' ');
      s.on.push_back(' ');
      symbols[static_cast<size_t>(a)] = std::move(s);
    }
    return symbols;
  }();
  return kSymbols[static_cast<size_t>(action)];
}

}  // namespace

std::string_view Text(Fragment fragment, const RenderOpts& opts) { return FragmentStyle(fragment).get(opts); }

const Colorize& ColorizerOf(const RenderOpts& opts) {
  static const Colorize kDisabled(false);
  return opts.colorize != nullptr ? *opts.colorize : kDisabled;
}

void AppendIndent(std::string& out, int indent) {
  if (indent > 0) out.append(static_cast<size_t>(indent) * 4, ' ');
}

void AppendActionSymbol(std::string& out, Action action, const RenderOpts& opts) {
  if (opts.hide_diff_action_symbols) return;
  size_t index = static_cast<size_t>(action);
  if (index >= kActions.size()) {
    out.append("  ? ");
    return;
  }
  const size_t begin = out.size();
  out.append(SymbolStyle(action).get(opts));
  if (opts.outline != nullptr && action != Action::kNoOp) opts.outline->AddSymbol(begin, out.size(), action);
}

void AppendNullSuffix(std::string& out, Action action, const RenderOpts& opts) {
  if (!opts.override_null_suffix && action == Action::kDelete) out.append(Text(Fragment::kNullSuffix, opts));
}

void AppendForcesReplacement(std::string& out, bool replace, const RenderOpts& opts) {
  if ((replace || opts.override_forces_replacement) && !opts.forbid_forces_replacement) out.append(Text(Fragment::kForcesReplacement, opts));
}

void AppendUnchanged(std::string& out, std::string_view keyword, size_t count, const RenderOpts& opts) {
  // The markup around the text, coloured once: what comes before and after the marker.
  static const Styled kAround("[dark_gray]\x01[reset]");
  std::string_view around = kAround.get(opts);
  const size_t marker = around.find('\x01');
  out.append(around.substr(0, marker));
  out.append("# (");
  fmt::format_to(std::back_inserter(out), "{}", count);
  out.append(" unchanged ");
  out.append(keyword);
  if (count != 1) out.push_back('s');
  out.append(" hidden)");
  out.append(around.substr(marker + 1));
}

void AppendLineStart(std::string& out, int indent, Action action, const RenderOpts& opts) {
  AppendIndent(out, indent);
  AppendActionSymbol(out, action, opts);
}

void AppendEmpty(std::string& out, std::string_view brackets, Action action, bool replace, const RenderOpts& opts) {
  out.append(brackets);
  AppendNullSuffix(out, action, opts);
  AppendForcesReplacement(out, replace, opts);
}

void AppendOpening(std::string& out, char bracket, bool replace, const RenderOpts& opts) {
  out.push_back(bracket);
  AppendForcesReplacement(out, replace, opts);
  out.push_back('\n');
}

void AppendChild(std::string& out, const Diff& child, int indent, std::string_view label, const RenderOpts& opts) {
  for (const std::string& warning : child.WarningsHuman(indent, opts)) {
    AppendIndent(out, indent);
    out.append(warning);
    out.push_back('\n');
  }
  AppendLineStart(out, indent, child.action(), opts);
  out.append(label);
  child.RenderHuman(indent, opts, out);
}

void AppendUnchangedLine(std::string& out, int indent, std::string_view keyword, size_t count,
                         const RenderOpts& opts) {
  if (count == 0) return;
  AppendLineStart(out, indent, Action::kNoOp, opts);
  AppendUnchanged(out, keyword, count, opts);
  out.push_back('\n');
}

void AppendClosing(std::string& out, int indent, char bracket, const RenderOpts& opts) {
  AppendLineStart(out, indent, Action::kNoOp, opts);
  out.push_back(bracket);
}

void AttributeLabels::Measure(size_t index, std::string_view key) {
  // An identifier is shown as it is, so only the other names are built to be measured.
  size_t size = key.size();
  const bool identifier = structured::IsHclIdentifier(key);
  if (index < kKnown) {
    plain_[index] =
        identifier && std::all_of(key.begin(), key.end(), [](char c) { return static_cast<unsigned char>(c) < 0x80; });
  }
  if (!identifier) {
    scratch_.clear();
    structured::AppendGoQuoted(scratch_, key);
    size = scratch_.size();
  }
  width_ = std::max(width_, size);
}

void AttributeLabels::Label(size_t index, std::string_view key, std::string& label) const {
  label.clear();
  size_t runes;
  if (index < kKnown && plain_[index]) {
    label.append(key);
    runes = key.size();
  } else {
    structured::AppendValidAttributeName(label, key);
    runes = structured::RuneCount(label);
  }
  // Padded by runes to a width counted in bytes, as upstream does.
  if (runes < width_) label.append(width_ - runes, ' ');
  label.append(" = ");
}

void AppendAttributes(std::string& out, const DiffMap& attributes, int indent, const RenderOpts& attribute_opts,
                      const RenderOpts& opts) {
  const auto entries = attributes.begin();
  const AttributeLabels labels(attributes.size(), [&](size_t i) { return std::string_view(entries[i].first); });
  RenderOpts important_opts = attribute_opts.Clone();
  important_opts.show_unchanged_children = true;
  std::string label;
  size_t unchanged = 0;
  for (size_t index = 0; index < attributes.size(); ++index) {
    const auto& [key, attribute] = entries[index];
    // id, name and tags are always shown.
    const bool important = key == "id" || key == "name" || key == "tags";
    if (!important && attribute.action() == Action::kNoOp && !opts.show_unchanged_children) {
      ++unchanged;
      continue;
    }
    labels.Label(index, key, label);
    AppendChild(out, attribute, indent, label, important ? important_opts : attribute_opts);
    out.push_back('\n');
  }
  AppendUnchangedLine(out, indent, "attribute", unchanged, opts);
}

}  // namespace planview::change::renderers::internal
