#include "renderer/formats/html.h"

#include <algorithm>
#include <vector>

#include <fmt/format.h>

#include "change/colorize.h"
#include "renderer/formats/drift.h"
#include "renderer/formats/html_escape.h"
#include "renderer/formats/reasons.h"
#include "renderer/formats/summary.h"

namespace planview::renderer::formats {

namespace {

std::string Escaped(std::string_view text) {
  std::string out;
  AppendHtmlEscaped(out, text);
  return out;
}

// Light by default, dark when the reader's system asks for it; every colour is a variable
// of the theme. The per-action border rules name the element and both classes so that they
// outrank the plain `details.res` border.
constexpr std::string_view kStyle = R"(
:root{color-scheme:light dark;--bg:#ffffff;--fg:#1f2328;--muted:#59636e;--line:#d0d7de;--field:#f6f8fa;
--black:#24292f;--red:#cf222e;--green:#1a7f37;--yellow:#9a6700;--blue:#0969da;--magenta:#8250df;--cyan:#1b7c83;--white:#6e7781;--grey:#6e7781}
@media (prefers-color-scheme:dark){:root{--bg:#1e1e1e;--fg:#d4d4d4;--muted:#aaaaaa;--line:#555555;--field:#2d2d2d;
--black:#666666;--red:#f14c4c;--green:#23d18b;--yellow:#f5f543;--blue:#3b8eea;--magenta:#d670d6;--cyan:#29b8db;--white:#e5e5e5;--grey:#888888}}
body{background:var(--bg);color:var(--fg);font-family:system-ui,sans-serif;margin:1.5em}
h1{font-size:1.3em}
table{border-collapse:collapse;margin:.5em 0 1em}
td,th{border:1px solid var(--line);padding:.2em .6em;text-align:right}
td:first-child,th:first-child{text-align:left}
pre{font-family:ui-monospace,Menlo,Consolas,monospace;font-size:13px;margin:.3em 0 .8em 1.2em;white-space:pre}
details.res{border-left:3px solid var(--line);margin:.3em 0;padding-left:.5em}
details.res>summary{cursor:pointer;font-family:ui-monospace,Menlo,Consolas,monospace}
details.res.a-create{border-left-color:var(--green)}
details.res.a-delete,details.res.a-replace{border-left-color:var(--red)}
details.res.a-update,details.res.a-forget{border-left-color:var(--yellow)}
details.res.a-read,details.res.a-import,details.res.a-move{border-left-color:var(--cyan)}
#filters{position:sticky;top:0;background:var(--bg);padding:.5em 0}
#filters input,#filters select,#filters button{background:var(--field);color:var(--fg);border:1px solid var(--line);padding:.2em}
.b{font-weight:bold}.d{opacity:.7}
.c30{color:var(--black)}.c31,.c91{color:var(--red)}.c32,.c92{color:var(--green)}.c33,.c93{color:var(--yellow)}
.c34,.c94{color:var(--blue)}.c35,.c95{color:var(--magenta)}.c36,.c96{color:var(--cyan)}.c37,.c97{color:var(--white)}.c90{color:var(--grey)}
.note{color:var(--muted);font-style:italic}
)";

// The filter box (address substring, action; also read from the URL's #q=...&action=...),
// the shown count, and expand/collapse of the shown resources. Plain DOM, no network.
constexpr std::string_view kScript = R"(
(function(){
  var q=document.getElementById('q'),a=document.getElementById('action'),n=document.getElementById('shown');
  var all=document.querySelectorAll('details.res');
  function apply(){
    var text=q.value.toLowerCase(),act=a.value,count=0;
    all.forEach(function(d){
      var ok=d.dataset.address.toLowerCase().indexOf(text)>=0&&(act===''||(' '+d.dataset.actions+' ').indexOf(' '+act+' ')>=0);
      d.hidden=!ok; if(ok)count++;
    });
    n.textContent=count+' of '+all.length+' shown';
  }
  function openAll(open){all.forEach(function(d){if(!d.hidden)d.open=open;});}
  var h=new URLSearchParams(location.hash.slice(1));
  if(h.has('q'))q.value=h.get('q');
  if(h.has('action'))a.value=h.get('action');
  q.addEventListener('input',apply);a.addEventListener('change',apply);
  document.getElementById('expand').addEventListener('click',function(){openAll(true);});
  document.getElementById('collapse').addEventListener('click',function(){openAll(false);});
  apply();
})();
)";

// One count table: a row per name (type or module), a column per used category, and the
// total row when `total` is given.
void AppendCountTable(std::string& out, std::string_view id, std::string_view title,
                      const std::vector<std::pair<std::string, CategoryCounts>>& rows,
                      const std::vector<ActionCategory>& used, const CategoryCounts* total) {
  out += fmt::format("<table id=\"{}\"><tr><th>{}</th>", id, title);
  for (ActionCategory c : used) out += fmt::format("<th>{}</th>", CategoryName(c));
  out += "</tr>\n";
  auto row = [&](std::string_view name, const CategoryCounts& counts, bool bold) {
    out += bold ? "<tr class=\"b\"><td>" : "<tr><td>";
    AppendHtmlEscaped(out, name);
    out += "</td>";
    for (ActionCategory c : used) {
      int n = counts[static_cast<size_t>(c)];
      out += n == 0 ? std::string("<td>-</td>") : fmt::format("<td>{}</td>", n);
    }
    out += "</tr>\n";
  };
  for (const auto& [name, counts] : rows) row(name, counts, false);
  if (total != nullptr) row("total", *total, true);
  out += "</table>\n";
}

// One collapsible resource: its symbol and reason, then its block.
void AppendResourceDetails(std::string& out, const ResourceDiff& d, ChangeCause cause, const Options& options) {
  const ResourceChange& r = *d.resource;
  std::string categories;
  for (ActionCategory c : CategoriesOf(r)) {
    if (!categories.empty()) categories += ' ';
    categories += CategoryName(c);
  }
  std::string first = categories.substr(0, categories.find(' '));
  out += fmt::format("<details class=\"res a-{}\" data-address=\"{}\" data-actions=\"{}\"><summary>", first,
                     Escaped(r.address), categories);
  out += AnsiToHtml(change::Colorize(true).Color(DiffActionSymbol(r.action)));
  out += ' ';
  AppendHtmlEscaped(out, Reason(r, options.product, cause));
  out += "</summary><pre>";
  out += AnsiToHtml(RenderResourceDiffBody(d, options));
  out += "</pre></details>\n";
}

// The drift section: each drifted resource as a collapsible block, or one line each
// (--drift summary); the filter's note.
// `changes`: resource changes follow (they get a heading too).
void AppendDrift(std::string& out, const DriftSelection& drift, const Options& options, bool changes) {
  if (!drift.Present()) return;
  out += fmt::format("<h2 id=\"drift\">{}</h2>\n", DriftTitle(options.product));
  if (drift.display == DriftDisplay::kSummary && !drift.shown.empty()) {
    out += "<ul id=\"drift-list\">\n";
    for (const ResourceDiff* d : drift.shown) {
      out += "<li><code>";
      out += AnsiToHtml(change::Colorize(true).Color(DiffActionSymbol(d->resource->action)));
      out += "</code> ";
      AppendHtmlEscaped(out, Reason(*d->resource, options.product, ChangeCause::kDrift));
      out += "</li>\n";
    }
    out += "</ul>\n";
  } else {
    for (const ResourceDiff* d : drift.shown) AppendResourceDetails(out, *d, ChangeCause::kDrift, options);
  }
  if (options.include_resource) {
    out += fmt::format("<p class=\"note\">planview: {} of {} drifted resources hidden by {}.</p>\n", drift.hidden,
                       drift.hidden + static_cast<int>(drift.shown.size()), Escaped(options.filter_description));
  }
  if (changes) out += "<h2 id=\"changes\">Changes</h2>\n";
}

// A change's place in kRiskOrder (its riskiest category), for the page's order.
size_t RiskRank(const ResourceChange& r) {
  size_t rank = std::size(kRiskOrder);
  for (ActionCategory c : CategoriesOf(r)) {
    rank = std::min<size_t>(rank, std::find(std::begin(kRiskOrder), std::end(kRiskOrder), c) - std::begin(kRiskOrder));
  }
  return rank;
}

}  // namespace

std::string AnsiToHtml(std::string_view text) {
  std::string out;
  bool bold = false, dim = false, open = false;
  int color = 0;
  size_t i = 0;
  while (i < text.size()) {
    if (text[i] != '\033') {
      size_t next = text.find('\033', i);
      if (next == std::string_view::npos) next = text.size();
      AppendHtmlEscaped(out, text.substr(i, next - i));
      i = next;
      continue;
    }
    // ESC [ params m
    size_t end = i + 1;
    if (end < text.size() && text[end] == '[') {
      ++end;
      while (end < text.size() && ((text[end] >= '0' && text[end] <= '9') || text[end] == ';')) ++end;
    }
    if (end >= text.size()) break;
    if (text[i + 1] == '[' && text[end] == 'm') {
      std::string_view params = text.substr(i + 2, end - i - 2);
      size_t start = 0;
      while (start <= params.size()) {
        size_t semi = params.find(';', start);
        std::string_view p = params.substr(start, semi == std::string_view::npos ? std::string_view::npos : semi - start);
        int code = 0;
        for (char c : p) code = code * 10 + (c - '0');
        if (code == 0) {
          bold = dim = false;
          color = 0;
        } else if (code == 1) {
          bold = true;
        } else if (code == 2) {
          dim = true;
        } else if ((code >= 30 && code <= 37) || (code >= 90 && code <= 97)) {
          color = code;
        } else if (code == 39) {
          color = 0;
        }
        if (semi == std::string_view::npos) break;
        start = semi + 1;
      }
      if (open) out += "</span>";
      open = bold || dim || color != 0;
      if (open) {
        std::string classes;
        if (bold) classes += "b";
        if (dim) classes += classes.empty() ? "d" : " d";
        if (color != 0) classes += fmt::format("{}c{}", classes.empty() ? "" : " ", color);
        out += fmt::format("<span class=\"{}\">", classes);
      }
    }
    i = end + 1;
  }
  if (open) out += "</span>";
  return out;
}

void RenderHtml(const PlanContext& plan, const FormatOptions& /*format*/, std::string& out) {
  Options options = plan.options;
  options.color = true;
  PlanSummary summary = Summarize(plan);
  const std::string_view product = options.product == Product::kTerraform ? "Terraform" : "OpenTofu";

  out += "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n";
  out += fmt::format("<title>{} plan: {}</title>\n", product, PlanCountsText(summary, options.profile()));
  out += "<style>";
  out += kStyle;
  out += "</style></head>\n<body>\n";
  out += fmt::format("<h1>{} plan</h1>\n", product);
  if (plan.quality.errored) out += "<p class=\"c31 b\">Planning failed: the plan below is incomplete.</p>\n";
  if (summary.resources == 0 && summary.output_changes == 0) {
    out += "<p id=\"plan-line\"><span class=\"c32 b\">No changes.</span> Your infrastructure matches the "
           "configuration.</p>\n";
  } else {
    out += fmt::format("<p id=\"plan-line\"><span class=\"b\">Plan:</span> {}.</p>\n", PlanCountsText(summary, options.profile()));
  }
  if (summary.resources > 0) {
    std::vector<ActionCategory> used = summary.UsedCategories();
    AppendCountTable(out, "by-type", "resource type", summary.by_type, used, &summary.by_action);
    if (summary.by_module.size() > 1) AppendCountTable(out, "by-module", "module", summary.by_module, used, nullptr);
  }

  out += "<div id=\"filters\">Filter: <input id=\"q\" type=\"search\" placeholder=\"address contains\"> "
         "<select id=\"action\"><option value=\"\">any action</option>";
  for (ActionCategory c : kAllCategories) out += fmt::format("<option>{}</option>", CategoryName(c));
  out += "</select> <button id=\"expand\" type=\"button\">Expand all</button> "
         "<button id=\"collapse\" type=\"button\">Collapse all</button> <span id=\"shown\"></span></div>\n";
  AppendDrift(out, SelectDrift(plan), options, summary.resources > 0);

  int hidden = 0;
  std::vector<std::pair<size_t, size_t>> ranked;  // (risk rank, change)
  const std::vector<ResourceChange>& all = plan.plan.resource_changes;
  for (size_t i = 0; i < all.size(); ++i) {
    if (!ShownInPlan(all[i])) continue;
    if (options.include_resource && !options.include_resource(all[i])) {
      ++hidden;
      continue;
    }
    ranked.emplace_back(RiskRank(all[i]), i);
  }
  std::stable_sort(ranked.begin(), ranked.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  std::vector<size_t> shown;
  shown.reserve(ranked.size());
  for (const auto& [rank, i] : ranked) shown.push_back(i);
  plan.RenderChanges(
      shown,
      [&options](const ResourceDiff& d, std::string& text) {
        AppendResourceDetails(text, d, ChangeCause::kProposed, options);
      },
      [&](size_t, std::string_view text) {
        out += text;
        plan.Flush(out);
      });
  std::string outputs = RenderOutputChanges(plan.diffs, options);
  if (!outputs.empty()) {
    out += "<h2>Changes to outputs</h2>\n<pre id=\"outputs\">";
    out += AnsiToHtml(outputs);
    out += "</pre>\n";
  }
  if (options.include_resource) {
    out += fmt::format("<p class=\"note\">planview: {} of {} resource changes hidden by {}; the counts above include "
                       "them.</p>\n",
                       hidden, summary.resources, Escaped(options.filter_description));
  }
  out += "<script>";
  out += kScript;
  out += "</script>\n</body></html>\n";
}

}  // namespace planview::renderer::formats
