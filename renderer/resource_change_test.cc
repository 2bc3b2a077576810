// A resource change entry read from JSON, and its block.
#include "renderer/resource_change.h"

#include <memory>
#include <string>

#include "gtest/gtest.h"
#include "renderer/json_fields.h"
#include "renderer/testing/resource_entry.h"
#include "structured/json_parse.h"

namespace planview::renderer {
namespace {

using Entry = testing::ResourceEntry;
using testing::ResourceEntryJson;

TEST(AppendResourceChange, NotesThenTheBlock) {
  Entry entry(ResourceEntryJson(R"(["create"])", R"(,"previous_address":"t.b")"));
  Options options;
  std::string out = "x";
  // An invalid diff (one that could not be computed) still gets its block.
  EXPECT_TRUE(AppendResourceChange(entry.change(), change::Diff(), ChangeCause::kProposed, options, out));
  EXPECT_EQ(out,
            "x  # t.a will be created\n"
            "  # (moved from t.b)\n"
            "  + resource \"t\" \"a\" {\n"
            "        # (planview could not render this change; see the warnings)\n"
            "    }");
  std::string body;
  AppendResourceChangeBody(entry.change(), change::Diff(), options, body);
  EXPECT_EQ(body, out.substr(out.find("  + ")));
}

TEST(AppendResourceChange, NothingForAPlainNoOp) {
  Entry entry(ResourceEntryJson(R"(["no-op"])"));
  std::string out;
  EXPECT_FALSE(HasResourceBlock(entry.change()));
  EXPECT_FALSE(AppendResourceChange(entry.change(), change::Diff(), ChangeCause::kProposed, Options(), out));
  EXPECT_EQ(out, "");
  Entry ephemeral(R"({"address":"ephemeral.t.a","mode":"ephemeral","type":"t","name":"a","change":{"actions":["create"]}})");
  EXPECT_FALSE(AppendResourceChange(ephemeral.change(), change::Diff(), ChangeCause::kProposed, Options(), out));
  EXPECT_EQ(out, "");
}

TEST(ActionFromJson, RejectsUnknownLists) {
  auto parsed = structured::ParseJson(R"(["create","update"])");
  ASSERT_TRUE(parsed.ok());
  base::Expected<Action> action = ActionFromJson(parsed.value()->root(), "$.resource_changes[0].change.actions");
  ASSERT_FALSE(action);
  EXPECT_EQ(action.error().message, "$.resource_changes[0].change.actions: unrecognized action list [create, update]");
}

TEST(ResourceChange, WrongFieldTypesNameTheirPath) {
  auto parsed = structured::ParseJson(R"({"address":5,"change":{"actions":["create"]}})");
  ASSERT_TRUE(parsed.ok());
  base::Expected<ResourceChange> entry = ResourceChange::FromJson(parsed.value()->root(), "$");
  ASSERT_FALSE(entry);
  EXPECT_EQ(entry.error().path, "$.address");
  EXPECT_EQ(entry.error().message, "$.address: expected a string, found number");
}

TEST(DiffActionSymbol, ThreeColumnsWide) {
  EXPECT_EQ(DiffActionSymbol(Action::kNoOp), "   ");
  EXPECT_EQ(DiffActionSymbol(Action::kForgetThenCreate), "  [red].[reset]/[green]+[reset]");
  EXPECT_EQ(ActionDescription(Action::kRead), " [cyan]<=[reset] read (data resources)");
}

}  // namespace
}  // namespace planview::renderer
