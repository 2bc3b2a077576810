#include "change/testing/primitive_diffs.h"
#include "change/testing/render.h"
#include "change/renderers/renderers.h"
#include "gtest/gtest.h"

namespace planview::change::renderers {
namespace {

using change::testing::Num;
using change::testing::Render;

DiffMap Attributes() {
  DiffMap attributes;
  attributes.emplace("id", Num("1", "1", Action::kNoOp));
  attributes.emplace("count", Num("1", "2", Action::kUpdate));
  attributes.emplace("not valid", Num("3", nullptr, Action::kDelete));
  attributes.emplace("other", Num("4", "4", Action::kNoOp));
  return attributes;
}

TEST(Object, AlignsEscapesAndAlwaysShowsImportantAttributes) {
  EXPECT_EQ(Render(Diff(NestedObject(Attributes()), Action::kUpdate, false)),
            "{\n"
            "      ~ count       = 1 -> 2\n"
            "        id          = 1\n"
            "      - \"not valid\" = 3 -> null\n"
            "        # (1 unchanged attribute hidden)\n"
            "    }");
}

TEST(Object, ObjectsInsideValuesHideNullSuffixes) {
  EXPECT_EQ(Render(Diff(Object(Attributes()), Action::kUpdate, false), {}, 1),
            "{\n"
            "          ~ count       = 1 -> 2\n"
            "            id          = 1\n"
            "          - \"not valid\" = 3\n"
            "            # (1 unchanged attribute hidden)\n"
            "        }");
}

TEST(Object, EmptyObjects) {
  EXPECT_EQ(Render(Diff(Object({}), Action::kDelete, true)), "{} -> null # forces replacement");
}

}  // namespace
}  // namespace planview::change::renderers
