// The notes above each resource, as text lines (for the reasons the conformance cases do
// not reach; the wording is upstream's plan.go resourceChangeComment) and as the plain
// lines the other presentations quote.
#include "renderer/resource_note.h"

#include <memory>
#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "renderer/json_fields.h"
#include "renderer/testing/resource_entry.h"
#include "structured/json_parse.h"

namespace planview::renderer {
namespace {

using Lines = std::vector<std::string>;

// ANSI escapes back to colorstring's markup, for readable expectations.
std::string Markup(std::string_view text) {
  static const std::pair<std::string_view, std::string_view> kCodes[] = {
      {"\033[0m", "[reset]"}, {"\033[1m", "[bold]"}, {"\033[31m", "[red]"}, {"\033[33m", "[yellow]"}};
  std::string out;
  while (!text.empty()) {
    bool found = false;
    for (const auto& [escape, markup] : kCodes) {
      if (text.starts_with(escape)) {
        out += markup;
        text.remove_prefix(escape.size());
        found = true;
        break;
      }
    }
    if (!found) {
      out += text.front();
      text.remove_prefix(1);
    }
  }
  return out;
}

class Entry : public testing::ResourceEntry {
 public:
  using ResourceEntry::ResourceEntry;
  std::vector<ResourceNote> Notes(ChangeCause cause = ChangeCause::kProposed,
                                  Product product = Product::kOpenTofu) const {
    return ResourceNotes(change(), cause, ProfileOf(product));
  }
  // The coloured lines with the escapes spelled as markup, without the reset that ends
  // the coloured text.
  std::string Comment(ChangeCause cause = ChangeCause::kProposed, Product product = Product::kOpenTofu) const {
    std::string out;
    AppendNoteLines(out, Notes(cause, product), ProfileOf(product), change::Colorize(true));
    std::string markup = Markup(out);
    if (markup.ends_with("\n[reset]")) markup.resize(markup.size() - 7);
    return markup;
  }
  Lines Plain(ChangeCause cause = ChangeCause::kProposed, Product product = Product::kOpenTofu) const {
    return NotePlainLines(Notes(cause, product), ProfileOf(product));
  }
};

using testing::ResourceEntryJson;

std::vector<NoteKind> Kinds(const std::vector<ResourceNote>& notes) {
  std::vector<NoteKind> kinds;
  for (const ResourceNote& n : notes) kinds.push_back(n.kind);
  return kinds;
}

TEST(ResourceNotes, ReplaceReasons) {
  EXPECT_EQ(Entry(ResourceEntryJson(R"(["delete","create"])", R"(,"action_reason":"replace_by_triggers")")).Comment(),
            "[bold]  # t.a[reset] will be [bold][red]replaced[reset] due to changes in replace_triggered_by\n");
  Entry tainted(ResourceEntryJson(R"(["create","delete"])", R"(,"action_reason":"replace_because_tainted")"));
  EXPECT_EQ(tainted.Comment(), "[bold]  # t.a[reset] is tainted, so it must be [bold][red]replaced[reset]\n");
  EXPECT_EQ(tainted.Comment(ChangeCause::kProposed, Product::kTerraform),
            "[bold]  # t.a[reset] is tainted, so must be [bold][red]replaced[reset]\n");
  EXPECT_EQ(tainted.Plain(), Lines{"t.a is tainted, so it must be replaced"});
}

TEST(ResourceNotes, DeleteReasons) {
  Entry no_target(ResourceEntryJson(R"(["delete"])",
                                    R"(,"previous_address":"t.old","action_reason":"delete_because_no_move_target")"));
  EXPECT_EQ(no_target.Comment(),
            "[bold]  # t.a[reset] will be [bold][red]destroyed[reset]\n"
            "  # (because t.old was moved to t.a, which is not in configuration)\n"
            "  # [reset](moved from t.old)\n");
  EXPECT_EQ(Kinds(no_target.Notes()), (std::vector{NoteKind::kDestroy, NoteKind::kNoMoveTarget, NoteKind::kMovedFrom}));
  EXPECT_EQ(no_target.Plain(), (Lines{"t.a will be destroyed",
                                      "(because t.old was moved to t.a, which is not in configuration)",
                                      "(moved from t.old)"}));
  EXPECT_EQ(Entry(ResourceEntryJson(R"(["delete"])", R"(,"action_reason":"delete_because_enabled_false")")).Comment(),
            "[bold]  # t.a[reset] will be [bold][red]destroyed[reset]\n  # (because enabled is false)\n");
  // Terraform has no such reason.
  EXPECT_EQ(Entry(ResourceEntryJson(R"(["delete"])", R"(,"action_reason":"delete_because_enabled_false")"))
                .Comment(ChangeCause::kProposed, Product::kTerraform),
            "[bold]  # t.a[reset] will be [bold][red]destroyed[reset]\n");
  EXPECT_EQ(Entry(ResourceEntryJson(R"(["delete"])", R"(,"index":"k\u003c","action_reason":"delete_because_each_key")"))
                .Comment(),
            "[bold]  # t.a[reset] will be [bold][red]destroyed[reset]\n"
            "  # (because key [\"k\\u003c\"] is not in for_each map)\n");
  EXPECT_EQ(
      Entry(ResourceEntryJson(R"(["delete"])", R"(,"index":3,"action_reason":"delete_because_count_index")")).Plain(),
      (Lines{"t.a will be destroyed", "(because index [3] is out of range for count)"}));
  EXPECT_EQ(
      Entry(ResourceEntryJson(R"(["delete"])", R"(,"index":true,"action_reason":"delete_because_wrong_repetition")"))
          .Comment(),
      "[bold]  # t.a[reset] will be [bold][red]destroyed[reset]\n");
  EXPECT_EQ(Entry(ResourceEntryJson(R"(["delete"])", R"(,"index":2,"action_reason":"delete_because_wrong_repetition")"))
                .Plain(),
            (Lines{"t.a will be destroyed", "(because resource does not use count)"}));
  Entry deposed(ResourceEntryJson(R"(["delete"])", R"(,"deposed":"abcd")"));
  EXPECT_EQ(deposed.Comment(ChangeCause::kDrift),
            "[bold]  # t.a (deposed object abcd)[reset] has been deleted\n"
            "  # (left over from a partially-failed replacement of this instance)\n");
  EXPECT_EQ(deposed.Notes(ChangeCause::kDrift)[0].deposed, "abcd");
}

TEST(ResourceNotes, ReadBecauseOfACheck) {
  EXPECT_EQ(Entry(ResourceEntryJson(R"(["read"])", R"(,"action_reason":"read_because_check_nested")")).Comment(),
            "[bold]  # t.a[reset] will be read during apply\n  # (config will be reloaded to verify a check block)\n");
}

TEST(ResourceNotes, Forget) {
  Entry in_config(
      ResourceEntryJson(R"(["forget"])", R"(,"action_reason":"forgot_because_lifecycle_destroy_in_config")"));
  EXPECT_EQ(in_config.Comment(),
            "[bold]  # t.a[reset] will be removed from the OpenTofu state [bold][red]but will not be destroyed[reset] \n"
            " (because [bold]lifecycle.destroy = false[reset] is set in the configuration)\n");
  // The text's trailing and leading spaces around the line break are not part of the notes.
  EXPECT_EQ(in_config.Plain(), (Lines{"t.a will be removed from the OpenTofu state but will not be destroyed",
                                      "(because lifecycle.destroy = false is set in the configuration)"}));
  // Terraform's wording has no reasons and one space of indent (jsonformat/plan.go at 883c7221).
  EXPECT_EQ(Entry(ResourceEntryJson(R"(["forget"])", R"(,"action_reason":"forgot_because_lifecycle_destroy_in_state")"))
                .Comment(ChangeCause::kProposed, Product::kTerraform),
            "[bold] # t.a[reset] will no longer be managed by Terraform, but [bold][red]will not be destroyed[reset]\n"
            " # (destroy = false is set in the configuration)\n");
  EXPECT_EQ(Entry(ResourceEntryJson(R"(["forget"])", R"(,"deposed":"ab")"))
                .Comment(ChangeCause::kProposed, Product::kTerraform),
            "[bold] # t.a (deposed object ab)[reset] will be removed from Terraform state, but [bold][red]will not be "
            "destroyed[reset]\n"
            "[bold] # (left over from a partially-failed replacement of this instance)\n"
            " # (destroy = false is set in the configuration)\n");
  EXPECT_EQ(Entry(ResourceEntryJson(R"(["create","forget"])", "")).Comment(ChangeCause::kProposed, Product::kTerraform),
            "[bold] # t.a[reset] must be replaced, but the existing object will not be destroyed\n"
            " # (destroy = false is set in the configuration)\n");
  Entry forget_create(ResourceEntryJson(R"(["forget","create"])", R"(,"action_reason":"replace_by_request")"));
  EXPECT_EQ(forget_create.Comment(),
            "[bold]  # t.a[reset] will be [bold][red]replaced[reset], as requested - [yellow]older instance will "
            "[bold]not[reset][yellow] be destroyed [reset]([bold]lifecycle.destroy = false[reset])\n");
  // On one line, as printed.
  EXPECT_EQ(forget_create.Plain(), Lines{"t.a will be replaced, as requested - older instance will not be destroyed "
                                         "(lifecycle.destroy = false)"});
}

TEST(ResourceNotes, ImportsAndMoves) {
  Entry moved(ResourceEntryJson(R"(["no-op"])", R"(,"previous_address":"t.b")"));
  EXPECT_EQ(moved.Comment(), "[bold]  # t.b[reset] has moved to [bold]t.a[reset]\n");
  EXPECT_EQ(moved.Plain(), Lines{"t.b has moved to t.a"});
  Entry replaced(ResourceEntryJson(R"(["delete","create"])", "", R"(,"importing":{"id":"i-1"})"));
  EXPECT_EQ(replaced.Comment(),
            "[bold]  # t.a[reset] must be [bold][red]replaced[reset]\n"
            "  # [reset](imported from \"i-1\")\n"
            "  # [reset][yellow]Warning: this will destroy the imported resource[reset]\n");
  EXPECT_EQ(replaced.Notes()[1].text, "i-1");
  // Under "will be imported" Terraform does not repeat the id; OpenTofu does.
  Entry imported(ResourceEntryJson(R"(["no-op"])", "", R"(,"importing":{"id":"i-1"})"));
  EXPECT_EQ(imported.Comment(ChangeCause::kProposed, Product::kTerraform), "[bold]  # t.a[reset] will be imported\n");
  EXPECT_EQ(imported.Plain(), (Lines{"t.a will be imported", "(imported from \"i-1\")"}));
  // Terraform does not quote an identity.
  Entry by_identity(ResourceEntryJson(R"(["create","delete"])", "", R"(,"importing":{"identity":{"id":"x"}})"));
  EXPECT_EQ(by_identity.Comment(ChangeCause::kProposed, Product::kTerraform),
            "[bold]  # t.a[reset] must be [bold][red]replaced[reset]\n"
            "  # [reset](will be imported first)\n"
            "  # [reset][yellow]Warning: this will destroy the imported resource[reset]\n");
  Entry generated(ResourceEntryJson(R"(["no-op"])", "", R"(,"importing":{"id":"i-1"},"generated_config":"x = 1")"));
  EXPECT_EQ(generated.Comment(ChangeCause::kProposed, Product::kTerraform),
            "[bold]  # t.a[reset] will be imported\n  #[reset] (config will be generated)\n");
  // A null identity is still an identity (Go keeps the raw `null`).
  EXPECT_EQ(Entry(ResourceEntryJson(R"(["no-op"])", "", R"(,"importing":{"identity":null})")).Comment(),
            "[bold]  # t.a[reset] will be imported\n  # [reset]imported using resource identity: null\n");
  // An identity is indented JSON, a line each.
  Entry identity(ResourceEntryJson(R"(["no-op"])", "", R"(,"importing":{"identity":{"id":"x","n":1}})"));
  EXPECT_EQ(identity.Comment(),
            "[bold]  # t.a[reset] will be imported\n"
            "  # [reset]imported using resource identity: {\n"
            "  #   \"id\": \"x\",\n"
            "  #   \"n\": 1\n"
            "  # }\n");
  EXPECT_EQ(identity.Plain(), (Lines{"t.a will be imported", "imported using resource identity: {", "  \"id\": \"x\",",
                                     "  \"n\": 1", "}"}));
}

TEST(ResourceNotes, AddressesWithLineBreaks) {
  // Printed over several lines, quoted as those lines.
  Entry entry(R"({"address":"t.a[\"x\n\ny\"]","mode":"managed","type":"t","name":"a","change":{"actions":["update"]}})");
  EXPECT_EQ(entry.Plain(), (Lines{"t.a[\"x", "y\"] will be updated in-place"}));
}

TEST(ResourceNotes, AnUnsupportedNoOpSaysSo) {
  EXPECT_EQ(Entry(ResourceEntryJson(R"(["no-op"])")).Comment(),
            "t.a has an action the plan renderer doesn't support (this is a bug)\n");
}

TEST(DeferredNotes, ReasonExplained) {
  Entry entry(ResourceEntryJson(R"(["create"])", R"(,"deposed":"ab")"));
  std::vector<ResourceNote> notes = DeferredNotes(entry.change(), "absent_prereq");
  std::string text;
  AppendNoteLines(text, notes, ProfileOf(Product::kTerraform), change::Colorize(true));
  // Each line coloured on its own, as Terraform does.
  EXPECT_EQ(Markup(text),
            "[bold]  # t.a[reset] was deferred\n[reset]"
            "  #[reset] (because a prerequisite for this resource has not yet been created)\n[reset]");
  EXPECT_EQ(NotePlainLines(DeferredNotes(entry.change(), "?"), ProfileOf(Product::kTerraform)),
            (Lines{"t.a was deferred", "(for an unknown reason)"}));
}

}  // namespace
}  // namespace planview::renderer
