// Resource instance and provider configuration addresses as plan files store them, split
// into the parts `show -json` lists: `module.a["x"].data.aws_ami.this[0]` is module
// `module.a["x"]`, mode data, type `aws_ami`, name `this`, index 0.
#ifndef PLANVIEW_PLANFILE_INTERNAL_ADDRESS_H_
#define PLANVIEW_PLANFILE_INTERNAL_ADDRESS_H_

#include <string>
#include <string_view>

#include "base/expected.h"

namespace planview::planfile::internal {

struct InstanceAddress {
  std::string address;         // the whole address, as written
  std::string module_address;  // "" for the root module
  bool data = false;
  std::string type;
  std::string name;
  // The instance key: none, a number (its text) or a string.
  enum class Index { kNone, kNumber, kString };
  Index index = Index::kNone;
  std::string index_key;
  // The key as `show -json` writes it: "" (no key), a JSON number or a JSON string.
  std::string IndexJson() const;
};

// Parses a resource instance address; the error (naming what was expected where) when it
// is malformed.
base::Expected<InstanceAddress> ParseInstanceAddress(std::string_view text);

// The address of an instance given in parts (plan files of Terraform 0.12 to 1.0).
InstanceAddress InstanceAddressFromParts(std::string_view module_path, bool data, std::string_view type,
                                         std::string_view name, const std::string* string_key,
                                         const long long* int_key);

// The provider of a provider configuration address: `provider["registry.terraform.io/x/y"]`
// (optionally in a module, with an alias) gives `registry.terraform.io/x/y`; the legacy
// `provider.aws.west` gives `aws`.
std::string ProviderName(std::string_view provider_config);

// An index key as HCL quotes it inside an address: `"a\"b"`.
std::string QuoteKey(std::string_view key);

}  // namespace planview::planfile::internal

#endif  // PLANVIEW_PLANFILE_INTERNAL_ADDRESS_H_
