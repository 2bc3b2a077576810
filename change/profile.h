// Whose renderer is reproduced: OpenTofu's and HashiCorp Terraform's `show` share nearly
// everything (the differ, the renderer kinds, outputs, states) but differ in a list of
// details. Each difference is one field here; the differ, the renderers and the document
// renderer consult the profile instead of asking which product it is. The two profiles
// are the only instances (OpenTofuProfile(), TerraformProfile()).
#ifndef PLANVIEW_CHANGE_PROFILE_H_
#define PLANVIEW_CHANGE_PROFILE_H_

#include <string_view>

namespace planview::change {

struct Profile {
  std::string_view name;  // "OpenTofu", "Terraform": the product names itself in messages
  std::string_view command;  // "tofu", "terraform"

  // ---- list alignment (collections.ProcessSlice) ----
  // Lists of the same length that are not a reordering of each other are compared index
  // by index (Terraform), so a changed element shows as `~ "a" -> "b"`.
  bool same_length_lists_by_index = false;
  // A deleted and a created string element sharing a line of a multi-line text are diffed
  // as one element (OpenTofu).
  bool pair_multiline_strings = false;
  // Pairing of deleted and created elements also happens in the run of created elements
  // (OpenTofu); Terraform pairs only while walking the deleted ones.
  bool pair_in_created_run = false;

  // ---- the differ ----
  // Nested blocks whose value is unknown are recorded per block type (Blocks'
  // UnknownBlocks) and rendered as `~ name (known after apply)` beside the old blocks
  // (Terraform); OpenTofu replaces the whole block type by one unknown value.
  bool unknown_blocks = false;
  // Where an empty string counts as null (legacy SDK providers cannot write null): in every
  // value of a resource whose schema uses no feature the legacy SDK lacks, except inside
  // list or set elements' own walk (Terraform); OpenTofu: only a block's own attributes, and
  // then such an attribute is left out instead of counted as hidden.
  bool empty_strings_null_by_schema = false;
  // Write-only attributes (Terraform): the renderer says whether they are sensitive, they
  // take the enclosing block's final action (an update shows as unchanged), and the
  // `(write-only attribute)` text is followed by the null suffix before `# forces
  // replacement`.
  bool terraform_write_only = false;

  // ---- the renderers ----
  // A string is shown as `jsonencode(...)` only when all of it is one JSON value
  // (Terraform); OpenTofu only needs it to start with one.
  bool json_strings_whole = false;
  // An unknown value whose old value is rendered puts `# forces replacement` after
  // `(known after apply)` only, not after the old value too; an unknown with no old value
  // is rendered as a created one (Terraform).
  bool unknown_replace_once = false;
  // Set-nested blocks' elements are not told that the whole set forces replacement
  // (Terraform renders them with the block's own options).
  bool set_blocks_inherit_replace = true;

  // ---- whole plans (renderer/) ----
  // The legend line for in-place updates.
  std::string_view update_legend;
  // "is tainted, so it must be" (OpenTofu) or "is tainted, so must be" (Terraform).
  std::string_view tainted;
  // OpenTofu's forget: legend lines, ", N to forget" in the Plan: line, its own wording, and
  // the forgotten resource's body without action symbols. Otherwise Terraform's: its
  // wording (one space of indent, "destroy = false is set in the configuration"), symbol
  // " ." and a body shown as unchanged; `["create", "forget"]` too.
  bool opentofu_forget = false;
  // "(imported from ...)" also under "will be imported", and an import by identity shown as
  // its JSON (OpenTofu); Terraform says "(will be imported first)" without an id.
  bool import_details = false;
  // "(because enabled is false)" for deletions (OpenTofu).
  bool delete_reason_enabled = false;
  // The Plan: line's counts inside the colourised text (OpenTofu); Terraform colourises
  // only "Plan:".
  bool plan_line_counts_colorized = false;
  // A plan without changes ends "...compared your real infrastructure against your
  // configuration and found no differences..." and never mentions -target (Terraform).
  bool no_changes_compared = false;
  // Terraform's plan content: deferred changes, action invocations, "Actions: N to invoke."
  bool deferred_and_actions = false;
};

const Profile& OpenTofuProfile();
const Profile& TerraformProfile();

}  // namespace planview::change

#endif  // PLANVIEW_CHANGE_PROFILE_H_
