// Unknown, type-change and write-only renderers.
#include "change/testing/json_values.h"
#include "change/testing/render.h"
#include "change/renderers/renderers.h"
#include "gtest/gtest.h"

namespace planview::change::renderers {
namespace {

using change::testing::Json;
using change::testing::Render;
using structured::Type;
using structured::Value;

TEST(Unknown, CreatedOrReplacingAValue) {
  EXPECT_EQ(Render(Diff(Unknown(Diff()), Action::kCreate, true)), "(known after apply) # forces replacement");
  Diff before(Primitive(Json("\"old\""), Value(), Type::String()), Action::kDelete, false);
  EXPECT_EQ(Render(Diff(Unknown(before), Action::kUpdate, false)), "\"old\" -> (known after apply)");
}

TEST(TypeChange, RendersBothSidesWithoutNullSuffix) {
  Diff before(Primitive(Json("1"), Value(), Type::Number()), Action::kDelete, false);
  Diff after(List({Diff(Primitive(Value(), Json("2"), Type::Number()), Action::kCreate, false)}), Action::kCreate,
             false);
  EXPECT_EQ(Render(Diff(TypeChange(before, after), Action::kUpdate, false)),
            "1 -> [\n"
            "      + 2,\n"
            "    ]");
}

TEST(WriteOnly, NeverShowsTheValue) {
  EXPECT_EQ(Render(Diff(WriteOnly(), Action::kDelete, true)), "(write-only attribute) # forces replacement -> null");
  EXPECT_EQ(Render(Diff(WriteOnly(), Action::kUpdate, false)), "(write-only attribute)");
}

TEST(Diff, EmptyDiffRendersNothing) { EXPECT_EQ(Render(Diff()), ""); }

}  // namespace
}  // namespace planview::change::renderers
