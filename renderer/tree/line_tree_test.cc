#include "renderer/tree/line_tree.h"

#include <gtest/gtest.h>

namespace planview::renderer::tree {
namespace {

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
    "      - doc  = jsonencode(\n"
    "            {\n"
    "              - a = 1\n"
    "            }\n"
    "        ) -> null\n"
    "        # (1 unchanged attribute hidden)\n"
    "\n"
    "      + empty {\n"
    "        }\n"
    "    }";

TEST(LineTree, FindsNodesFromIndentation) {
  LineTree tree(kBlock);
  ASSERT_EQ(tree.lines().size(), 20u);
  ASSERT_EQ(tree.roots().size(), 2u);
  const LineNode& comment = tree.nodes()[tree.roots()[0]];
  EXPECT_FALSE(comment.foldable());
  const LineNode& resource = tree.nodes()[tree.roots()[1]];
  EXPECT_EQ(resource.line, 1);
  EXPECT_EQ(resource.close_line, 19);
  // id, tags, text, doc, comment, blank, empty
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
  LineTree tree(kBlock);
  EXPECT_EQ(tree.Flatten(), kBlock);
}

TEST(LineTree, FoldedNodesHideChildrenAndClosingLine) {
  LineTree tree(kBlock);
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
            "      - doc  = jsonencode(\n"
            "        # (1 unchanged attribute hidden)\n"
            "\n"
            "      + empty {\n"
            "        }\n"
            "    }");
  EXPECT_EQ(tree.Flatten([&](int n) { return n == tree.roots()[1]; }),
            "  # t.x will be updated in-place\n"
            "  ~ resource \"t\" \"x\" {");
}

TEST(LineTree, SymbolsAndContentColumns) {
  EXPECT_EQ(ContentColumn("  ~ resource"), 4);
  EXPECT_EQ(ContentColumn("-/+ resource"), 4);
  EXPECT_EQ(ContentColumn(" <= data"), 4);
  EXPECT_EQ(ContentColumn("  ./+ resource"), 6);
  EXPECT_EQ(ContentColumn("        id = 1"), 8);
  EXPECT_EQ(ContentColumn("    -> x"), 4);  // not a symbol: more than a symbol's run
  EXPECT_EQ(Indentation("   "), 3);
}

TEST(LineTree, LeafFollowedBySiblingIsNotANode) {
  LineTree tree("      ~ a = 1 -> 2\n        b = 3\n      + c = {\n        }");
  ASSERT_EQ(tree.roots().size(), 3u);
  EXPECT_FALSE(tree.nodes()[tree.roots()[0]].foldable());
  EXPECT_FALSE(tree.nodes()[tree.roots()[1]].foldable());
  EXPECT_TRUE(tree.nodes()[tree.roots()[2]].foldable());
}

TEST(LineTree, BlankLineThenSiblingBlockIsNotAClosingLine) {
  LineTree tree(
      "        string = \"x\"\n"
      "\n"
      "        list_block {\n"
      "            a = 1\n"
      "        }");
  ASSERT_EQ(tree.roots().size(), 3u);
  EXPECT_FALSE(tree.nodes()[tree.roots()[0]].foldable());
  EXPECT_EQ(tree.nodes()[tree.roots()[2]].close_line, 4);
}

}  // namespace
}  // namespace planview::renderer::tree
