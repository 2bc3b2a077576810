#include "renderer/formats/internal/markdown_sections.h"

#include <algorithm>

#include <fmt/format.h>

#include "renderer/formats/drift.h"
#include "renderer/formats/markdown.h"
#include "renderer/formats/markdown_text.h"
#include "renderer/formats/reasons.h"
#include "renderer/formats/summary.h"

namespace planview::renderer::formats::markdown_sections {

namespace {

bool DestroysFirst(Action action) {
  return action == Action::kDelete || action == Action::kDeleteThenCreate || action == Action::kCreateThenDelete ||
         action == Action::kForgetThenCreate;
}

// Records a section's body (in `diff` syntax), held while `kept` stays within `keep_bytes`.
void StoreBody(Section& s, std::string_view body, size_t& kept, size_t keep_bytes) {
  s.fence = markdown_text::Fence(body);
  s.body_size = body.size();
  s.has_body = body.size() <= keep_bytes - std::min(kept, keep_bytes);
  if (s.has_body) {
    kept += body.size();
    s.body = body;
  } else {
    std::string().swap(s.body);
  }
}

// The human rendering of a section that is not a resource change's (drift, outputs);
// `outputs`, when set, is the output changes' already rendered.
std::string OtherBody(const Section& s, const PlanContext& plan, const Options& options, std::string* outputs) {
  if (s.group != Group::kOutputs) return RenderResourceDiffBody(*s.drift, options);
  return outputs != nullptr ? std::move(*outputs) : RenderOutputChanges(plan.diffs, options);
}

// Renders the bodies of `sections` (indices into c.sections; line-only ones are skipped),
// the resource changes' a batch at a time. `outputs`: as for OtherBody.
void RenderBodies(Comment& c, const PlanContext& plan, std::span<const size_t> sections, size_t keep_bytes,
                  std::string* outputs = nullptr) {
  size_t kept = 0;
  std::vector<size_t> changes;  // plan indices, and the sections they fill
  std::vector<size_t> targets;
  for (size_t k : sections) {
    Section& s = c.sections[k];
    if (s.line_only) continue;
    if (s.change == kNoChange) {
      StoreBody(s, ToDiffSyntax(OtherBody(s, plan, c.options, outputs)), kept, keep_bytes);
    } else {
      changes.push_back(s.change);
      targets.push_back(k);
    }
  }
  size_t next = 0;
  const Options& options = c.options;
  plan.RenderChanges(
      changes,
      [&options](const ResourceDiff& d, std::string& text) { text = ToDiffSyntax(RenderResourceDiffBody(d, options)); },
      [&](size_t, std::string_view text) { StoreBody(c.sections[targets[next++]], text, kept, keep_bytes); });
}

std::vector<size_t> AllSections(const Comment& c) {
  std::vector<size_t> all(c.sections.size());
  for (size_t k = 0; k < all.size(); ++k) all[k] = k;
  return all;
}

void AppendTable(std::string& out, std::string_view title,
                 const std::vector<std::pair<std::string, CategoryCounts>>& rows,
                 const std::vector<ActionCategory>& used, const CategoryCounts* total) {
  out += fmt::format("| {} |", title);
  for (ActionCategory c : used) out += fmt::format(" {} |", CategoryName(c));
  out += "\n|:--|";
  for (size_t i = 0; i < used.size(); ++i) out += "--:|";
  out += '\n';
  auto row = [&](std::string_view name, const CategoryCounts& counts) {
    out += fmt::format("| {} |", name);
    for (ActionCategory c : used) {
      int n = counts[static_cast<size_t>(c)];
      out += n == 0 ? std::string(" - |") : fmt::format(" {} |", n);
    }
    out += '\n';
  };
  for (const auto& [name, counts] : rows) row(markdown_text::TableCode(name), counts);
  if (total != nullptr) row("**total**", *total);
  out += '\n';
}

// The resource changes the comment shows (indices into the plan's), in print order:
// destroy and replace first, then the rest, each in plan order.
std::vector<size_t> ShownChanges(const PlanContext& plan, const Options& options) {
  std::vector<size_t> shown;
  const std::vector<ResourceChange>& all = plan.plan.resource_changes;
  for (int pass = 0; pass < 2; ++pass) {
    for (size_t i = 0; i < all.size(); ++i) {
      const ResourceChange& r = all[i];
      if (!ShownInPlan(r) || DestroysFirst(r.action) != (pass == 0)) continue;
      if (options.include_resource && !options.include_resource(r)) continue;
      shown.push_back(i);
    }
  }
  return shown;
}

}  // namespace

Comment Collect(const PlanContext& plan, const Options& options, size_t keep_bytes) {
  Comment c;
  c.options = options;
  PlanSummary summary = Summarize(plan);
  c.product = options.product == Product::kTerraform ? "Terraform" : "OpenTofu";
  if (plan.quality.errored) c.status += "**Planning failed:** the plan below is incomplete.\n\n";
  if (summary.resources == 0 && summary.output_changes == 0) {
    c.status += "**No changes.** Your infrastructure matches the configuration.\n";
  } else {
    c.status += fmt::format("**Plan:** {}.\n\n", PlanCountsText(summary, options.profile()));
    if (summary.resources > 0) {
      std::vector<ActionCategory> used = summary.UsedCategories();
      AppendTable(c.tables, "resource type", summary.by_type, used, &summary.by_action);
      if (summary.by_module.size() > 1) AppendTable(c.tables, "module", summary.by_module, used, nullptr);
    }
  }

  // Drift first (as `tofu show` has it).
  const DriftSelection drift = SelectDrift(plan);
  for (const ResourceDiff* d : drift.shown) {
    Section s;
    s.drift = d;
    s.group = Group::kDrift;
    s.risk = budget::RiskOf(d->resource->action, true);
    s.symbol = InfoOf(d->resource->action).symbol;
    s.title = Reason(*d->resource, options.product, ChangeCause::kDrift);
    s.line_only = drift.display == DriftDisplay::kSummary;
    c.sections.push_back(std::move(s));
  }
  c.drift_title = DriftTitle(options.product);
  for (size_t i : ShownChanges(plan, options)) {
    const ResourceChange& r = plan.plan.resource_changes[i];
    Section s;
    s.change = i;
    s.group = DestroysFirst(r.action) ? Group::kDestroy : Group::kOther;
    s.risk = budget::RiskOf(r.action, false);
    s.symbol = InfoOf(r.action).symbol;
    s.title = Reason(r, options.product);
    c.have_destroys = c.have_destroys || s.group == Group::kDestroy;
    c.sections.push_back(std::move(s));
  }
  std::string outputs = RenderOutputChanges(plan.diffs, options);
  if (!outputs.empty()) {
    Section s;
    s.group = Group::kOutputs;
    s.risk = budget::Risk::kOutputs;
    s.title = "changes to outputs";
    c.sections.push_back(std::move(s));
  }
  RenderBodies(c, plan, AllSections(c), keep_bytes, &outputs);

  if (options.include_resource) {
    int hidden = 0;
    for (const ResourceChange& r : plan.plan.resource_changes) {
      if (ShownInPlan(r) && !options.include_resource(r)) ++hidden;
    }
    c.filter_note = fmt::format("_planview: {} of {} resource changes hidden by {}; the counts above include them._\n",
                                hidden, summary.resources, markdown_text::Inline(options.filter_description));
    if (drift.Present()) {
      c.filter_note += fmt::format("\n_planview: {} of {} drifted resources hidden by {}._\n", drift.hidden,
                                   drift.hidden + static_cast<int>(drift.shown.size()),
                                   markdown_text::Inline(options.filter_description));
    }
  }
  return c;
}

void Rerender(Comment& comment, const PlanContext& plan, const Options& options, size_t keep_bytes) {
  comment.options = options;
  RenderBodies(comment, plan, AllSections(comment), keep_bytes);
}

void FetchBodies(Comment& comment, const PlanContext& plan, std::span<const size_t> sections) {
  std::vector<size_t> missing;
  for (size_t k : sections) {
    if (!comment.sections[k].has_body) missing.push_back(k);
  }
  if (!missing.empty()) RenderBodies(comment, plan, missing, SIZE_MAX);
}

bool HasAllBodies(const Comment& comment) {
  for (const Section& s : comment.sections) {
    if (!s.line_only && !s.has_body) return false;
  }
  return true;
}

std::string Title(const Comment& comment, std::string_view part) {
  return part.empty() ? fmt::format("## {} plan\n\n", comment.product)
                      : fmt::format("## {} plan, {}\n\n", comment.product, part);
}

std::string GroupHeading(const Comment& comment, Group group, bool continued, std::string_view before) {
  std::string_view name;
  switch (group) {
    case Group::kDrift: name = comment.drift_title; break;
    case Group::kDestroy: name = "Destroyed or replaced"; break;
    case Group::kOther: name = comment.have_destroys ? "Other changes" : "Changes"; break;
    case Group::kOutputs: return {};
  }
  std::string_view gap = before.empty() || before.ends_with("\n\n") ? "" : "\n";
  return fmt::format("{}### {}{}\n\n", gap, name, continued ? " (continued)" : "");
}

std::string PieceText(const Section& section, const Piece& piece) {
  std::string_view more = piece.continued ? " (continued)" : "";
  std::string out;
  out.reserve(piece.chunk.size() + section.title.size() + 128);
  if (section.group == Group::kOutputs) {
    out += fmt::format("### Changes to outputs{}\n\n", more);
  } else {
    out += fmt::format("<details><summary><code>{}</code> {}{}</summary>\n\n", markdown_text::Html(section.symbol),
                       markdown_text::Html(section.title), more);
  }
  out += section.fence;
  out += "diff\n";
  out += piece.chunk;
  out += '\n';
  out += section.fence;
  out += '\n';
  if (!piece.note.empty()) out += NoteParagraph(piece.note);
  out += section.group == Group::kOutputs ? "\n" : "\n</details>\n\n";
  return out;
}

std::string FullText(const Section& section) {
  return section.line_only ? ListedLine(section) : PieceText(section, {section.body, false, {}});
}

size_t FullSize(const Section& section) {
  return section.line_only ? ListedLine(section).size() : PieceText(section, {}).size() + section.body_size;
}

std::string ListedLine(const Section& section) {
  if (section.group == Group::kOutputs) return "- the changes to outputs\n";
  return fmt::format("- <code>{}</code> {}\n", markdown_text::Html(section.symbol), markdown_text::Inline(section.title));
}

std::string ListOpen(size_t count, size_t max_bytes) {
  return fmt::format("<details><summary>{} {} without {} diff{} (over the {}-byte budget)</summary>\n\n", count,
                     count == 1 ? "change" : "changes", count == 1 ? "its" : "their", count == 1 ? "" : "s", max_bytes);
}

std::string NoteParagraph(std::string_view text) { return fmt::format("\n_planview: {}_\n", text); }

std::string Assemble(const Comment& c, const Layout& layout, size_t max_bytes) {
  std::string text = Title(c, {});
  text += c.status;
  if (layout.tables) text += c.tables;
  size_t listed = 0;
  bool first = true;
  Group group = Group::kDrift;
  for (size_t i = 0; i < c.sections.size(); ++i) {
    const Section& s = c.sections[i];
    Shown shown = layout.shown.empty() ? Shown::kFull : layout.shown[i];
    if (shown == Shown::kListed) ++listed;
    if (shown != Shown::kFull && shown != Shown::kCut) continue;
    if (first || s.group != group) text += GroupHeading(c, s.group, false, text);
    first = false;
    group = s.group;
    text += shown == Shown::kFull ? FullText(s) : PieceText(s, {layout.cut, false, layout.cut_note});
  }
  if (listed > 0) {
    text += ListOpen(listed, max_bytes);
    for (size_t i = 0; i < c.sections.size(); ++i) {
      if (layout.shown[i] == Shown::kListed) text += ListedLine(c.sections[i]);
    }
    text += kListClose;
  }
  if (!c.filter_note.empty()) text += '\n' + c.filter_note;
  if (!layout.note.empty()) text += NoteParagraph(layout.note);
  return text;
}

void CapTitles(Comment& comment, size_t max_bytes) {
  // Inline() is the longer of the two escapes a title gets.
  for (Section& s : comment.sections) {
    for (size_t shown = markdown_text::Inline(s.title).size(); shown > max_bytes;
         shown = markdown_text::Inline(s.title).size()) {
      size_t keep = s.title.size() * max_bytes / shown;
      s.title = std::string(budget::CutBody(s.title, keep > 3 ? keep - 3 : 0, 0)) + "...";
    }
  }
}

}  // namespace planview::renderer::formats::markdown_sections
