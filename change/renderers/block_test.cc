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
