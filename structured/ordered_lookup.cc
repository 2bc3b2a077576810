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
  for (; next_ < count_; ++next_) {
    int order = object_.doc_->CompareKeyAt(members_[3 * next_], key);
    if (order > 0) return {};
    if (order == 0) return Value(object_.doc_, object_.data() + 3 * next_++ + 1);
  }
  return {};
}

}  // namespace planview::structured
