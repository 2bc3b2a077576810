#include "planfile/internal/document_out.h"

namespace planview::planfile::internal {

structured::DocumentBuilder::KeyId DocumentOut::Name(std::string_view name) {
  for (const auto& [text, id] : names_) {
    if (text == name) return id;
  }
  structured::DocumentBuilder::KeyId id = b_.StoreKey(name);
  names_.emplace_back(name, id);
  return id;
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
