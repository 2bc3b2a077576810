#include "change/profile.h"

namespace planview::change {

const Profile& OpenTofuProfile() {
  static const Profile profile = [] {
    Profile p;
    p.name = "OpenTofu";
    p.command = "tofu";
    p.pair_multiline_strings = true;
    p.pair_in_created_run = true;
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
    p.set_blocks_inherit_replace = false;
    return p;
  }();
  return profile;
}

}  // namespace planview::change
