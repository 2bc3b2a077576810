#include "change/testing/primitive_diffs.h"
#include "change/testing/render.h"
#include "change/renderers/renderers.h"
#include "gtest/gtest.h"

namespace planview::change::renderers {
namespace {

using change::testing::Num;
using change::testing::Render;

std::vector<Diff> Elements() {
  // 1 2 3 4 [5 -> 50] 6 7 8 +9
  return {Num("1", "1", Action::kNoOp), Num("2", "2", Action::kNoOp), Num("3", "3", Action::kNoOp),
          Num("4", "4", Action::kNoOp), Num("5", "50", Action::kUpdate), Num("6", "6", Action::kNoOp),
          Num("7", "7", Action::kNoOp), Num("8", "8", Action::kNoOp), Num(nullptr, "9", Action::kCreate)};
}

TEST(List, ShowsOneUnchangedElementOfContextAroundChanges) {
  EXPECT_EQ(Render(Diff(List(Elements()), Action::kUpdate, false)),
            "[\n"
            "        # (3 unchanged elements hidden)\n"
            "        4,\n"
            "      ~ 5 -> 50,\n"
            "        6,\n"
            "        # (1 unchanged element hidden)\n"
            "        8,\n"
            "      + 9,\n"
            "    ]");
}

TEST(List, NestedListsShowNoContext) {
  EXPECT_EQ(Render(Diff(NestedList(Elements()), Action::kUpdate, true)),
            "[ # forces replacement\n"
            "      ~ 5 -> 50,\n"
            "      + 9,\n"
            "        # (7 unchanged elements hidden)\n"
            "    ]");
}

TEST(List, ShowUnchangedChildrenShowsEverything) {
  RenderOpts opts;
  opts.show_unchanged_children = true;
  std::vector<Diff> elements = {Num("1", "1", Action::kNoOp), Num("2", nullptr, Action::kDelete)};
  EXPECT_EQ(Render(Diff(List(std::move(elements)), Action::kUpdate, false), opts, 1),
            "[\n"
            "            1,\n"
            "          - 2,\n"
            "        ]");
}

TEST(List, EmptyLists) {
  EXPECT_EQ(Render(Diff(List({}), Action::kDelete, false)), "[] -> null");
  EXPECT_EQ(Render(Diff(List({}), Action::kCreate, true)), "[] # forces replacement");
}

TEST(List, ColouredSymbols) {
  std::vector<Diff> elements = {Num(nullptr, "1", Action::kCreate)};
  EXPECT_EQ(Render(Diff(List(std::move(elements)), Action::kCreate, false), {}, 0, true),
            "[\n      \033[32m+\033[0m\033[0m 1,\n    ]");
}

}  // namespace
}  // namespace planview::change::renderers
