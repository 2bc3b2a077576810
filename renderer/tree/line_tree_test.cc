// The folding structure of a block rendered from a real diff tree, with the outline the
// renderer recorded while writing it.
#include "renderer/tree/line_tree.h"

#include <gtest/gtest.h>

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

TEST(LineTree, SymbolsAndContentColumns) {
  EXPECT_EQ(ContentColumn("  ~ resource"), 4);
  EXPECT_EQ(ContentColumn("-/+ resource"), 4);
  EXPECT_EQ(ContentColumn(" <= data"), 4);
  EXPECT_EQ(ContentColumn("  ./+ resource"), 6);
  EXPECT_EQ(ContentColumn("        id = 1"), 8);
  EXPECT_EQ(ContentColumn("    -> x"), 4);  // not a symbol: more than a symbol's run
  EXPECT_EQ(ContentColumn("   "), 3);
}

}  // namespace
}  // namespace planview::renderer::tree
