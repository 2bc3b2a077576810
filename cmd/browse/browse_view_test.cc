#include "cmd/browse/browse_view.h"

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "structured/json_parse.h"

namespace planview::cmd::browse {
namespace {

std::string Read(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

class BrowseViewTest : public ::testing::Test {
 protected:
  void SetUp() override {
    structured::ParseResult parsed = structured::ParseJson(Read("testdata/browse/mixed_schemas.json"));
    ASSERT_TRUE(parsed.ok());
    base::Expected<structured::ProviderSchemas> schemas = structured::ProviderSchemas::Parse(parsed.value());
    ASSERT_TRUE(schemas) << schemas.error().message;
    schemas_ = std::move(*schemas);
    renderer::tree::PlanTreeOptions options;
    options.schemas = &*schemas_;
    base::Expected<std::unique_ptr<renderer::tree::PlanTree>> tree =
        renderer::tree::PlanTree::Load(Read("testdata/browse/mixed_plan.json"), "mixed_plan.json", options);
    ASSERT_TRUE(tree) << tree.error().message;
    tree_ = std::move(*tree);
    view_ = std::make_unique<BrowseView>(*tree_);
  }

  std::vector<std::string> Texts() {
    std::vector<std::string> out;
    for (const Row& r : view_->rows()) out.push_back(view_->RowText(r));
    return out;
  }

  std::string CursorText() { return view_->RowText(view_->rows()[view_->cursor()]); }

  std::optional<structured::ProviderSchemas> schemas_;
  std::unique_ptr<renderer::tree::PlanTree> tree_;
  std::unique_ptr<BrowseView> view_;
};

TEST_F(BrowseViewTest, ListsDestroyAndReplaceFirstThenPlanOrder) {
  EXPECT_EQ(Texts(), (std::vector<std::string>{
                         "  - local_file.local_file",
                         "  - null_resource.null_resource",
                         "-/+ tfcoremock_map.map",
                         "-/+ tfcoremock_object.object",
                         "  ~ tfcoremock_simple_resource.base_after  # drift  # moved from tfcoremock_simple_resource.base_before",
                         " <= data.tfcoremock_simple_resource.read",
                         "  ~ tfcoremock_complex_resource.complex",
                         "  ~ tfcoremock_simple_resource.base_after  # moved from tfcoremock_simple_resource.base_before",
                         "  + tfcoremock_simple_resource.create",
                         "  ~ tfcoremock_simple_resource.dependent",
                         "  + module.create.local_file.data_file",
                         "  + module.create.random_integer.random",
                     }));
  view_->ToggleOrder();
  EXPECT_EQ(view_->RowText(view_->rows()[0]),
            "  ~ tfcoremock_simple_resource.base_after  # drift  # moved from tfcoremock_simple_resource.base_before");
  EXPECT_EQ(view_->RowText(view_->rows()[1]), " <= data.tfcoremock_simple_resource.read");
  EXPECT_EQ(view_->RowText(view_->rows()[2]), "  - local_file.local_file");
  EXPECT_EQ(view_->RowText(view_->rows()[11]), "  + module.create.random_integer.random");
}

TEST_F(BrowseViewTest, EnterExpandsIntoTheRenderedBlockAndFolds) {
  view_->SetCursor(1);  // null_resource.null_resource
  view_->Activate();
  std::vector<std::string> texts = Texts();
  ASSERT_EQ(texts.size(), 12u + 5u);
  EXPECT_EQ(texts[2], "  # null_resource.null_resource will be destroyed");
  EXPECT_EQ(texts[3], "  # (because null_resource.null_resource is not in configuration)");
  EXPECT_EQ(texts[4], "  - resource \"null_resource\" \"null_resource\" {");
  EXPECT_EQ(texts[5], "      - id = \"7115293105928418144\" -> null");
  EXPECT_EQ(texts[6], "    }");
  EXPECT_EQ(texts[7], "-/+ tfcoremock_map.map");
  EXPECT_EQ(CursorText(), "  - null_resource.null_resource");
  view_->MoveCursor(2);
  view_->Activate();  // a comment line: nothing to fold
  EXPECT_EQ(view_->rows().size(), 12u + 5u);
  view_->MoveCursor(3);
  ASSERT_EQ(CursorText(), "    }");
  view_->Activate();  // the closing line folds its block too
  EXPECT_EQ(CursorText(), "  - resource \"null_resource\" \"null_resource\" { ... }");
  EXPECT_EQ(view_->rows().size(), 12u + 3u);  // two comment lines and the folded one
  view_->Activate();  // unfold
  EXPECT_EQ(view_->rows().size(), 12u + 5u);
  view_->MoveCursor(-3);
  view_->Activate();  // collapse
  EXPECT_EQ(view_->rows().size(), 12u);
}

// A block's line reaches the screen as a view of the rendered tree's own line: drawing a
// row never copies it (a 100 MB string value is one line; each redraw once copied it and
// decoded every glyph of it).
TEST_F(BrowseViewTest, BlockLinesAreViewsOfTheTreeNotCopies) {
  view_->SetCursor(1);
  view_->Activate();
  const Row& row = view_->rows()[5];
  ASSERT_GE(row.line, 0);
  std::string storage;
  std::string_view text = view_->RowText(row, storage);
  const std::string& line = view_->tree().Subtree(row.entry, false).lines()[row.line];
  EXPECT_EQ(text, "      - id = \"7115293105928418144\" -> null");
  EXPECT_EQ(text.data(), line.data());
  EXPECT_TRUE(storage.empty());
}

TEST_F(BrowseViewTest, UnchangedToggleRendersTheVerboseBlock) {
  view_->SetCursor(6);  // tfcoremock_complex_resource.complex
  ASSERT_EQ(CursorText(), "  ~ tfcoremock_complex_resource.complex");
  view_->Activate();
  const size_t concise = view_->rows().size();
  view_->ToggleUnchanged();
  EXPECT_GT(view_->rows().size(), concise);
  EXPECT_EQ(CursorText(), "  ~ tfcoremock_complex_resource.complex");
  bool hidden_comment = false;
  for (const std::string& t : Texts()) hidden_comment |= t.find("unchanged attributes hidden") != std::string::npos;
  EXPECT_FALSE(hidden_comment);
  view_->ToggleUnchanged();
  EXPECT_EQ(view_->rows().size(), concise);
}

TEST_F(BrowseViewTest, FilterCyclesThroughThePlansActions) {
  std::vector<std::string> seen;
  for (int i = 0; i < 7; ++i) {
    view_->CycleFilter();
    seen.push_back(view_->filter() ? std::string(renderer::formats::CategoryName(*view_->filter())) : "all");
    if (view_->filter() && *view_->filter() == renderer::formats::ActionCategory::kDelete) {
      EXPECT_EQ(Texts(), (std::vector<std::string>{"  - local_file.local_file", "  - null_resource.null_resource"}));
    }
  }
  EXPECT_EQ(seen, (std::vector<std::string>{"create", "update", "delete", "replace", "read", "move", "all"}));
}

TEST_F(BrowseViewTest, JumpsBetweenDestroysAndReplaces) {
  view_->ToggleOrder();  // plan order; the cursor stays on its resource
  EXPECT_EQ(CursorText(), "  - local_file.local_file");
  view_->SetCursor(0);
  EXPECT_TRUE(view_->JumpRisky(true));
  EXPECT_EQ(CursorText(), "  - local_file.local_file");
  EXPECT_TRUE(view_->JumpRisky(true));
  EXPECT_EQ(CursorText(), "  - null_resource.null_resource");
  EXPECT_TRUE(view_->JumpRisky(true));
  EXPECT_EQ(CursorText(), "-/+ tfcoremock_map.map");
  EXPECT_TRUE(view_->JumpRisky(true));
  EXPECT_EQ(CursorText(), "-/+ tfcoremock_object.object");
  EXPECT_FALSE(view_->JumpRisky(true));
  EXPECT_TRUE(view_->JumpRisky(false));
  EXPECT_EQ(CursorText(), "-/+ tfcoremock_map.map");
}

TEST_F(BrowseViewTest, SearchFindsAddressesAndValuesAndRevealsThem) {
  EXPECT_EQ(view_->Search("HELLO, CHANGE"), 2);
  EXPECT_EQ(CursorText(), "      ~ string = \"Hello, drift!\" -> \"Hello, change!\"");
  EXPECT_TRUE(view_->NextHit(true));
  EXPECT_EQ(CursorText(), "      ~ string = \"Hello, world!\" -> \"Hello, change!\"");
  EXPECT_TRUE(view_->NextHit(true));  // wraps
  EXPECT_EQ(CursorText(), "      ~ string = \"Hello, drift!\" -> \"Hello, change!\"");
  EXPECT_EQ(view_->current_hit(), 0);
  EXPECT_TRUE(view_->NextHit(false));
  EXPECT_EQ(view_->current_hit(), 1);
  // The address, and the comment lines of its block.
  EXPECT_EQ(view_->Search("null_resource.null"), 3);
  EXPECT_EQ(CursorText(), "  - null_resource.null_resource");
  EXPECT_EQ(view_->Search("no such text"), 0);
}

TEST_F(BrowseViewTest, SearchUnfoldsFoldedBlocks) {
  view_->SetCursor(6);
  view_->Activate();  // complex: expanded
  view_->MoveCursor(2);
  ASSERT_EQ(CursorText(), "  ~ resource \"tfcoremock_complex_resource\" \"complex\" {");
  view_->Activate();  // folded
  view_->SetCursor(0);
  EXPECT_EQ(view_->Search("but I've been edited"), 1);
  EXPECT_EQ(CursorText(), "                  + but I've been edited");
}

TEST(ContainsIgnoringCase, Basics) {
  EXPECT_TRUE(ContainsIgnoringCase("Hello, World", "o, w"));
  EXPECT_FALSE(ContainsIgnoringCase("Hello", "hello!"));
  EXPECT_TRUE(ContainsIgnoringCase("x", ""));
}

// Colour comes from where the renderer wrote each action symbol, not from what a line
// starts with: a line of a string value that reads like a symbol stays uncoloured.
TEST(BrowseColors, OnlyTheSymbolsTheRendererWroteAreColoured) {
  structured::ParseResult parsed = structured::ParseJson(
      R"({"format_version":"1.0","provider_schemas":{"p":{"resource_schemas":{"t":{"version":0,"block":{"attributes":{"x":{"type":"string","optional":true}}}}}}}})");
  ASSERT_TRUE(parsed.ok());
  base::Expected<structured::ProviderSchemas> schemas = structured::ProviderSchemas::Parse(parsed.value());
  ASSERT_TRUE(schemas) << schemas.error().message;
  renderer::tree::PlanTreeOptions options;
  options.schemas = &*schemas;
  base::Expected<std::unique_ptr<renderer::tree::PlanTree>> tree = renderer::tree::PlanTree::Load(
      std::string(R"({"format_version":"1.2","resource_changes":[{"address":"t.a","mode":"managed","type":"t","name":"a",
          "provider_name":"p","change":{"actions":["delete","create"],"before":{"x":"a\n  + not a change\n"},
          "after":{"x":"b\n  + not a change\n"},"replace_paths":[["x"]]}}]})"),
      "plan.json", options);
  ASSERT_TRUE(tree) << tree.error().message;
  BrowseView view(**tree);
  view.Activate();
  std::vector<std::string> texts;
  std::vector<std::vector<ColoredByte>> colors;
  for (const Row& row : view.rows()) {
    texts.push_back(view.RowText(row));
    colors.push_back(view.RowColors(row));
  }
  ASSERT_EQ(texts, (std::vector<std::string>{
                       "-/+ t.a",
                       "  # t.a must be replaced",
                       "-/+ resource \"t\" \"a\" {",
                       "      ~ x = <<-EOT # forces replacement",
                       "          - a",
                       "          + b",
                       "              + not a change",
                       "        EOT",
                       "    }",
                   }));
  using C = std::vector<ColoredByte>;
  EXPECT_EQ(colors[0], (C{{0, "red"}, {2, "green"}}));
  EXPECT_EQ(colors[1], C{});
  EXPECT_EQ(colors[2], (C{{0, "red"}, {2, "green"}}));
  EXPECT_EQ(colors[3], (C{{6, "yellow"}}));
  EXPECT_EQ(colors[4], (C{{10, "red"}}));
  EXPECT_EQ(colors[5], (C{{10, "green"}}));
  EXPECT_EQ(colors[6], C{});  // "+ not a change" is the value's text, not an addition
  EXPECT_EQ(colors[7], C{});
  EXPECT_EQ(colors[8], C{});
}

}  // namespace
}  // namespace planview::cmd::browse
