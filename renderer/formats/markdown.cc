#include "renderer/formats/markdown.h"

#include <algorithm>
#include <numeric>
#include <vector>

#include <fmt/format.h>

#include "renderer/formats/drift.h"
#include "renderer/formats/markdown_text.h"
#include "renderer/formats/reasons.h"
#include "renderer/formats/summary.h"

namespace planview::renderer::formats {

namespace {

std::string DiffBlock(std::string_view human) {
  std::string body = ToDiffSyntax(human);
  std::string fence = markdown_text::Fence(body);
  return fmt::format("{}diff\n{}\n{}\n", fence, body, fence);
}

bool DestroysFirst(Action action) {
  return action == Action::kDelete || action == Action::kDeleteThenCreate || action == Action::kCreateThenDelete ||
         action == Action::kForgetThenCreate;
}

// The groups of sections, in the order they are printed under their headings.
enum Group { kDriftGroup, kDestroyGroup, kOtherGroup };

struct Section {
  const ResourceDiff* diff;
  Group group;
  std::string_view symbol;  // the action's symbol
  std::string reason;       // the comment lines, untrusted text
  std::string details;      // the diff block, possibly empty
  bool listed = false;      // only listed (--drift summary): no details to leave out
};

std::string ResourceDetailsBlock(const ResourceDiff& d, const Options& options) {
  return DiffBlock(RenderResourceDiffBody(d, options));
}

// A list item (Markdown) when the details were left out, else a <details> element whose
// <summary> line is an HTML block.
std::string SectionText(const Section& s) {
  if (s.details.empty()) {
    return fmt::format("- <code>{}</code> {}{}\n", markdown_text::Html(s.symbol), markdown_text::Inline(s.reason),
                       s.listed ? "" : " _(details left out)_");
  }
  return fmt::format("<details><summary><code>{}</code> {}</summary>\n\n{}\n</details>\n\n",
                     markdown_text::Html(s.symbol), markdown_text::Html(s.reason), s.details);
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

}  // namespace

std::string ToDiffSyntax(std::string_view human) {
  std::string out;
  out.reserve(human.size() + 16);
  size_t start = 0;
  while (start <= human.size()) {
    size_t end = human.find('\n', start);
    if (end == std::string_view::npos) end = human.size();
    std::string line(human.substr(start, end - start));
    size_t pos = line.find_first_not_of(' ');
    if (pos != std::string::npos && (line[pos] == '+' || line[pos] == '-' || line[pos] == '~')) {
      char mark = line[pos] == '~' ? '!' : line[pos];
      bool marker = pos + 1 == line.size() || line[pos + 1] == ' ' || line[pos + 1] == '/';
      if (marker) {
        if (pos > 0) {
          line[pos] = ' ';
          line[0] = mark;
        } else if (mark == '!') {
          line[0] = '!';
        }
      }
    }
    out += line;
    if (end == human.size()) break;
    out += '\n';
    start = end + 1;
  }
  return out;
}

void RenderMarkdown(const PlanContext& plan, const FormatOptions& format, std::string& out) {
  Options options = plan.options;
  options.color = false;
  options.show_sensitive = false;  // a comment is public
  PlanSummary summary = Summarize(plan.diffs);
  const std::string_view product = options.product == Product::kTerraform ? "Terraform" : "OpenTofu";

  std::string head = fmt::format("## {} plan\n\n", product);
  if (plan.quality.errored) head += "**Planning failed:** the plan below is incomplete.\n\n";
  if (summary.resources == 0 && summary.output_changes == 0) {
    head += "**No changes.** Your infrastructure matches the configuration.\n";
  } else {
    head += fmt::format("**Plan:** {}.\n\n", PlanLine(summary));
    if (summary.resources > 0) {
      std::vector<ActionCategory> used = summary.UsedCategories();
      AppendTable(head, "resource type", summary.by_type, used, &summary.by_action);
      if (summary.by_module.size() > 1) AppendTable(head, "module", summary.by_module, used, nullptr);
    }
  }

  // Drift first (as `tofu show` has it), then destroy and replace, then the rest, each in
  // plan order.
  std::vector<Section> sections;
  const DriftSelection drift = SelectDrift(plan);
  for (const ResourceDiff* d : drift.shown) {
    Section s{d, kDriftGroup, InfoOf(d->resource->action).symbol, Reason(*d->resource, options.product, ChangeCause::kDrift),
              {}};
    if (drift.display == DriftDisplay::kSummary) {
      s.listed = true;
    } else {
      s.details = ResourceDetailsBlock(*d, options);
    }
    sections.push_back(std::move(s));
  }
  int hidden = 0;
  for (const ResourceDiff& d : plan.diffs.changes) {
    if (ShownInPlan(*d.resource) && options.include_resource && !options.include_resource(*d.resource)) ++hidden;
  }
  for (int pass = 0; pass < 2; ++pass) {
    for (const ResourceDiff& d : plan.diffs.changes) {
      const ResourceChange& r = *d.resource;
      if (!ShownInPlan(r) || DestroysFirst(r.action) != (pass == 0)) continue;
      if (options.include_resource && !options.include_resource(r)) continue;
      Section s{&d, pass == 0 ? kDestroyGroup : kOtherGroup, InfoOf(r.action).symbol, Reason(r, options.product), {}};
      s.details = ResourceDetailsBlock(d, options);
      sections.push_back(std::move(s));
    }
  }
  const bool have_destroys =
      std::any_of(sections.begin(), sections.end(), [](const Section& s) { return s.group == kDestroyGroup; });

  std::string outputs;
  std::string output_text = RenderOutputChanges(plan.diffs, options);
  if (!output_text.empty()) outputs = "### Changes to outputs\n\n" + DiffBlock(output_text) + '\n';

  std::string filter_note;
  if (options.include_resource) {
    filter_note = fmt::format("_planview: {} of {} resource changes hidden by {}; the counts above include them._\n",
                              hidden, summary.resources, markdown_text::Inline(options.filter_description));
    if (drift.Present()) {
      filter_note += fmt::format("\n_planview: {} of {} drifted resources hidden by {}._\n", drift.hidden,
                                 drift.hidden + static_cast<int>(drift.shown.size()),
                                 markdown_text::Inline(options.filter_description));
    }
  }
  const std::string drift_heading = fmt::format("### {}\n\n", DriftTitle(options.product));

  auto assemble = [&](const std::vector<Section>& list, bool with_outputs, std::string_view note) {
    std::string text = head;
    for (size_t i = 0; i < list.size(); ++i) {
      if (i == 0 || list[i - 1].group != list[i].group) {
        if (!text.ends_with("\n\n")) text += '\n';  // a heading after a list or the plan line
        switch (list[i].group) {
          case kDriftGroup: text += drift_heading; break;
          case kDestroyGroup: text += "### Destroyed or replaced\n\n"; break;
          case kOtherGroup: text += have_destroys ? "### Other changes\n\n" : "### Changes\n\n"; break;
        }
      }
      text += SectionText(list[i]);
    }
    if (with_outputs) text += outputs;
    if (!filter_note.empty()) text += '\n' + filter_note;
    if (!note.empty()) text += fmt::format("\n_planview: {}_\n", note);
    return text;
  };

  const size_t budget = format.max_bytes;
  std::string text = assemble(sections, true, {});
  if (text.size() <= budget) {
    out += text;
    return;
  }
  // Step 1: collapse unchanged attributes (only differs when --verbose was given).
  std::string note = fmt::format("the plan did not fit in {} bytes; ", budget);
  if (options.verbose) {
    Options concise = options;
    concise.verbose = false;
    for (Section& s : sections) {
      if (!s.listed) s.details = ResourceDetailsBlock(*s.diff, concise);
    }
    note += "unchanged attributes collapsed";
    text = assemble(sections, true, note + ".");
    if (text.size() <= budget) {
      out += text;
      return;
    }
    note += ", ";
  }
  // Step 2: drop the details of the largest resources first.
  std::vector<size_t> order(sections.size());
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(),
                   [&](size_t a, size_t b) { return sections[a].details.size() > sections[b].details.size(); });
  size_t size = text.size();
  size_t dropped = 0;
  const size_t reserve = 200;  // for the note
  for (size_t i : order) {
    if (size + reserve <= budget) break;
    if (sections[i].details.empty()) continue;
    size -= SectionText(sections[i]).size();
    sections[i].details.clear();
    size += SectionText(sections[i]).size();
    ++dropped;
  }
  if (size + reserve <= budget || sections.empty()) {
    std::string drop_note = note + fmt::format("the details of the {} largest resource changes were left out.", dropped);
    text = assemble(sections, true, drop_note);
    if (text.size() <= budget) {
      out += text;
      return;
    }
  }
  // Step 3: addresses only, no outputs; cut the list if even that does not fit.
  size_t kept = sections.size();
  std::string list_note;
  while (true) {
    std::vector<Section> shown(sections.begin(), sections.begin() + static_cast<std::ptrdiff_t>(kept));
    list_note = note + "only the addresses of the resource changes are listed";
    if (kept < sections.size()) list_note += fmt::format(" ({} more not shown)", sections.size() - kept);
    list_note += '.';
    text = assemble(shown, false, list_note);
    if (text.size() <= budget || kept == 0) break;
    // Remove roughly the excess at once.
    size_t excess = text.size() - budget;
    size_t per = std::max<size_t>(1, (text.size() - head.size()) / std::max<size_t>(1, kept));
    size_t remove = std::min(kept, std::max<size_t>(1, excess / per + 1));
    kept -= remove;
  }
  out += text;
}

}  // namespace planview::renderer::formats
