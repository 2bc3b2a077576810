#include "change/testing/primitive_diffs.h"
#include "change/testing/render.h"
#include "change/renderers/renderers.h"
#include "gtest/gtest.h"

namespace planview::change::renderers {
namespace {

using change::testing::Str;
using change::testing::Render;

TEST(Set, ShowsChangedElementsAndCountsTheRest) {
  std::vector<Diff> elements = {Str("\"a\"", "\"a\"", Action::kNoOp), Str("\"b\"", nullptr, Action::kDelete),
                                Str(nullptr, "\"c\"", Action::kCreate), Str("\"d\"", "\"d\"", Action::kNoOp)};
  EXPECT_EQ(Render(Diff(Set(std::move(elements)), Action::kUpdate, false)),
            "[\n"
            "      - \"b\",\n"
            "      + \"c\",\n"
            "        # (2 unchanged elements hidden)\n"
            "    ]");
}

TEST(Set, NestedSetsPushForcesReplacementOntoElements) {
  std::vector<Diff> elements = {Str(nullptr, "\"c\"", Action::kCreate)};
  EXPECT_EQ(Render(Diff(NestedSet(elements), Action::kUpdate, true)),
            "[\n"
            "      + \"c\" # forces replacement,\n"
            "    ]");
  EXPECT_EQ(Render(Diff(Set(elements), Action::kUpdate, true)),
            "[ # forces replacement\n"
            "      + \"c\",\n"
            "    ]");
}

TEST(Set, EmptySets) {
  EXPECT_EQ(Render(Diff(Set({}), Action::kDelete, true)), "[] -> null # forces replacement");
  EXPECT_EQ(Render(Diff(NestedSet({}), Action::kDelete, true)), "[] -> null");
}

}  // namespace
}  // namespace planview::change::renderers
