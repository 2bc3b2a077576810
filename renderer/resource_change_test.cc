// The comment lines above each resource, for the reasons the conformance cases do not
// reach (the wording is upstream's plan.go resourceChangeComment).
#include "renderer/resource_change.h"

#include <memory>
#include <string>

#include "gtest/gtest.h"
#include "renderer/json_fields.h"
#include "structured/json_parse.h"

namespace planview::renderer {
namespace {

class Entry {
 public:
  explicit Entry(const std::string& json) {
    auto parsed = structured::ParseJson(json);
    EXPECT_TRUE(parsed.ok()) << json;
    doc_ = parsed.document;
    change_ = ResourceChange::FromJson(doc_->root(), "$");
  }
  std::string Comment(ChangeCause cause = ChangeCause::kProposed, Product product = Product::kOpenTofu) const {
    return ResourceChangeComment(change_, change_.action, cause, product);
  }
  const ResourceChange& change() const { return change_; }

 private:
  std::shared_ptr<const structured::Document> doc_;
  ResourceChange change_;
};

std::string Json(std::string_view actions, std::string_view extra = "", std::string_view change_extra = "") {
  return "{\"address\":\"t.a\",\"mode\":\"managed\",\"type\":\"t\",\"name\":\"a\"" + std::string(extra) +
         ",\"change\":{\"actions\":" + std::string(actions) + std::string(change_extra) + "}}";
}

TEST(ResourceChangeComment, ReplaceReasons) {
  EXPECT_EQ(Entry(Json(R"(["delete","create"])", R"(,"action_reason":"replace_by_triggers")")).Comment(),
            "[bold]  # t.a[reset] will be [bold][red]replaced[reset] due to changes in replace_triggered_by\n");
  EXPECT_EQ(Entry(Json(R"(["create","delete"])", R"(,"action_reason":"replace_because_tainted")")).Comment(),
            "[bold]  # t.a[reset] is tainted, so it must be [bold][red]replaced[reset]\n");
}

TEST(ResourceChangeComment, DeleteReasons) {
  EXPECT_EQ(Entry(Json(R"(["delete"])", R"(,"previous_address":"t.old","action_reason":"delete_because_no_move_target")"))
                .Comment(),
            "[bold]  # t.a[reset] will be [bold][red]destroyed[reset]\n"
            "  # (because t.old was moved to t.a, which is not in configuration)\n"
            "  # [reset](moved from t.old)\n");
  EXPECT_EQ(Entry(Json(R"(["delete"])", R"(,"action_reason":"delete_because_enabled_false")")).Comment(),
            "[bold]  # t.a[reset] will be [bold][red]destroyed[reset]\n  # (because enabled is false)\n");
  EXPECT_EQ(Entry(Json(R"(["delete"])", R"(,"index":"k\u003c","action_reason":"delete_because_each_key")")).Comment(),
            "[bold]  # t.a[reset] will be [bold][red]destroyed[reset]\n"
            "  # (because key [\"k\\u003c\"] is not in for_each map)\n");
  EXPECT_EQ(Entry(Json(R"(["delete"])", R"(,"index":true,"action_reason":"delete_because_wrong_repetition")")).Comment(),
            "[bold]  # t.a[reset] will be [bold][red]destroyed[reset]\n");
  EXPECT_EQ(Entry(Json(R"(["delete"])", R"(,"deposed":"abcd")")).Comment(ChangeCause::kDrift),
            "[bold]  # t.a (deposed object abcd)[reset] has been deleted\n"
            "  # (left over from a partially-failed replacement of this instance)\n");
}

TEST(ResourceChangeComment, ReadBecauseOfACheck) {
  EXPECT_EQ(Entry(Json(R"(["read"])", R"(,"action_reason":"read_because_check_nested")")).Comment(),
            "[bold]  # t.a[reset] will be read during apply\n  # (config will be reloaded to verify a check block)\n");
}

TEST(ResourceChangeComment, Forget) {
  EXPECT_EQ(Entry(Json(R"(["forget"])", R"(,"action_reason":"forgot_because_lifecycle_destroy_in_config")")).Comment(),
            "[bold]  # t.a[reset] will be removed from the OpenTofu state [bold][red]but will not be destroyed[reset] \n"
            " (because [bold]lifecycle.destroy = false[reset] is set in the configuration)\n");
  // Terraform's wording has no reasons and one space of indent (jsonformat/plan.go at 883c7221).
  EXPECT_EQ(Entry(Json(R"(["forget"])", R"(,"action_reason":"forgot_because_lifecycle_destroy_in_state")"))
                .Comment(ChangeCause::kProposed, Product::kTerraform),
            "[bold] # t.a[reset] will no longer be managed by Terraform, but [bold][red]will not be destroyed[reset]\n"
            " # (destroy = false is set in the configuration)\n");
  EXPECT_EQ(Entry(Json(R"(["create","forget"])", "")).Comment(ChangeCause::kProposed, Product::kTerraform),
            "[bold] # t.a[reset] must be replaced, but the existing object will not be destroyed\n"
            " # (destroy = false is set in the configuration)\n");
  EXPECT_EQ(Entry(Json(R"(["forget","create"])", R"(,"action_reason":"replace_by_request")")).Comment(),
            "[bold]  # t.a[reset] will be [bold][red]replaced[reset], as requested - [yellow]older instance will "
            "[bold]not[reset][yellow] be destroyed [reset]([bold]lifecycle.destroy = false[reset])\n");
}

TEST(ResourceChangeComment, ImportsAndMoves) {
  EXPECT_EQ(Entry(Json(R"(["no-op"])", R"(,"previous_address":"t.b")")).Comment(),
            "[bold]  # t.b[reset] has moved to [bold]t.a[reset]\n");
  EXPECT_EQ(Entry(Json(R"(["delete","create"])", "", R"(,"importing":{"id":"i-1"})")).Comment(),
            "[bold]  # t.a[reset] must be [bold][red]replaced[reset]\n"
            "  # [reset](imported from \"i-1\")\n"
            "  # [reset][yellow]Warning: this will destroy the imported resource[reset]\n");
  // A null identity is still an identity (Go keeps the raw `null`).
  EXPECT_EQ(Entry(Json(R"(["no-op"])", "", R"(,"importing":{"identity":null})")).Comment(),
            "[bold]  # t.a[reset] will be imported\n  # [reset]imported using resource identity: null\n");
}

TEST(ActionFromJson, RejectsUnknownLists) {
  auto parsed = structured::ParseJson(R"(["create","update"])");
  ASSERT_TRUE(parsed.ok());
  try {
    ActionFromJson(parsed.document->root(), "$.resource_changes[0].change.actions");
    FAIL() << "no error";
  } catch (const InputError& e) {
    EXPECT_EQ(std::string(e.what()), "$.resource_changes[0].change.actions: unrecognized action list [create, update]");
  }
}

TEST(ResourceChange, WrongFieldTypesNameTheirPath) {
  try {
    Entry(R"({"address":5,"change":{"actions":["create"]}})");
    FAIL() << "no error";
  } catch (const InputError& e) {
    EXPECT_EQ(e.path(), "$.address");
  }
}

TEST(DiffActionSymbol, ThreeColumnsWide) {
  EXPECT_EQ(DiffActionSymbol(Action::kNoOp), "   ");
  EXPECT_EQ(DiffActionSymbol(Action::kForgetThenCreate), "  [red].[reset]/[green]+[reset]");
  EXPECT_EQ(ActionDescription(Action::kRead), " [cyan]<=[reset] read (data resources)");
}

}  // namespace
}  // namespace planview::renderer
