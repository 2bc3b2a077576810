// Every output against every sensitivity shape (testdata/redaction/plan.json: a leaf,
// before-only, after-only, list/set/map elements, whole attributes, nested attributes,
// whole blocks of each nesting mode, a block inside each of them, a list block element,
// whole objects, a replace, drift and outputs). Each sensitive value is a string
// "SECRET-<shape>-<side>" ("BLOCKSECRET-..." inside a block sensitive as a whole): none may
// reach any output unless sensitive values are shown, and then exactly the outputs that
// honour --show-sensitive show them. The outputs are also golden files beside the plan
// (renderer/formats/update_golden.sh rewrites them).
#include <algorithm>
#include <cctype>
#include <set>
#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "renderer/formats/presenter.h"
#include "renderer/render_document.h"
#include "renderer/testing/golden.h"
#include "renderer/tree/plan_tree.h"
#include "structured/json_parse.h"
#include "structured/schema.h"

namespace planview::renderer::formats {
namespace {

constexpr char kDir[] = "testdata/redaction";

struct Fixture {
  std::string plan_text;
  std::shared_ptr<const structured::Document> schemas_doc;
  std::optional<structured::ProviderSchemas> schemas;
  std::set<std::string> secrets;  // every token in the plan
};

const Fixture& Load() {
  static const Fixture* fixture = [] {
    auto* f = new Fixture;
    f->plan_text = testing::ReadFile(std::string(kDir) + "/plan.json");
    structured::ParseResult parsed = structured::ParseJson(testing::ReadFile(std::string(kDir) + "/schemas.json"));
    if (parsed.ok()) {
      f->schemas_doc = parsed.value();
      base::Expected<structured::ProviderSchemas> schemas = structured::ProviderSchemas::Parse(parsed.value());
      if (schemas) f->schemas = std::move(*schemas);
    }
    // Tokens "SECRET-[a-z0-9_-]+", with "BLOCK" before when it is there.
    const std::string& text = f->plan_text;
    for (size_t at = text.find("SECRET-"); at != std::string::npos; at = text.find("SECRET-", at + 1)) {
      size_t start = at >= 5 && text.compare(at - 5, 5, "BLOCK") == 0 ? at - 5 : at;
      size_t end = at + 7;
      while (end < text.size() && (std::islower(static_cast<unsigned char>(text[end])) ||
                                   std::isdigit(static_cast<unsigned char>(text[end])) || text[end] == '_' ||
                                   text[end] == '-')) {
        ++end;
      }
      f->secrets.insert(text.substr(start, end - start));
    }
    return f;
  }();
  return *fixture;
}

std::set<std::string> SecretsIn(const std::string& text) {
  std::set<std::string> found;
  for (const std::string& secret : Load().secrets) {
    if (text.find(secret) != std::string::npos) found.insert(secret);
  }
  return found;
}

// The tokens of values sensitive as a whole (not inside a sensitive block), optionally
// without those of one shape prefix.
std::set<std::string> ValueSecrets(std::string_view except_prefix = {}) {
  std::set<std::string> out;
  for (const std::string& s : Load().secrets) {
    if (s.rfind("SECRET-", 0) != 0) continue;
    if (!except_prefix.empty() && s.rfind(except_prefix, 0) == 0) continue;
    out.insert(s);
  }
  return out;
}

std::string Render(const FormatOptions& format, bool show_sensitive) {
  const Fixture& f = Load();
  DocumentRequest request;
  request.schemas = f.schemas ? &*f.schemas : nullptr;
  request.provider_format_version = "1.0";
  request.options.show_sensitive = show_sensitive;
  request.options.width = 78;
  ApplyFormat(format, request);
  DocumentResult result = RenderDocument(f.plan_text, "plan.json", request);
  EXPECT_TRUE(result.ok) << result.error;
  EXPECT_TRUE(result.warnings.empty());
  return result.output;
}

// `planview browse`'s blocks: every entry, with and without unchanged attributes.
std::string Browse(bool show_sensitive) {
  const Fixture& f = Load();
  tree::PlanTreeOptions options;
  options.schemas = f.schemas ? &*f.schemas : nullptr;
  options.options.show_sensitive = show_sensitive;
  base::Expected<std::unique_ptr<tree::PlanTree>> loaded = tree::PlanTree::Load(f.plan_text, "plan.json", options);
  EXPECT_TRUE(loaded) << loaded.error().message;
  if (!loaded) return {};
  tree::PlanTree* plan = loaded->get();
  std::string out;
  for (size_t i = 0; i < plan->entries().size(); ++i) {
    for (bool verbose : {false, true}) out += plan->Subtree(i, verbose).Flatten();
  }
  return out;
}

struct Variant {
  std::string name;
  FormatOptions format;
  const char* golden;              // without --show-sensitive
  const char* golden_shown;        // with it, or nullptr
  std::set<std::string> shown;     // the secrets printed with --show-sensitive
  bool some = false;               // only some of `shown` (hidden unchanged values, filters)
};

std::vector<Variant> Variants() {
  std::vector<Variant> v;
  FormatOptions text;
  v.push_back({"text", text, "text.txt", nullptr, ValueSecrets(), true});
  FormatOptions verbose;
  verbose.verbose = true;
  // Upstream never shows a block sensitive as a whole, even with -show-sensitive.
  v.push_back({"verbose", verbose, "verbose.txt", "verbose_show_sensitive.txt", ValueSecrets()});
  FormatOptions summary;
  summary.summary = true;
  summary.filter.actions = {ActionCategory::kUpdate, ActionCategory::kReplace};
  v.push_back({"summary", summary, nullptr, nullptr, ValueSecrets(), true});
  summary.summary_only = true;
  v.push_back({"summary-only", summary, "summary.txt", nullptr, {}});
  FormatOptions markdown;
  markdown.format = OutputFormat::kMarkdown;
  v.push_back({"markdown", markdown, "markdown.md", nullptr, {}});  // a comment is public
  FormatOptions github;
  github.format = *OutputFormatFromName("github");
  v.push_back({"github", github, "github.txt", nullptr, {}});  // its summary is the comment
  FormatOptions html;
  html.format = OutputFormat::kHtml;
  v.push_back({"html", html, "page.html", nullptr, ValueSecrets()});
  FormatOptions json;
  json.format = OutputFormat::kJson;
  v.push_back({"json", json, "json.json", "json_show_sensitive.json", Load().secrets});
  return v;
}

void ExpectGolden(const char* file, const std::string& output) {
  if (file == nullptr) return;
  std::string path = std::string(kDir) + "/" + file;
  bool ok = false;
  std::string golden = testing::ReadFile(path, &ok);
  EXPECT_TRUE(ok) << "missing " << path;
  EXPECT_EQ(testing::Mismatch(golden, output), "") << path;
}

TEST(Redaction, TheFixtureHasEveryShape) {
  // Values and blocks, on both sides, in every nesting mode.
  ASSERT_GE(Load().secrets.size(), 90u);
  for (const char* shape : {"SECRET-leaf-b", "SECRET-leaf_before_only-b", "SECRET-leaf_after_only-a",
                            "SECRET-list_element-a", "SECRET-set_element-a", "SECRET-map_element-a",
                            "SECRET-whole_list-a", "SECRET-whole_object_attribute-a",
                            "SECRET-nested_attribute_whole-a", "BLOCKSECRET-whole_single_block-a",
                            "BLOCKSECRET-whole_list_block-a", "BLOCKSECRET-whole_set_block-a",
                            "BLOCKSECRET-whole_map_block-a", "BLOCKSECRET-whole_group_block-a",
                            "BLOCKSECRET-inner_block_in_set_block-a", "BLOCKSECRET-set_block_then_inner-a-inner",
                            "BLOCKSECRET-whole_object-b", "SECRET-secret_out-a", "SECRET-drifted_leaf-a"}) {
    EXPECT_TRUE(Load().secrets.count(shape)) << shape;
  }
}

TEST(Redaction, NoOutputShowsASecretWithoutShowSensitive) {
  for (const Variant& v : Variants()) {
    std::string out = Render(v.format, false);
    ASSERT_FALSE(out.empty()) << v.name;
    EXPECT_EQ(out.find("SECRET-"), std::string::npos) << v.name << " shows " << *SecretsIn(out).begin();
    ExpectGolden(v.golden, out);
  }
  std::string browse = Browse(false);
  EXPECT_NE(browse.find("(sensitive value)"), std::string::npos);
  EXPECT_EQ(browse.find("SECRET-"), std::string::npos);
}

TEST(Redaction, ShowSensitiveShowsExactlyWhatEachOutputHonours) {
  for (const Variant& v : Variants()) {
    std::string out = Render(v.format, true);
    std::set<std::string> found = SecretsIn(out);
    if (v.some) {
      EXPECT_TRUE(std::includes(v.shown.begin(), v.shown.end(), found.begin(), found.end())) << v.name;
      EXPECT_GE(found.size(), v.shown.size() / 2) << v.name;
    } else {
      EXPECT_EQ(found, v.shown) << v.name;
    }
    ExpectGolden(v.golden_shown, out);
  }
  EXPECT_EQ(SecretsIn(Browse(true)), ValueSecrets("SECRET-secret_out"));  // outputs are not browsed
}

// The finding of issue 15: a set block sensitive as a whole before, a list block inside it
// after, in --format json. The JSON keeps the documented shape: each hidden block is a
// sensitiveBlockRenderer whose inner is {"redacted": true}.
TEST(Redaction, JsonPresentsBlocksOfASensitiveTypeAsSensitiveBlocks) {
  FormatOptions json;
  json.format = OutputFormat::kJson;
  std::string out = Render(json, false);
  structured::ParseResult parsed = structured::ParseJson(out);
  ASSERT_TRUE(parsed.ok());
  structured::Value changes = parsed.value()->root().find("resource_changes");
  structured::Value found;
  for (size_t i = 0; i < changes.size(); ++i) {
    if (changes.at(i).find("name").text() == "set_block_then_inner") found = changes.at(i);
  }
  ASSERT_FALSE(found.absent());
  structured::Value sets = found.find("diff").find("renderer").find("blocks").find("SetBlocks").find("st");
  ASSERT_EQ(sets.size(), 2u);
  structured::Value deleted = sets.at(0).find("renderer");
  EXPECT_EQ(deleted.find("type").text(), "sensitiveBlockRenderer");
  EXPECT_EQ(testing::JsonText(deleted.find("inner")), R"({"redacted":true})");
  structured::Value inner = sets.at(1).find("renderer").find("blocks").find("ListBlocks").find("inner").at(0);
  EXPECT_EQ(inner.find("renderer").find("type").text(), "sensitiveBlockRenderer");
  EXPECT_EQ(testing::JsonText(inner.find("renderer").find("inner")), R"({"redacted":true})");
}

}  // namespace
}  // namespace planview::renderer::formats
