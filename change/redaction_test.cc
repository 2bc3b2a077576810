#include "change/redaction.h"

#include "change/diff_dump.h"
#include "change/renderers/renderers.h"
#include "change/testing/primitive_diffs.h"
#include "gtest/gtest.h"

namespace planview::change {
namespace {

using testing::Num;

Diff ABlock(Action action) {
  renderers::DiffMap attributes;
  attributes["n"] = Num("1", "2", Action::kUpdate);
  return Diff(renderers::Block(std::move(attributes), {}), action, false);
}

bool Hidden(const Diff& d) { return Redaction::IsSensitive(d); }

TEST(Redaction, PresentBlockHidesABlockOnASensitiveSide) {
  EXPECT_FALSE(Hidden(PresentBlock(ABlock(Action::kUpdate), false, false)));
  EXPECT_TRUE(Hidden(PresentBlock(ABlock(Action::kUpdate), true, false)));
  EXPECT_TRUE(Hidden(PresentBlock(ABlock(Action::kUpdate), false, true)));
  EXPECT_TRUE(Hidden(PresentBlock(ABlock(Action::kNoOp), true, true)));
  // A created block has no before, a deleted one no after.
  EXPECT_FALSE(Hidden(PresentBlock(ABlock(Action::kCreate), true, false)));
  EXPECT_TRUE(Hidden(PresentBlock(ABlock(Action::kCreate), false, true)));
  EXPECT_FALSE(Hidden(PresentBlock(ABlock(Action::kDelete), false, true)));
  EXPECT_TRUE(Hidden(PresentBlock(ABlock(Action::kDelete), true, false)));
  // Any other action hides it when either side is sensitive.
  EXPECT_TRUE(Hidden(PresentBlock(ABlock(Action::kDeleteThenCreate), false, true)));
  // An unchanged block whose sensitivity changes is an update.
  EXPECT_EQ(PresentBlock(ABlock(Action::kNoOp), false, true).action(), Action::kUpdate);
  EXPECT_EQ(PresentBlock(ABlock(Action::kNoOp), true, true).action(), Action::kNoOp);
}

TEST(Redaction, MayShowUnderASensitiveNodeOnlyWhenAsked) {
  Diff secret(renderers::Sensitive(Num("1", "2", Action::kUpdate), true, true), Action::kUpdate, false);
  EXPECT_FALSE(Redaction{}.MayShowUnder(secret));
  EXPECT_TRUE(Redaction{true}.MayShowUnder(secret));
  EXPECT_TRUE(Redaction{}.MayShowUnder(Num("1", "2", Action::kUpdate)));
}

TEST(Redaction, DumpRedactsSensitiveNodesAndSensitiveBlockTypes) {
  renderers::Blocks blocks;
  blocks.AddAllSetBlock("sb", {ABlock(Action::kUpdate)}, false, true, true);
  renderers::DiffMap attributes;
  attributes["s"] = Diff(renderers::Sensitive(Num("1", "2", Action::kUpdate), true, true), Action::kUpdate, false);
  Diff diff(renderers::Block(std::move(attributes), std::move(blocks)), Action::kUpdate, false);
  EXPECT_EQ(DumpDiff(diff, Redaction{}),
            R"({"action":"Update","replace":false,"renderer":{"type":"blockRenderer","attributes":{)"
            R"("s":{"action":"Update","replace":false,"renderer":{"type":"sensitiveRenderer","beforeSensitive":true,)"
            R"("afterSensitive":true,"inner":{"redacted":true}}}},"blocks":{"type":"Blocks","SingleBlocks":{},)"
            R"("ListBlocks":{},"SetBlocks":{"sb":[{"action":"Update","replace":false,"renderer":{"type":)"
            R"("sensitiveBlockRenderer","beforeSensitive":true,"afterSensitive":true,"inner":{"redacted":true}}}]},)"
            R"("MapBlocks":{},"ReplaceBlocks":{"sb":false},"BeforeSensitiveBlocks":{"sb":true},)"
            R"("AfterSensitiveBlocks":{"sb":true}}}})");
  // The whole tree, as the conformance files hold it.
  std::string whole = DumpDiff(diff);
  EXPECT_EQ(whole.find("redacted"), std::string::npos);
  EXPECT_NE(whole.find(R"("SetBlocks":{"sb":[{"action":"Update","replace":false,"renderer":{"type":"blockRenderer")"),
            std::string::npos);
}

}  // namespace
}  // namespace planview::change
