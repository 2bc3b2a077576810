// Golden tests of planview's presentations on every equivalence plan
// (testdata/conformance/equivalence/CASE): for each case the files under
// testdata/formats/CASE/ hold what each option prints. renderer/formats/update_golden.sh
// rewrites them with the binary; read the diff before committing it.
#include <optional>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "gtest/gtest.h"
#include "renderer/formats/markdown.h"
#include "renderer/formats/presenter.h"
#include "renderer/render_document.h"
#include "renderer/testing/golden.h"
#include "structured/json_parse.h"
#include "structured/schema.h"

namespace planview::renderer::formats {
namespace {

constexpr char kEquivalence[] = "testdata/conformance/equivalence";
constexpr char kGolden[] = "testdata/formats";

struct Variant {
  std::string file;
  FormatOptions options;
};

std::vector<Variant> Variants() {
  std::vector<Variant> v;
  FormatOptions summary;
  summary.summary_only = true;
  v.push_back({"summary.txt", summary});
  FormatOptions filtered;
  filtered.summary = true;
  filtered.filter.actions = {ActionCategory::kDelete, ActionCategory::kReplace, ActionCategory::kUpdate};
  v.push_back({"filtered.txt", filtered});
  FormatOptions verbose;
  verbose.verbose = true;
  v.push_back({"verbose.txt", verbose});
  // Every output format with a golden file (output_format.cc); text is DefaultIsTofuShow.
  for (OutputFormat f : OutputFormat::All()) {
    if (f.row().golden_file.empty()) continue;
    FormatOptions options;
    options.format = f;
    v.push_back({std::string(f.row().golden_file), options});
  }
  return v;
}

// The --drift choices and the filters on drift, for the plans whose text has a drift section.
std::vector<Variant> DriftVariants() {
  std::vector<Variant> v;
  FormatOptions summary;
  summary.drift = DriftDisplay::kSummary;
  v.push_back({"drift_summary.txt", summary});
  FormatOptions hide;
  hide.drift = DriftDisplay::kHide;
  v.push_back({"drift_hide.txt", hide});
  FormatOptions summary_hide = hide;  // the summary's drift count goes with the section
  summary_hide.summary_only = true;
  v.push_back({"summary_drift_hide.txt", summary_hide});
  FormatOptions deletes;
  deletes.filter.actions = {ActionCategory::kDelete};
  v.push_back({"drift_filtered.txt", deletes});
  for (auto [file, format] : {std::pair{"drift_summary.md", OutputFormat::kMarkdown},
                              std::pair{"drift_summary.json", OutputFormat::kJson},
                              std::pair{"drift_summary.html", OutputFormat::kHtml}}) {
    FormatOptions o = summary;
    o.format = format;
    v.push_back({file, o});
  }
  FormatOptions hidden_json = hide;
  hidden_json.format = OutputFormat::kJson;
  v.push_back({"drift_hide.json", hidden_json});
  return v;
}

struct Input {
  std::shared_ptr<const structured::Document> schemas_doc;
  std::optional<structured::ProviderSchemas> schemas;
  std::string schemas_version;
  PlanMode mode = PlanMode::kNormal;
  std::string plan_text;
};

Input Load(const std::string& dir) {
  Input in;
  std::string mode = testing::ReadFile(dir + "/mode");
  while (!mode.empty() && mode.back() == '\n') mode.pop_back();
  in.mode = PlanModeFromName(mode).value_or(PlanMode::kNormal);
  bool have = false;
  std::string text = testing::ReadFile(dir + "/schemas.json", &have);
  if (have) {
    structured::ParseResult parsed = structured::ParseJson(std::move(text));
    if (parsed.ok()) {
      in.schemas_doc = parsed.value();
      base::Expected<structured::ProviderSchemas> schemas = structured::ProviderSchemas::Parse(parsed.value());
      if (schemas) in.schemas = std::move(*schemas);
      structured::Value v = parsed.value()->root().find("format_version");
      if (v.is_string()) in.schemas_version = std::string(v.text());
    }
  }
  in.plan_text = testing::ReadFile(dir + "/plan.json");
  return in;
}

DocumentResult Render(const Input& in, const FormatOptions& options) {
  DocumentRequest request;
  request.mode = in.mode;
  request.schemas = in.schemas ? &*in.schemas : nullptr;
  request.provider_format_version = in.schemas_version;
  ApplyFormat(options, request);
  return RenderDocument(in.plan_text, "plan.json", request);
}

std::string CaseName(const std::string& dir) { return dir.substr(dir.rfind('/') + 1); }

// Renders each variant of `dir`'s plan and compares it with its golden file.
void CheckVariants(const std::string& dir, const Input& in, const std::vector<Variant>& variants, int& passed,
                   int& failed) {
  for (const Variant& v : variants) {
    DocumentResult result = Render(in, v.options);
    std::string golden_path = std::string(kGolden) + "/" + CaseName(dir) + "/" + v.file;
    bool ok = false;
    std::string golden = testing::ReadFile(golden_path, &ok);
    std::string mismatch = ok ? testing::Mismatch(golden, result.output) : "missing golden file";
    if (result.ok && mismatch.empty()) {
      ++passed;
    } else {
      ++failed;
      ADD_FAILURE() << golden_path << ": " << result.error << mismatch;
    }
  }
}

TEST(FormatsGolden, EveryEquivalencePlan) {
  std::vector<std::string> dirs = testing::ListDirs(kEquivalence);
  ASSERT_GE(dirs.size(), 40u);
  int passed = 0, failed = 0;
  for (const std::string& dir : dirs) {
    Input in = Load(dir);
    if (in.plan_text.empty()) continue;
    CheckVariants(dir, in, Variants(), passed, failed);
  }
  std::printf("formats/golden: %d passed, %d failed\n", passed, failed);
  EXPECT_GE(passed, static_cast<int>(Variants().size()) * 45);
}

// Every plan whose `tofu show` text has the drift section, under --drift summary and hide,
// and with a filter that hides its drift.
TEST(FormatsGolden, DriftChoices) {
  int passed = 0, failed = 0, plans = 0;
  for (const std::string& dir : testing::ListDirs(kEquivalence)) {
    Input in = Load(dir);
    if (in.plan_text.empty()) continue;
    if (testing::ReadFile(dir + "/plan.txt").find("Objects have changed outside of OpenTofu") == std::string::npos) {
      continue;
    }
    ++plans;
    CheckVariants(dir, in, DriftVariants(), passed, failed);
  }
  std::printf("formats/drift: %d plans, %d passed, %d failed\n", plans, passed, failed);
  EXPECT_EQ(plans, 4);
}

// The default options leave the output exactly as `tofu show` prints it.
TEST(FormatsGolden, DefaultIsTofuShow) {
  for (const std::string& dir : testing::ListDirs(kEquivalence)) {
    Input in = Load(dir);
    if (in.plan_text.empty()) continue;
    DocumentResult result = Render(in, FormatOptions{});
    EXPECT_EQ(result.output, testing::ReadFile(dir + "/plan.txt")) << dir;
  }
}

// The largest plan's Markdown fits the default budget whole, and a small budget shrinks
// it and says so.
TEST(Markdown, BudgetOnLargestPlan) {
  Input in = Load(std::string(kEquivalence) + "/fully_populated_complex_update");
  FormatOptions options;
  options.format = OutputFormat::kMarkdown;
  DocumentResult whole = Render(in, options);
  ASSERT_TRUE(whole.ok) << whole.error;
  EXPECT_LE(whole.output.size(), kDefaultMaxBytes);
  EXPECT_EQ(whole.output.find("did not fit"), std::string::npos);
  EXPECT_NE(whole.output.find("```diff\n"), std::string::npos);

  options.max_bytes = whole.output.size() - 1;
  DocumentResult shrunk = Render(in, options);
  EXPECT_LE(shrunk.output.size(), options.max_bytes);
  EXPECT_NE(shrunk.output.find(fmt::format("the plan is over the {}-byte budget", options.max_bytes)),
            std::string::npos)
      << shrunk.output;

  options.verbose = true;
  options.max_bytes = whole.output.size();
  DocumentResult verbose = Render(in, options);
  EXPECT_LE(verbose.output.size(), options.max_bytes);
}

TEST(Markdown, DiffSyntax) {
  EXPECT_EQ(ToDiffSyntax("  + resource \"a\" \"b\" {\n      ~ x = 1 -> 2\n        y = 3\n      - z = 4\n    }"),
            "+   resource \"a\" \"b\" {\n!       x = 1 -> 2\n        y = 3\n-       z = 4\n    }");
  EXPECT_EQ(ToDiffSyntax("-/+ resource"), "-/+ resource");
  EXPECT_EQ(ToDiffSyntax("      + -1"), "+       -1");
  EXPECT_EQ(ToDiffSyntax("        \"-x\""), "        \"-x\"");
}

}  // namespace
}  // namespace planview::renderer::formats
