#include "change/testing/primitive_diffs.h"
#include "change/testing/render.h"
#include "change/renderers/renderers.h"
#include "gtest/gtest.h"

namespace planview::change::renderers {
namespace {

using change::testing::Str;
using change::testing::Render;

TEST(Map, KeysAreQuotedSortedAndAlignedByRunes) {
  DiffMap elements;
  elements.emplace("b", Str("\"1\"", "\"2\"", Action::kUpdate));
  elements.emplace("caf\xc3\xa9", Str(nullptr, "\"x\"", Action::kCreate));
  elements.emplace("a key", Str("\"old\"", nullptr, Action::kDelete));
  elements.emplace("same", Str("\"s\"", "\"s\"", Action::kNoOp));
  // The widest quoted key is 7 bytes ("café" quoted), so shorter keys pad to 7 runes.
  EXPECT_EQ(Render(Diff(Map(std::move(elements)), Action::kUpdate, false)),
            "{\n"
            "      - \"a key\" = \"old\" -> null\n"
            "      ~ \"b\"     = \"1\" -> \"2\"\n"
            "      + \"caf\xc3\xa9\"  = \"x\"\n"
            "        # (1 unchanged element hidden)\n"
            "    }");
}

TEST(Map, NestedMapsDoNotAlignAndPushReplacementDown) {
  DiffMap elements;
  elements.emplace("long_key", Str(nullptr, "\"x\"", Action::kCreate));
  elements.emplace("k", Diff(NestedObject({}), Action::kCreate, false));
  EXPECT_EQ(Render(Diff(NestedMap(std::move(elements)), Action::kCreate, true)),
            "{\n"
            "      + \"k\" = {} # forces replacement,\n"
            "      + \"long_key\" = \"x\" # forces replacement\n"
            "    }");
}

TEST(Map, DeletedMapsHideChildNullSuffixes) {
  DiffMap elements;
  elements.emplace("a", Str("\"1\"", nullptr, Action::kDelete));
  EXPECT_EQ(Render(Diff(Map(std::move(elements)), Action::kDelete, false)),
            "{\n"
            "      - \"a\" = \"1\"\n"
            "    } -> null");
}

}  // namespace
}  // namespace planview::change::renderers
