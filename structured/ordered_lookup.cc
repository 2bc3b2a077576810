#include "structured/ordered_lookup.h"

namespace planview::structured {

OrderedLookup::OrderedLookup(Value object) : object_(object) {
  if (!object.is_object() || object.empty()) return;
  if (!object.KeysIncrease()) {
    mode_ = Mode::kFind;
    return;
  }
  mode_ = Mode::kWalk;
  count_ = static_cast<uint32_t>(object.size());
  members_ = object.doc_->words_.get() + object.data();
}

Value OrderedLookup::Find(std::string_view key) {
  if (mode_ != Mode::kWalk) return mode_ == Mode::kFind ? object_.find(key) : Value();
  const Document& doc = *object_.doc_;
  const char* source = doc.source_.data();
  const size_t source_size = doc.source_.size();
  for (; next_ < count_; ++next_) {
    // The sign of this member's key compared with `key`.
    int order;
    uint32_t offset = members_[3 * next_];
    if (offset < source_size && source_size - offset > key.size()) {
      // In place: a key in the source has no '"' and ends at one.
      const char* start = source + offset;
      size_t i = 0;
      while (i < key.size() && start[i] == key[i] && start[i] != '"') ++i;
      if (i == key.size()) {
        order = start[i] == '"' ? 0 : 1;
      } else if (start[i] == '"') {
        order = -1;  // the member's key is a prefix of `key`
      } else {
        order = static_cast<unsigned char>(start[i]) < static_cast<unsigned char>(key[i]) ? -1 : 1;
      }
    } else {
      int c = doc.KeyAt(offset).compare(key);
      order = (c > 0) - (c < 0);
    }
    if (order > 0) return {};
    if (order == 0) return Value(object_.doc_, object_.data() + 3 * next_++ + 1);
  }
  return {};
}

}  // namespace planview::structured
