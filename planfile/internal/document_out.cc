#include "planfile/internal/document_out.h"

#include <unordered_map>

namespace planview::planfile::internal {

namespace {

// Every member name of the `show -json` document planfile writes itself.
constexpr std::string_view kNames[] = {
    "format_version", "terraform_version", "variables", "value", "resource_drift", "resource_changes",
    "output_changes", "relevant_attributes", "resource", "attribute", "timestamp", "applyable", "complete",
    "errored", "address", "previous_address", "module_address", "mode", "type", "name", "index", "provider_name",
    "deposed", "change", "actions", "before", "after", "after_unknown", "before_sensitive", "after_sensitive",
    "replace_paths", "importing", "unknown", "id", "identity", "generated_config", "action_reason"};

struct Names {
  std::string text;
  std::unordered_map<std::string_view, uint32_t> offsets;
};

const Names& PlanNamesTable() {
  static const Names* const names = [] {
    auto* n = new Names;
    for (std::string_view name : kNames) {
      n->offsets.emplace(name, static_cast<uint32_t>(n->text.size()));
      n->text += name;
      n->text += '"';
    }
    return n;
  }();
  return *names;
}

}  // namespace

std::string_view PlanNames() { return PlanNamesTable().text; }

structured::DocumentBuilder::KeyId DocumentOut::Name(std::string_view name) {
  const Names& table = PlanNamesTable();
  auto it = table.offsets.find(name);
  return it != table.offsets.end() ? b_.SourceKeyId(it->second) : b_.StoreKey(name);
}

void DocumentOut::PutStrings(uint32_t at, const std::vector<std::string_view>& strings) {
  uint32_t first = b_.ReserveArray(strings.size());
  if (b_.failed()) return;
  for (size_t i = 0; i < strings.size(); ++i) b_.PutString(first + 2 * static_cast<uint32_t>(i), strings[i]);
  b_.PutArray(at, first, strings.size());
}

void ObjectOut::End(uint32_t at) {
  structured::DocumentBuilder& b = out_.b();
  uint32_t first = b.ReserveObject(members_.size());
  if (b.failed()) return;
  for (size_t i = 0; i < members_.size(); ++i) {
    uint32_t member = first + 3 * static_cast<uint32_t>(i);
    b.PutKey(member, members_[i].first);
    b.MoveValue(members_[i].second, member + 1);
  }
  b.PutObject(at, first, members_.size());
}

}  // namespace planview::planfile::internal
