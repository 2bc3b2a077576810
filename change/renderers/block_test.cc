#include <string>

#include "change/testing/primitive_diffs.h"
#include "change/testing/render.h"
#include "change/renderers/renderers.h"
#include "gtest/gtest.h"

namespace planview::change::renderers {
namespace {

using change::testing::Str;
using change::testing::Render;

Diff Inner(const char* before, const char* after, Action action) {
  DiffMap attributes;
  attributes.emplace("value", Str(before, after, action));
  return Diff(Block(std::move(attributes), {}), action, false);
}

TEST(Block, AttributesThenBlockGroupsSeparatedByBlankLines) {
  DiffMap attributes;
  attributes.emplace("name", Str("\"n\"", "\"n\"", Action::kNoOp));
  attributes.emplace("size", Str("\"s\"", "\"m\"", Action::kUpdate));
  attributes.emplace("zone", Str("\"z\"", "\"z\"", Action::kNoOp));
  Blocks blocks;
  blocks.AddAllListBlock("rule", {Inner("\"a\"", "\"b\"", Action::kUpdate), Inner("\"c\"", "\"c\"", Action::kNoOp)},
                         false, false, false);
  DiffMap tagged;
  tagged.emplace("x y", Inner(nullptr, "\"v\"", Action::kCreate));
  blocks.AddAllMapBlocks("tagged", std::move(tagged), true, false, false);
  EXPECT_EQ(Render(Diff(Block(std::move(attributes), std::move(blocks)), Action::kUpdate, false)),
            "{\n"
            "        name = \"n\"\n"
            "      ~ size = \"s\" -> \"m\"\n"
            "        # (1 unchanged attribute hidden)\n"
            "\n"
            "      ~ rule {\n"
            "          ~ value = \"a\" -> \"b\"\n"
            "        }\n"
            "\n"
            "      + tagged \"x y\" { # forces replacement\n"
            "          + value = \"v\"\n"
            "        }\n"
            "\n"
            "        # (1 unchanged block hidden)\n"
            "    }");
}

// Names are aligned by runes to the widest name in bytes, quoted when not identifiers:
// past the first 64 names too, and for identifiers that are not ASCII.
TEST(Block, ManyNamesAlignedByRunes) {
  DiffMap attributes;
  std::string want = "{\n";
  attributes.emplace("caf\u00e9", Str("\"a\"", "\"b\"", Action::kUpdate));  // 5 bytes, 4 runes
  want += "      ~ caf\u00e9  = \"a\" -> \"b\"\n";
  for (int i = 0; i < 66; ++i) {
    const std::string name = std::string(i < 10 ? "k0" : "k") + std::to_string(i);
    attributes.emplace(name, Str("\"a\"", "\"b\"", Action::kUpdate));
    want += "      ~ " + name + "   = \"a\" -> \"b\"\n";
  }
  attributes.emplace("z q", Str("\"a\"", "\"b\"", Action::kUpdate));  // the 68th name, quoted: 5 bytes
  want += "      ~ \"z q\" = \"a\" -> \"b\"\n";
  attributes.emplace("\u00fc", Str("\"a\"", "\"b\"", Action::kUpdate));  // 2 bytes, 1 rune
  want += "      ~ \u00fc     = \"a\" -> \"b\"\n";
  want += "    }";
  EXPECT_EQ(Render(Diff(Block(std::move(attributes), {}), Action::kUpdate, false)), want);
}

TEST(Block, SensitiveGroupsHideTheirContents) {
  Blocks blocks;
  blocks.AddSingleBlock("secret", Inner("\"a\"", "\"a\"", Action::kNoOp), false, false, true);
  Diff diff(Block({}, std::move(blocks)), Action::kUpdate, false);
  EXPECT_EQ(Render(diff),
            "{\n"
            "      # Warning: this block will be marked as sensitive and will not\n"
            "      # display in UI output after applying this change.\n"
            "      ~ secret {\n"
            "          # At least one attribute in this block is (or was) sensitive,\n"
            "          # so its contents will not be displayed.\n"
            "        }\n"
            "    }");
}

TEST(Block, EmptyBlock) {
  EXPECT_EQ(Render(Diff(Block({}, {}), Action::kCreate, true)), "{} # forces replacement");
}

}  // namespace
}  // namespace planview::change::renderers
