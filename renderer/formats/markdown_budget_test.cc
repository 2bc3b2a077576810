// The Markdown size budget and --split: goldens on a small generated plan (testdata/budget,
// rewritten by renderer/formats/update_golden.sh), and properties checked on that plan and
// on a larger generated one for many budgets: never over the budget, at least 95% of it
// used, every change shown whole, cut short, listed or counted exactly once, risk first;
// the parts of a split together hold every diff.
#include <algorithm>
#include <optional>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "bench/plan_generator.h"
#include "gtest/gtest.h"
#include "renderer/formats/budget.h"
#include "renderer/formats/internal/markdown_sections.h"
#include "renderer/formats/markdown.h"
#include "renderer/formats/presenter.h"
#include "renderer/formats/split.h"
#include "renderer/render_document.h"
#include "renderer/testing/golden.h"
#include "structured/json_parse.h"
#include "structured/schema.h"

namespace planview::renderer::formats {
namespace {

namespace ms = markdown_sections;

constexpr char kBudget[] = "testdata/budget";

struct Plan {
  std::string text;
  std::shared_ptr<const structured::Document> schemas_doc;
  std::optional<structured::ProviderSchemas> schemas;
};

Plan Load(std::string text, std::string schemas_text) {
  Plan plan;
  plan.text = std::move(text);
  structured::ParseResult parsed = structured::ParseJson(std::move(schemas_text));
  EXPECT_TRUE(parsed.ok());
  plan.schemas_doc = parsed.value();
  base::Expected<structured::ProviderSchemas> schemas = structured::ProviderSchemas::Parse(parsed.value());
  EXPECT_TRUE(schemas) << (schemas ? "" : schemas.error().message);
  if (schemas) plan.schemas = std::move(*schemas);
  return plan;
}

Plan TestdataPlan() {
  return Load(testing::ReadFile(std::string(kBudget) + "/plan.json"),
              testing::ReadFile(std::string(kBudget) + "/schemas.json"));
}

// Calls `body` with the plan's context, inside RenderDocument, as the presenter is.
void WithPlan(const Plan& plan, const std::function<void(const PlanContext&)>& body,
              DriftDisplay drift = DriftDisplay::kShow) {
  DocumentRequest request;
  request.options.drift = drift;
  request.schemas = plan.schemas ? &*plan.schemas : nullptr;
  request.plan_presenter = [&](const PlanContext& context, std::string&) { body(context); };
  DocumentResult result = RenderDocument(plan.text, "plan.json", request);
  ASSERT_TRUE(result.ok) << result.error;
}

FormatOptions Markdown(size_t max_bytes) {
  FormatOptions format;
  format.format = OutputFormat::kMarkdown;
  format.max_bytes = max_bytes;
  return format;
}

size_t Count(std::string_view text, std::string_view needle) {
  size_t n = 0;
  for (size_t at = text.find(needle); at != std::string_view::npos; at = text.find(needle, at + 1)) ++n;
  return n;
}

// The opening of a section's piece, up to its code fence's info string.
std::string Opening(const ms::Section& s, bool continued) {
  std::string text = ms::PieceText(s, {{}, continued, {}});
  return text.substr(0, text.find(s.fence + "diff\n") + s.fence.size() + 5);
}

enum class Form { kFull, kCut, kListed, kUnlisted };

// Checks one budgeted comment against the sections it was made of; returns each one's form.
std::vector<Form> CheckBudgeted(const ms::Comment& c, const std::string& out, size_t max_bytes) {
  std::vector<Form> forms;
  const std::string whole = ms::Assemble(c, {}, max_bytes);
  EXPECT_LE(out.size(), max_bytes);
  if (whole.size() <= max_bytes) {
    EXPECT_EQ(out, whole);
    return forms;
  }
  EXPECT_GE(out.size(), max_bytes * 95 / 100) << "budget " << max_bytes;
  size_t unlisted = 0;
  for (const ms::Section& s : c.sections) {
    if (s.line_only) {  // --drift summary: one line, under its heading or in the list
      size_t lines = Count(out, "\n" + ms::ListedLine(s));
      EXPECT_LE(lines, 1u) << s.title;
      forms.push_back(lines == 1 ? Form::kFull : Form::kUnlisted);
      unlisted += lines == 0;
      continue;
    }
    size_t full = Count(out, ms::FullText(s));
    size_t opened = Count(out, Opening(s, false));
    size_t listed = Count(out, "\n" + ms::ListedLine(s));
    EXPECT_LE(full, opened);
    EXPECT_LE(opened + listed, 1u) << s.title << " at budget " << max_bytes;
    Form form = full == 1 ? Form::kFull : opened == 1 ? Form::kCut : listed == 1 ? Form::kListed : Form::kUnlisted;
    if (form == Form::kUnlisted) ++unlisted;
    forms.push_back(form);
  }
  EXPECT_LE(std::count(forms.begin(), forms.end(), Form::kCut), 1);
  std::string counted = fmt::format("{} of {} changes not even listed", unlisted, c.sections.size());
  EXPECT_EQ(Count(out, counted), unlisted > 0 ? 1u : 0u) << counted;
  EXPECT_NE(out.find(fmt::format("_planview: the plan is over the {}-byte budget", max_bytes)), std::string::npos);

  // Risk first: a safer section never keeps more than a riskier one left out would need.
  std::vector<size_t> full(c.sections.size()), listed(c.sections.size());
  for (size_t i = 0; i < c.sections.size(); ++i) {
    full[i] = ms::FullText(c.sections[i]).size();
    listed[i] = ms::ListedLine(c.sections[i]).size();
  }
  for (size_t x = 0; x < c.sections.size(); ++x) {
    for (size_t y = 0; y < c.sections.size(); ++y) {
      if (c.sections[y].risk <= c.sections[x].risk) continue;
      if ((forms[x] == Form::kListed || forms[x] == Form::kCut) && forms[y] == Form::kFull) {
        EXPECT_GT(full[x] - listed[x], full[y] - listed[y]) << c.sections[x].title << " / " << c.sections[y].title;
      }
      if (forms[x] == Form::kUnlisted && forms[y] != Form::kUnlisted) {
        EXPECT_GT(listed[x], listed[y]) << c.sections[x].title << " / " << c.sections[y].title;
      }
    }
  }
  return forms;
}

// Checks the parts of a split: each within the budget and titled "part i of N", and every
// section's diff whole in one part or in pieces, in order, that join back into it.
void CheckSplit(const ms::Comment& c, const std::vector<std::string>& parts, size_t max_bytes) {
  ASSERT_FALSE(parts.empty());
  const std::string whole = ms::Assemble(c, {}, max_bytes);
  if (whole.size() <= max_bytes) {
    ASSERT_EQ(parts.size(), 1u);
    EXPECT_EQ(parts[0], whole);
    return;
  }
  ASSERT_GE(parts.size(), 2u);
  for (size_t i = 0; i < parts.size(); ++i) {
    EXPECT_LE(parts[i].size(), max_bytes) << "part " << i + 1;
    EXPECT_TRUE(parts[i].starts_with(ms::Title(c, fmt::format("part {} of {}", i + 1, parts.size())))) << parts[i];
  }
  size_t part = 0, at = 0;  // where the previous section ended
  for (const ms::Section& s : c.sections) {
    if (s.line_only) {
      size_t lines = 0;
      for (const std::string& p : parts) lines += Count(p, "\n" + ms::ListedLine(s));
      EXPECT_EQ(lines, 1u) << s.title;
      continue;
    }
    std::string joined;
    bool mid_line = false;
    for (bool continued = false;; continued = true) {
      std::string open = Opening(s, continued);
      size_t found = std::string::npos;
      while (part < parts.size() && (found = parts[part].find(open, at)) == std::string::npos) {
        ++part;
        at = 0;
      }
      ASSERT_LT(part, parts.size()) << "missing piece of " << s.title;
      size_t begin = found + open.size();
      size_t end = parts[part].find("\n" + s.fence + "\n", begin);
      ASSERT_NE(end, std::string::npos);
      if (continued && !mid_line) joined += '\n';
      joined += parts[part].substr(begin, end - begin);
      at = end;
      if (joined.size() >= s.body.size()) break;
      std::string_view after = std::string_view(parts[part]).substr(end + s.fence.size() + 2);
      mid_line = after.starts_with("\n_planview: the diff continues in the next part, from the middle");
      EXPECT_TRUE(mid_line || after.starts_with("\n_planview: the diff continues in the next part.")) << s.title;
    }
    EXPECT_EQ(joined, s.body) << s.title;
    size_t pieces_total = 0;
    for (const std::string& p : parts) pieces_total += Count(p, Opening(s, false));
    EXPECT_EQ(pieces_total, 1u) << s.title;
  }
}

// The sections as the presenter collects them for a budget of `bytes`.
ms::Comment CollectFor(const PlanContext& context, size_t bytes) {
  Options options = context.options;
  options.color = false;
  options.show_sensitive = false;
  ms::Comment c = ms::Collect(context, options);
  ms::CapTitles(c, bytes / 8);
  return c;
}

std::string Golden(const std::string& name) { return testing::ReadFile(std::string(kBudget) + "/" + name); }

TEST(MarkdownBudget, Goldens) {
  WithPlan(TestdataPlan(), [](const PlanContext& plan) {
    for (size_t bytes : {1024u, 4000u, 12000u}) {
      std::string out;
      RenderMarkdown(plan, Markdown(bytes), out);
      EXPECT_EQ(testing::Mismatch(Golden(fmt::format("markdown-{}.md", bytes)), out), "") << bytes;
    }
    for (size_t bytes : {2048u, 8000u}) {
      std::vector<std::string> parts = RenderMarkdownParts(plan, Markdown(bytes));
      for (size_t i = 0; i < parts.size(); ++i) {
        std::string name = fmt::format("split-{}/comment-{}.md", bytes, i + 1);
        EXPECT_EQ(testing::Mismatch(Golden(name), parts[i]), "") << name;
      }
      bool more = false;
      testing::ReadFile(fmt::format("{}/split-{}/comment-{}.md", kBudget, bytes, parts.size() + 1), &more);
      EXPECT_FALSE(more) << "a golden part too many for " << bytes;
    }
  });
}

// One diff larger than the budget: its start fills the budget, cut at a line break.
TEST(MarkdownBudget, CutsTheOneLargeDiff) {
  const std::string dir = "testdata/conformance/equivalence/fully_populated_complex_update";
  Plan plan = Load(testing::ReadFile(dir + "/plan.json"), testing::ReadFile(dir + "/schemas.json"));
  WithPlan(plan, [](const PlanContext& context) {
    std::string out;
    RenderMarkdown(context, Markdown(1024), out);
    EXPECT_EQ(testing::Mismatch(Golden("complex-1024.md"), out), "");
    ms::Comment c = CollectFor(context, 1024);
    std::vector<Form> forms = CheckBudgeted(c, out, 1024);
    EXPECT_EQ(forms, std::vector<Form>{Form::kCut});
  });
}

void CheckManyBudgets(const Plan& plan, const std::vector<size_t>& budgets, DriftDisplay drift = DriftDisplay::kShow) {
  WithPlan(plan, [&](const PlanContext& context) {
    for (size_t bytes : budgets) {
      ms::Comment c = CollectFor(context, bytes);
      std::string out;
      RenderMarkdown(context, Markdown(bytes), out);
      CheckBudgeted(c, out, bytes);
      CheckSplit(c, RenderMarkdownParts(context, Markdown(bytes)), bytes);
    }
  }, drift);
}

TEST(MarkdownBudget, PropertiesOnTheTestdataPlan) {
  std::vector<size_t> budgets;
  for (size_t bytes = 1024; bytes < 30000; bytes = bytes * 9 / 8) budgets.push_back(bytes);
  CheckManyBudgets(TestdataPlan(), budgets);
  CheckManyBudgets(TestdataPlan(), {1024, 3000, 9000}, DriftDisplay::kSummary);  // drift as list lines
}

TEST(MarkdownBudget, PropertiesOnALargerGeneratedPlan) {
  bench::PlanGeneratorOptions generate;
  generate.target_bytes = 1'500'000;
  generate.seed = 11;
  Plan plan = Load(bench::GeneratePlanText(generate), bench::GenerateSchemasText());
  CheckManyBudgets(plan, {1024, 4000, 20000, 65536, 200000});
}

TEST(Budget, ChooseSpendsByRiskAndNeverOver) {
  using budget::Form;
  using budget::Item;
  using budget::Risk;
  // Everything listed, then the riskiest and smallest diffs first.
  std::vector<Item> items = {{Risk::kCreate, 100, 10}, {Risk::kDestroy, 300, 10}, {Risk::kUpdate, 50, 10},
                             {Risk::kDestroy, 120, 10}};
  EXPECT_EQ(budget::Choose(items, 40), (std::vector<Form>{Form::kListed, Form::kListed, Form::kListed, Form::kListed}));
  EXPECT_EQ(budget::Choose(items, 150), (std::vector<Form>{Form::kListed, Form::kListed, Form::kListed, Form::kFull}));
  EXPECT_EQ(budget::Choose(items, 200), (std::vector<Form>{Form::kListed, Form::kListed, Form::kFull, Form::kFull}));
  EXPECT_EQ(budget::Choose(items, 460), (std::vector<Form>{Form::kListed, Form::kFull, Form::kListed, Form::kFull}));
  EXPECT_EQ(budget::Choose(items, 500), (std::vector<Form>{Form::kListed, Form::kFull, Form::kFull, Form::kFull}));
  EXPECT_EQ(budget::Choose(items, 570), (std::vector<Form>{Form::kFull, Form::kFull, Form::kFull, Form::kFull}));
  // The list alone over the budget: the destroys listed and shown before the rest is listed.
  EXPECT_EQ(budget::Choose(items, 30), (std::vector<Form>{Form::kUnlisted, Form::kListed, Form::kListed, Form::kListed}));
  EXPECT_EQ(budget::Choose(items, 20), (std::vector<Form>{Form::kUnlisted, Form::kListed, Form::kUnlisted, Form::kListed}));
  EXPECT_EQ(budget::Choose(items, 10), (std::vector<Form>{Form::kUnlisted, Form::kUnlisted, Form::kUnlisted, Form::kListed}));
}

TEST(Budget, CutBody) {
  EXPECT_EQ(budget::CutBody("abc\ndef\nghi", 100, 0), "abc\ndef\nghi");
  EXPECT_EQ(budget::CutBody("abc\ndef\nghi", 9, 2), "abc\ndef");    // at the line break
  EXPECT_EQ(budget::CutBody("abc\ndef\nghi", 10, 1), "abc\ndef\ngh");  // the break is too far back
  EXPECT_EQ(budget::CutBody("a\xc3\xa9z", 2, 0), "a");                // not inside a character
  EXPECT_EQ(budget::CutBody("a\xc3\xa9z", 3, 0), "a\xc3\xa9");
  EXPECT_EQ(budget::CutBody("\xe2\x82\xac", 2, 0), "\xe2\x82");       // one character over the limit: progress
}

}  // namespace
}  // namespace planview::renderer::formats
