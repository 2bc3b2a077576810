// For every equivalence plan: each listed resource's tree, flattened with nothing folded,
// is exactly the block `tofu show` printed (plan.txt, a capture of the real tool), in the
// same order, with none missing; with unchanged attributes shown it is exactly the block
// planview's verbose text render prints. A Terraform plan is shown as `terraform show`
// shows it.
#include "renderer/tree/plan_tree.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <string>

#include "renderer/document_kind.h"
#include "renderer/render_document.h"
#include "renderer/testing/golden.h"
#include "structured/json_parse.h"
#include "structured/read_input.h"

namespace planview::renderer::tree {
namespace {

using renderer::testing::JsonText;
using renderer::testing::ListDirs;
using renderer::testing::Mismatch;
using renderer::testing::ReadFile;

constexpr char kEquivalence[] = "testdata/conformance/equivalence";
constexpr char kTerraformCases[] = "testdata/conformance/terraform/plan_resource";

struct Case {
  std::string dir;
  std::string plan;
  std::optional<structured::ProviderSchemas> schemas;
  std::shared_ptr<const structured::Document> schemas_doc;
  PlanMode mode = PlanMode::kNormal;
};

// `dir` is a case directory (as ListDirs gives it).
Case LoadCase(const std::string& dir) {
  Case c;
  c.dir = dir;
  const std::string name = dir.substr(dir.rfind('/') + 1);
  c.plan = ReadFile(c.dir + "/plan.json");
  bool ok = false;
  std::string schemas = ReadFile(c.dir + "/schemas.json", &ok);
  if (ok) {
    structured::ParseResult parsed = structured::ParseJson(std::move(schemas));
    EXPECT_TRUE(parsed.ok()) << name;
    c.schemas_doc = parsed.value();
    base::Expected<structured::ProviderSchemas> schemas = structured::ProviderSchemas::Parse(parsed.value());
    EXPECT_TRUE(schemas) << name << ": " << (schemas ? "" : schemas.error().message);
    if (schemas) c.schemas = std::move(*schemas);
  }
  std::string mode = ReadFile(c.dir + "/mode");
  while (!mode.empty() && (mode.back() == '\n' || mode.back() == ' ')) mode.pop_back();
  if (std::optional<PlanMode> m = PlanModeFromName(mode)) c.mode = *m;
  return c;
}

std::unique_ptr<PlanTree> Load(const Case& c) {
  PlanTreeOptions options;
  options.schemas = c.schemas ? &*c.schemas : nullptr;
  options.mode = c.mode;
  base::Expected<std::unique_ptr<PlanTree>> tree = PlanTree::Load(c.plan, "plan.json", options);
  EXPECT_TRUE(tree) << c.dir << ": " << tree.error().message;
  return tree ? std::move(*tree) : nullptr;
}

// "\n" + block + "\n" for each entry of `cause`, as the plan prints them one after another.
std::string Blocks(PlanTree& tree, ChangeCause cause, bool verbose) {
  std::string out;
  for (size_t i = 0; i < tree.entries().size(); ++i) {
    if (tree.entries()[i].cause != cause) continue;
    out += '\n';
    out += tree.Subtree(i, verbose).Flatten();
    out += '\n';
  }
  return out;
}

// The resource changes section of a document: after "...following actions:" up to "Plan:".
std::string ChangesSection(const std::string& doc) {
  size_t at = doc.find("the following actions:\n");
  if (at == std::string::npos) {
    at = doc.find("the following actions, but then encountered a problem:\n");
    if (at == std::string::npos) return "";
  }
  at = doc.find('\n', at) + 1;
  size_t end = doc.find("\nPlan:", at);
  return doc.substr(at, end - at);
}

// Checks that drift blocks sit in the document right before the drift section's closing
// paragraph, and that there are drift entries exactly when the document shows drift.
void ExpectDrift(const std::string& doc, const std::string& drift, const std::string& name) {
  bool has_drift = doc.find("changed outside of") != std::string::npos;
  EXPECT_EQ(has_drift, !drift.empty()) << name;
  if (drift.empty()) return;
  size_t at = doc.find(drift);
  ASSERT_NE(at, std::string::npos) << name << "\n" << drift;
  std::string_view after = std::string_view(doc).substr(at + drift.size());
  EXPECT_TRUE(after.starts_with("\n\nUnless you have") || after.starts_with("\n\nThis is a refresh-only"))
      << name << ": " << after.substr(0, 40);
  // The blocks start right after the drift section's opening paragraph.
  std::string_view before = std::string_view(doc).substr(0, at);
  EXPECT_TRUE(before.ends_with("which may have affected this plan:\n") ||
              before.ends_with("which may have affected this\nplan:\n") ||
              before.ends_with("which may have affected\nthis plan:\n"))
      << name << ": " << before.substr(before.size() > 60 ? before.size() - 60 : 0);
}

TEST(PlanTree, FlattenedBlocksAreWhatTofuShowPrinted) {
  int cases = 0, entries = 0, plan_lines = 0;
  for (const std::string& name : ListDirs(kEquivalence)) {
    Case c = LoadCase(name);
    std::unique_ptr<PlanTree> tree = Load(c);
    if (!tree) continue;
    const std::string expected = ReadFile(c.dir + "/plan.txt");
    EXPECT_EQ(Mismatch(ChangesSection(expected), Blocks(*tree, ChangeCause::kProposed, false)), "") << name;
    ExpectDrift(expected, Blocks(*tree, ChangeCause::kDrift, false), name);
    // The status bar's counts are those of the plan's own "Plan:" line.
    size_t plan_line = expected.find("\nPlan: ");
    if (plan_line != std::string::npos) {
      plan_line += 1;
      EXPECT_EQ(expected.substr(plan_line, expected.find('\n', plan_line) - plan_line),
                "Plan: " + tree->plan_line() + ".")
          << name;
      ++plan_lines;
    }
    ++cases;
    entries += static_cast<int>(tree->entries().size());
  }
  EXPECT_EQ(cases, 49);
  EXPECT_EQ(entries, 55);
  EXPECT_GT(plan_lines, 40);
  std::printf("plan_tree: %d equivalence plans, %d resource trees flattened, %d Plan: lines\n", cases, entries,
              plan_lines);
}

TEST(PlanTree, WithUnchangedShownFlattensToTheVerboseRender) {
  for (const std::string& name : ListDirs(kEquivalence)) {
    Case c = LoadCase(name);
    std::unique_ptr<PlanTree> tree = Load(c);
    if (!tree) continue;
    DocumentRequest request;
    request.schemas = c.schemas ? &*c.schemas : nullptr;
    request.mode = c.mode;
    request.options.verbose = true;
    DocumentResult plain = RenderDocument(c.plan, "plan.json", request);
    ASSERT_TRUE(plain.ok) << name << ": " << plain.error;
    EXPECT_EQ(Mismatch(ChangesSection(plain.output), Blocks(*tree, ChangeCause::kProposed, true)), "") << name;
    ExpectDrift(plain.output, Blocks(*tree, ChangeCause::kDrift, true), name);
  }
}

TEST(PlanTree, EveryOpeningLineOfAnExpandedBlockHasItsClosingLine) {
  // Structure, not just text: in every equivalence block each line ending in `{`, `[` or
  // `(` opens a foldable node, and the resource line is a root.
  for (const std::string& name : ListDirs(kEquivalence)) {
    Case c = LoadCase(name);
    std::unique_ptr<PlanTree> tree = Load(c);
    if (!tree) continue;
    for (size_t i = 0; i < tree->entries().size(); ++i) {
      for (bool verbose : {false, true}) {
        const LineTree& t = tree->Subtree(i, verbose);
        for (size_t l = 0; l < t.lines().size(); ++l) {
          const std::string& line = t.lines()[l];
          if (line.empty()) continue;
          char last = line.back();
          if (last != '{' && last != '[' && last != '(') continue;
          int node = t.NodeOfLine(static_cast<int>(l));
          ASSERT_GE(node, 0) << name << ": " << line;
          EXPECT_TRUE(t.nodes()[node].foldable()) << name << ": " << line;
          EXPECT_EQ(t.nodes()[node].line, static_cast<int>(l)) << name << ": " << line;
        }
        bool resource_root = false;
        for (int r : t.roots()) {
          const std::string& line = t.lines()[t.nodes()[r].line];
          if (t.nodes()[r].foldable() && (line.find(" resource \"") != std::string::npos ||
                                          line.find(" data \"") != std::string::npos)) {
            resource_root = true;
          }
        }
        EXPECT_TRUE(resource_root) << name << " entry " << i;
      }
    }
  }
}

TEST(PlanTree, CountsAndOrder) {
  Case c = LoadCase(std::string(kEquivalence) + "/fully_populated_complex_update");
  std::unique_ptr<PlanTree> tree = Load(c);
  ASSERT_TRUE(tree);
  ASSERT_EQ(tree->entries().size(), 1u);
  EXPECT_EQ(tree->plan_line(), "0 to add, 1 to change, 0 to destroy");
  EXPECT_EQ(tree->counts()[static_cast<size_t>(formats::ActionCategory::kUpdate)], 1);
  EXPECT_FALSE(tree->HasSubtree(0, false));
  const LineTree& t = tree->Subtree(0, false);
  EXPECT_TRUE(tree->HasSubtree(0, false));
  EXPECT_EQ(t.lines()[0], "  # tfcoremock_complex_resource.complex will be updated in-place");
}

TEST(PlanTree, BadInputGivesThePlainViewersErrors) {
  PlanTreeOptions options;
  for (std::string_view text : {"{\"resource_changes\": [", "{\"resource_changes\": 3}", "[1]"}) {
    base::Expected<std::unique_ptr<PlanTree>> tree = PlanTree::Load(std::string(text), "p.json", options);
    ASSERT_FALSE(tree) << text;
    EXPECT_EQ(tree.error().message, RenderDocument(std::string(text), "p.json", DocumentRequest{}).error);
    EXPECT_EQ(tree.error().file, "p.json");
  }
  base::Expected<std::unique_ptr<PlanTree>> state = PlanTree::Load(std::string("{\"values\": {}}"), "s.json", options);
  ASSERT_FALSE(state);
  EXPECT_EQ(state.error().message, "s.json: a state, not a plan; browse shows plans (`planview s.json` renders it)");
}

// Mapped inputs whose first line runs past what is looked at before the parse: a plan on
// one line is a plan, a log whose first message is that long is still a log.
TEST(PlanTree, ALongFirstLineIsSettledByTheParse) {
  const char* tmp = std::getenv("TEST_TMPDIR");
  ASSERT_NE(tmp, nullptr);
  const std::string pad(kLogLookBytes + 100, 'a');
  auto mapped = [&](const std::string& name, const std::string& text) {
    const std::string path = std::string(tmp) + "/" + name;
    std::ofstream(path, std::ios::binary) << text;
    base::Expected<structured::InputText> read = structured::ReadInputText(path);
    EXPECT_TRUE(read && read->mapped());
    return std::move(*read);
  };
  PlanTreeOptions options;
  const std::string plan = R"({"format_version":"1.2","planned_values":{"x":")" + pad + R"("},"resource_changes":[]})";
  base::Expected<std::unique_ptr<PlanTree>> tree = PlanTree::Load(mapped("plan.json", plan), "plan.json", options);
  EXPECT_TRUE(tree) << (tree ? "" : tree.error().message);
  const std::string log =
      R"({"@level":"info","@message":")" + pad + "\"}\n" + R"({"@level":"info","@message":"b"})" + "\n";
  base::Expected<std::unique_ptr<PlanTree>> refused = PlanTree::Load(mapped("log.json", log), "log.json", options);
  ASSERT_FALSE(refused);
  EXPECT_EQ(refused.error().message, "log.json: a JSON log, not a plan; browse shows plans (`planview log.json` renders it)");
}

// A Terraform plan (registry.terraform.io providers) is shown with Terraform's renderer,
// as `planview FILE` shows it (--product auto): the block is what `terraform show` printed
// (the case's oracle_output), and differs from OpenTofu's rendering of the same plan.
TEST(PlanTree, ATerraformPlanIsShownWithTerraformsRenderer) {
  const std::string path = std::string(kTerraformCases) +
                           "/TestResourceChange_nestedList__in-place_update_-_unknown_block_with_replace.json";
  structured::ParseResult parsed = structured::ParseJson(ReadFile(path));
  ASSERT_TRUE(parsed.ok()) << path;
  structured::Value root = parsed.value()->root();
  structured::Value input = root.find("input");
  structured::ParseResult schemas_doc = structured::ParseJson(JsonText(input.find("schemas_json")));
  ASSERT_TRUE(schemas_doc.ok());
  base::Expected<structured::ProviderSchemas> schemas = structured::ProviderSchemas::Parse(schemas_doc.value());
  ASSERT_TRUE(schemas) << schemas.error().message;
  const std::string plan = JsonText(input.find("plan_json"));

  PlanTreeOptions options;
  options.schemas = &*schemas;
  base::Expected<std::unique_ptr<PlanTree>> loaded = PlanTree::Load(plan, "plan.json", options);
  ASSERT_TRUE(loaded) << loaded.error().message;
  PlanTree* tree = loaded->get();
  EXPECT_EQ(tree->product(), Product::kTerraform);
  ASSERT_EQ(tree->entries().size(), 1u);
  const std::string expected(root.find("oracle_output").text());
  EXPECT_EQ(Mismatch(expected, tree->Subtree(0, false).Flatten()), "");
  // The unknown block type is one node, the blocks it had are others.
  const LineTree& t = tree->Subtree(0, false);
  const LineNode& resource = t.nodes()[t.roots()[1]];
  ASSERT_EQ(resource.children.size(), 7u);
  EXPECT_EQ(t.lines()[t.nodes()[resource.children[4]].line], "      ~ root_block_device (known after apply)");
  EXPECT_FALSE(t.nodes()[resource.children[4]].foldable());
  EXPECT_EQ(t.nodes()[resource.children[5]].children.size(), 2u);

  options.product = Product::kOpenTofu;
  base::Expected<std::unique_ptr<PlanTree>> tofu = PlanTree::Load(plan, "plan.json", options);
  ASSERT_TRUE(tofu) << tofu.error().message;
  EXPECT_NE((*tofu)->Subtree(0, false).Flatten(), expected);
}

// The status bar's counts are worded as the product's own "Plan:" line: Terraform's never
// counts forgotten objects.
TEST(PlanTree, PlanLineIsTheProductsOwn) {
  const std::string plan = R"({"format_version":"1.2","resource_changes":[
    {"address":"t.a","mode":"managed","type":"t","name":"a","provider_name":"p",
     "change":{"actions":["forget"],"before":{"x":"1"},"after":null}},
    {"address":"t.b","mode":"managed","type":"t","name":"b","provider_name":"p",
     "change":{"actions":["create"],"before":null,"after":{"x":"2"}}}]})";
  PlanTreeOptions options;
  options.product = Product::kOpenTofu;
  base::Expected<std::unique_ptr<PlanTree>> tofu = PlanTree::Load(plan, "plan.json", options);
  ASSERT_TRUE(tofu) << tofu.error().message;
  EXPECT_EQ((*tofu)->plan_line(), "1 to add, 0 to change, 0 to destroy, 1 to forget");
  options.product = Product::kTerraform;
  base::Expected<std::unique_ptr<PlanTree>> terraform = PlanTree::Load(plan, "plan.json", options);
  ASSERT_TRUE(terraform) << terraform.error().message;
  EXPECT_EQ((*terraform)->plan_line(), "1 to add, 0 to change, 0 to destroy");
}

}  // namespace
}  // namespace planview::renderer::tree
