// The folding structure of a block rendered from a real diff tree, with the outline the
// renderer recorded while writing it.
#include "renderer/tree/line_tree.h"

#include <gtest/gtest.h>

#include <tuple>

#include "change/colorize.h"
#include "change/renderers/renderers.h"
#include "change/testing/primitive_diffs.h"

namespace planview::renderer::tree {
namespace {

using change::Diff;
using change::testing::Num;
using change::testing::Str;

constexpr std::string_view kBlock =
    "  # t.x will be updated in-place\n"
    "  ~ resource \"t\" \"x\" {\n"
    "        id   = \"a\"\n"
    "      ~ tags = {\n"
    "          ~ \"k\" = \"1\" -> \"2\"\n"
    "        }\n"
    "      ~ text = <<-EOT\n"
    "            one\n"
    "          + two\n"
    "        EOT\n"
    "      - xdoc = jsonencode(\n"
    "            {\n"
    "              - a = 1\n"
    "            }\n"
    "        ) -> null\n"
    "        # (1 unchanged attribute hidden)\n"
    "\n"
    "      + empty {\n"
    "        }\n"
    "    }";

// The block above as a diff tree, rendered the way the plan renderer renders a resource,
// and its LineTree.
struct Rendered {
  std::string text;
  change::Outline outline;
  LineTree tree;
};

Rendered RenderBlock() {
  change::renderers::DiffMap tags;
  tags["k"] = Str("\"1\"", "\"2\"", Action::kUpdate);
  change::renderers::DiffMap attributes;
  attributes["id"] = Str("\"a\"", "\"a\"", Action::kNoOp);
  attributes["tags"] = Diff(change::renderers::Map(std::move(tags)), Action::kUpdate, false);
  attributes["text"] = Str("\"one\\n\"", "\"one\\ntwo\\n\"", Action::kUpdate);
  attributes["xdoc"] = Str(R"("{\"a\":1}")", "null", Action::kDelete);
  attributes["zed"] = Num("1", "1", Action::kNoOp);
  // A block whose only nested block type has no blocks: its frame with nothing inside.
  change::renderers::Blocks inner;
  inner.AddAllListBlock("none", {}, false, false, false);
  change::renderers::Blocks blocks;
  blocks.AddSingleBlock("empty", Diff(change::renderers::Block({}, std::move(inner)), Action::kCreate, false), false,
                        false, false);
  Diff block(change::renderers::Block(std::move(attributes), std::move(blocks)), Action::kUpdate, false);

  Rendered r;
  change::Colorize colorize(false);
  change::RenderOpts opts;
  opts.colorize = &colorize;
  opts.outline = &r.outline;
  r.text = "  # t.x will be updated in-place\n  ~ resource \"t\" \"x\" ";
  block.RenderHuman(0, opts, r.text);
  r.tree = LineTree(r.text, r.outline);
  return r;
}

TEST(LineTree, FindsTheNodesTheRendererWrote) {
  Rendered r = RenderBlock();
  ASSERT_EQ(r.text, kBlock);
  const LineTree& tree = r.tree;
  ASSERT_EQ(tree.lines().size(), 20u);
  ASSERT_EQ(tree.roots().size(), 2u);
  const LineNode& comment = tree.nodes()[tree.roots()[0]];
  EXPECT_FALSE(comment.foldable());
  const LineNode& resource = tree.nodes()[tree.roots()[1]];
  EXPECT_EQ(resource.line, 1);
  EXPECT_EQ(resource.close_line, 19);
  // id, tags, text, xdoc, comment, blank, empty
  ASSERT_EQ(resource.children.size(), 7u);
  const LineNode& tags = tree.nodes()[resource.children[1]];
  EXPECT_EQ(tags.line, 3);
  EXPECT_EQ(tags.close_line, 5);
  EXPECT_EQ(tags.children.size(), 1u);
  const LineNode& text = tree.nodes()[resource.children[2]];
  EXPECT_EQ(text.close_line, 9);
  EXPECT_EQ(text.children.size(), 2u);
  const LineNode& doc = tree.nodes()[resource.children[3]];
  EXPECT_EQ(doc.close_line, 14);
  ASSERT_EQ(doc.children.size(), 1u);
  EXPECT_EQ(tree.nodes()[doc.children[0]].close_line, 13);
  EXPECT_FALSE(tree.nodes()[resource.children[4]].foldable());
  EXPECT_FALSE(tree.nodes()[resource.children[5]].foldable());
  const LineNode& empty = tree.nodes()[resource.children[6]];
  EXPECT_EQ(empty.line, 17);
  EXPECT_EQ(empty.close_line, 18);
  EXPECT_TRUE(empty.children.empty());
  EXPECT_EQ(tree.NodeOfLine(18), resource.children[6]);
  EXPECT_EQ(tree.nodes()[resource.children[1]].parent, tree.roots()[1]);
}

TEST(LineTree, FlattensBackToTheText) {
  Rendered r = RenderBlock();
  EXPECT_EQ(r.tree.Flatten(), kBlock);
}

TEST(LineTree, FoldedNodesHideChildrenAndClosingLine) {
  Rendered r = RenderBlock();
  const LineTree& tree = r.tree;
  const LineNode& resource = tree.nodes()[tree.roots()[1]];
  int tags = resource.children[1];
  int doc = resource.children[3];
  EXPECT_EQ(tree.Flatten([&](int n) { return n == tags || n == doc; }),
            "  # t.x will be updated in-place\n"
            "  ~ resource \"t\" \"x\" {\n"
            "        id   = \"a\"\n"
            "      ~ tags = {\n"
            "      ~ text = <<-EOT\n"
            "            one\n"
            "          + two\n"
            "        EOT\n"
            "      - xdoc = jsonencode(\n"
            "        # (1 unchanged attribute hidden)\n"
            "\n"
            "      + empty {\n"
            "        }\n"
            "    }");
  EXPECT_EQ(tree.Flatten([&](int n) { return n == tree.roots()[1]; }),
            "  # t.x will be updated in-place\n"
            "  ~ resource \"t\" \"x\" {");
}

TEST(LineTree, WithoutAnOutlineNothingFolds) {
  LineTree tree(kBlock, change::Outline());
  EXPECT_EQ(tree.roots().size(), 20u);
  EXPECT_EQ(tree.Flatten(), kBlock);
}

TEST(LineTree, ANodeSharingItsParentsFirstOrLastLineIsNotASeparateFold) {
  // A sensitive value wraps its inner value over the same lines; a type change's sides
  // share the line "] -> {".
  change::Outline outline;
  outline.End(outline.Begin(4), 22);   // the attribute: lines 0-3
  outline.End(outline.Begin(4), 22);   // its inner value, the same lines
  outline.End(outline.Begin(4), 9);    // before: lines 0-1
  outline.End(outline.Begin(13), 22);  // after: lines 1-3
  LineTree tree("a = [\n  ] -> {\n  b\n  }", outline);
  ASSERT_EQ(tree.roots().size(), 1u);
  const LineNode& node = tree.nodes()[tree.roots()[0]];
  EXPECT_EQ(node.close_line, 3);
  EXPECT_EQ(node.children.size(), 2u);
}

// Symbols are where the renderer wrote them, with their action; nothing else on a line is
// one (the unchanged line of a text below reads like an addition).
TEST(LineTree, SymbolsAreWhereTheRendererWroteThem) {
  Rendered r = RenderBlock();
  auto symbols = [&](int line) {
    std::vector<std::tuple<size_t, size_t, Action>> out;
    for (const LineSymbol& s : r.tree.SymbolsOn(line)) out.emplace_back(s.begin, s.end, s.action);
    return out;
  };
  using V = std::vector<std::tuple<size_t, size_t, Action>>;
  EXPECT_EQ(symbols(1), V{});  // written by hand above, not by a renderer
  EXPECT_EQ(symbols(2), V{});  // unchanged
  EXPECT_EQ(symbols(3), (V{{4, 8, Action::kUpdate}}));
  EXPECT_EQ(symbols(4), (V{{8, 12, Action::kUpdate}}));
  EXPECT_EQ(symbols(5), V{});
  EXPECT_EQ(symbols(7), V{});
  EXPECT_EQ(symbols(8), (V{{8, 12, Action::kCreate}}));
  EXPECT_EQ(symbols(10), (V{{4, 8, Action::kDelete}}));
  EXPECT_EQ(symbols(12), (V{{12, 16, Action::kDelete}}));  // inside the JSON, shifted to its place
  EXPECT_EQ(symbols(17), (V{{4, 8, Action::kCreate}}));

  change::Colorize colorize(false);
  change::RenderOpts opts;
  opts.colorize = &colorize;
  change::Outline outline;
  opts.outline = &outline;
  std::string text;
  Str("\"a\\n  + not a change\\n\"", "\"b\\n  + not a change\\n\"", Action::kUpdate).RenderHuman(0, opts, text);
  LineTree tree(text, outline);
  ASSERT_GE(tree.lines().size(), 4u);
  EXPECT_EQ(tree.lines()[2], "      + b");
  EXPECT_EQ(tree.SymbolsOn(2).size(), 1u);
  EXPECT_EQ(tree.lines()[3], "          + not a change");
  EXPECT_TRUE(tree.SymbolsOn(3).empty());
}

}  // namespace
}  // namespace planview::renderer::tree
