#include "change/profile.h"

namespace planview::change {

const Profile& OpenTofuProfile() {
  static const Profile profile = [] {
    Profile p;
    p.name = "OpenTofu";
    p.command = "tofu";
    p.pair_multiline_strings = true;
    p.pair_in_created_run = true;
    p.update_legend = "  [yellow]~[reset] update in-place (current -> planned)";
    p.tainted = "is tainted, so it must be";
    p.opentofu_forget = true;
    p.import_details = true;
    p.delete_reason_enabled = true;
    p.plan_line_counts_colorized = true;
    return p;
  }();
  return profile;
}

const Profile& TerraformProfile() {
  static const Profile profile = [] {
    Profile p;
    p.name = "Terraform";
    p.command = "terraform";
    p.same_length_lists_by_index = true;
    p.unknown_blocks = true;
    p.empty_strings_null_by_schema = true;
    p.terraform_write_only = true;
    p.unknown_replace_once = true;
    p.json_strings_whole = true;
    p.update_legend = "  [yellow]~[reset] update in-place";
    p.tainted = "is tainted, so must be";
    p.no_changes_compared = true;
    p.deferred_and_actions = true;
    p.set_blocks_inherit_replace = false;
    return p;
  }();
  return profile;
}

}  // namespace planview::change
