#include "structured/json_value.h"

#include <algorithm>
#include <stdexcept>

namespace planview::structured {
namespace {
using internal::Node;
using internal::Tag;

// Objects with more members than this get a key-sorted index for lookups.
constexpr uint32_t kIndexedObjectSize = 16;
}  // namespace

std::string_view KindName(Kind kind) {
  switch (kind) {
    case Kind::kNull: return "null";
    case Kind::kBool: return "bool";
    case Kind::kNumber: return "number";
    case Kind::kString: return "string";
    case Kind::kArray: return "array";
    case Kind::kObject: return "object";
  }
  return "unknown";
}

const Node& Value::node() const { return doc_->nodes_[index_]; }

Kind Value::kind() const {
  if (doc_ == nullptr) return Kind::kNull;
  switch (node().tag()) {
    case internal::kTagNull: return Kind::kNull;
    case internal::kTagFalse:
    case internal::kTagTrue: return Kind::kBool;
    case internal::kTagNumber: return Kind::kNumber;
    case internal::kTagString: return Kind::kString;
    case internal::kTagArray: return Kind::kArray;
    case internal::kTagObject: return Kind::kObject;
  }
  return Kind::kNull;
}

std::string_view Value::text() const {
  if (doc_ == nullptr) return {};
  const Node& n = node();
  if (n.tag() != internal::kTagNumber && n.tag() != internal::kTagString) return {};
  return doc_->TextAt(n.data, n.length());
}

size_t Value::size() const {
  if (doc_ == nullptr) return 0;
  const Node& n = node();
  if (n.tag() != internal::kTagArray && n.tag() != internal::kTagObject) return 0;
  return n.length();
}

Value Value::at(size_t index) const {
  if (doc_ == nullptr) return {};
  const Node& n = node();
  if (n.tag() != internal::kTagArray || index >= n.length()) return {};
  return Value(doc_, n.data + static_cast<uint32_t>(index));
}

Member Value::member(size_t index) const {
  if (doc_ == nullptr) return {};
  const Node& n = node();
  if (n.tag() != internal::kTagObject || index >= n.length()) return {};
  uint32_t key = n.data + 2 * static_cast<uint32_t>(index);
  return Member{Value(doc_, key).text(), Value(doc_, key + 1)};
}

Value Value::find(std::string_view key) const {
  if (doc_ == nullptr) return {};
  const Node& n = node();
  if (n.tag() != internal::kTagObject) return {};
  uint32_t count = n.length();
  if (count > kIndexedObjectSize) {
    auto it = doc_->sorted_start_.find(index_);
    if (it != doc_->sorted_start_.end()) {
      const uint32_t* first = doc_->sorted_.data() + it->second;
      const uint32_t* last = first + count;
      // The index lists every member; equal keys sit together in parse order.
      auto key_of = [&](uint32_t m) { return Value(doc_, n.data + 2 * m).text(); };
      const uint32_t* hit = std::upper_bound(
          first, last, key, [&](std::string_view k, uint32_t m) { return k < key_of(m); });
      if (hit != first && key_of(*(hit - 1)) == key) return Value(doc_, n.data + 2 * *(hit - 1) + 1);
      return {};
    }
  }
  for (uint32_t i = count; i-- > 0;) {
    if (Value(doc_, n.data + 2 * i).text() == key) return Value(doc_, n.data + 2 * i + 1);
  }
  return {};
}

std::vector<uint32_t> Value::SortedMemberIndices() const {
  std::vector<uint32_t> order;
  size_t count = is_object() ? size() : 0;
  if (count == 0) return order;
  const Node& n = node();
  auto it = doc_->sorted_start_.find(index_);
  if (it != doc_->sorted_start_.end()) {
    order.assign(doc_->sorted_.begin() + it->second, doc_->sorted_.begin() + it->second + count);
  } else {
    order.resize(count);
    for (uint32_t i = 0; i < count; ++i) order[i] = i;
    std::stable_sort(order.begin(), order.end(), [&](uint32_t a, uint32_t b) {
      return Value(doc_, n.data + 2 * a).text() < Value(doc_, n.data + 2 * b).text();
    });
  }
  // Keep only the last of equal keys.
  std::vector<uint32_t> unique;
  unique.reserve(order.size());
  for (size_t i = 0; i < order.size(); ++i) {
    if (i + 1 < order.size() &&
        Value(doc_, n.data + 2 * order[i]).text() == Value(doc_, n.data + 2 * order[i + 1]).text()) {
      continue;
    }
    unique.push_back(order[i]);
  }
  return unique;
}

bool Value::Equals(const Value& other) const {
  Kind k = kind();
  if (k != other.kind()) return false;
  switch (k) {
    case Kind::kNull: return true;
    case Kind::kBool: return as_bool() == other.as_bool();
    case Kind::kNumber:
    case Kind::kString: return text() == other.text();
    case Kind::kArray: {
      size_t n = size();
      if (n != other.size()) return false;
      for (size_t i = 0; i < n; ++i) {
        if (!at(i).Equals(other.at(i))) return false;
      }
      return true;
    }
    case Kind::kObject: {
      std::vector<uint32_t> mine = SortedMemberIndices();
      std::vector<uint32_t> theirs = other.SortedMemberIndices();
      if (mine.size() != theirs.size()) return false;
      for (size_t i = 0; i < mine.size(); ++i) {
        Member a = member(mine[i]);
        Member b = other.member(theirs[i]);
        if (a.key != b.key || !a.value.Equals(b.value)) return false;
      }
      return true;
    }
  }
  return false;
}

Value Document::root() const {
  if (nodes_.empty()) return {};
  return Value(this, root_);
}

size_t Document::MemoryUsage() const {
  return source_.size() + arena_.capacity() + nodes_.capacity() * sizeof(Node) +
         sorted_.capacity() * sizeof(uint32_t) + sorted_start_.size() * 32;
}

DocumentBuilder::DocumentBuilder() : doc_(std::make_shared<Document>(Document::Passkey())) {}

DocumentBuilder::DocumentBuilder(std::string_view source, std::shared_ptr<const void> owner)
    : doc_(std::make_shared<Document>(Document::Passkey())) {
  doc_->source_ = source;
  doc_->owned_source_ = std::move(owner);
}

void DocumentBuilder::Push(Tag tag, uint32_t length, uint32_t data) {
  pending_.push_back(Node{(length << internal::kTagBits) | tag, data});
}

uint32_t DocumentBuilder::ArenaText(std::string_view text) {
  size_t offset = doc_->source_.size() + doc_->arena_.size();
  if (text.size() > internal::kMaxLength || offset + text.size() > UINT32_MAX) {
    throw std::length_error("JSON document too large for planview (4 GiB of text at most)");
  }
  doc_->arena_.append(text);
  return static_cast<uint32_t>(offset);
}

void DocumentBuilder::Reserve(size_t values) { doc_->nodes_.reserve(values); }

void DocumentBuilder::Null() { Push(internal::kTagNull, 0, 0); }
void DocumentBuilder::Bool(bool value) { Push(value ? internal::kTagTrue : internal::kTagFalse, 0, 0); }
void DocumentBuilder::Number(std::string_view text) {
  uint32_t offset = ArenaText(text);
  Push(internal::kTagNumber, static_cast<uint32_t>(text.size()), offset);
}
void DocumentBuilder::String(std::string_view text) {
  uint32_t offset = ArenaText(text);
  Push(internal::kTagString, static_cast<uint32_t>(text.size()), offset);
}
void DocumentBuilder::Key(std::string_view key) { String(key); }

void DocumentBuilder::SourceNumber(size_t offset, size_t length) {
  if (length > internal::kMaxLength || offset + length > UINT32_MAX) {
    throw std::length_error("JSON document too large for planview (4 GiB of text at most)");
  }
  Push(internal::kTagNumber, static_cast<uint32_t>(length), static_cast<uint32_t>(offset));
}
void DocumentBuilder::SourceString(size_t offset, size_t length) {
  if (length > internal::kMaxLength || offset + length > UINT32_MAX) {
    throw std::length_error("string longer than 512 MiB or document larger than 4 GiB");
  }
  Push(internal::kTagString, static_cast<uint32_t>(length), static_cast<uint32_t>(offset));
}
void DocumentBuilder::SourceKey(size_t offset, size_t length) { SourceString(offset, length); }

void DocumentBuilder::BeginArray() { open_.push_back(pending_.size()); }
void DocumentBuilder::BeginObject() { open_.push_back(pending_.size()); }
void DocumentBuilder::EndArray() { Close(internal::kTagArray); }
void DocumentBuilder::EndObject() { Close(internal::kTagObject); }

void DocumentBuilder::Close(Tag tag) {
  size_t first = open_.back();
  open_.pop_back();
  size_t count = pending_.size() - first;
  std::vector<Node>& nodes = doc_->nodes_;
  if (nodes.size() + count > UINT32_MAX) throw std::length_error("JSON document has too many values");
  uint32_t start = static_cast<uint32_t>(nodes.size());
  nodes.insert(nodes.end(), pending_.begin() + static_cast<std::ptrdiff_t>(first), pending_.end());
  pending_.resize(first);
  uint32_t length = static_cast<uint32_t>(tag == internal::kTagObject ? count / 2 : count);
  if (length > internal::kMaxLength) throw std::length_error("JSON container has too many elements");
  Push(tag, length, start);
  if (tag == internal::kTagObject && length > kIndexedObjectSize) {
    // The object node itself is still pending; its final index is only known at the
    // parent's close. Index it by its first child, which is already final.
    std::vector<uint32_t> order(length);
    for (uint32_t i = 0; i < length; ++i) order[i] = i;
    auto key = [&](uint32_t m) {
      const Node& k = nodes[start + 2 * m];
      return doc_->TextAt(k.data, k.length());
    };
    std::stable_sort(order.begin(), order.end(), [&](uint32_t a, uint32_t b) { return key(a) < key(b); });
    doc_->sorted_start_[start] = static_cast<uint32_t>(doc_->sorted_.size());
    doc_->sorted_.insert(doc_->sorted_.end(), order.begin(), order.end());
  }
}

std::shared_ptr<const Document> DocumentBuilder::Finish() {
  if (!open_.empty() || pending_.size() != 1) {
    throw std::logic_error("DocumentBuilder::Finish needs exactly one complete top-level value");
  }
  std::vector<Node>& nodes = doc_->nodes_;
  doc_->root_ = static_cast<uint32_t>(nodes.size());
  nodes.push_back(pending_.back());
  pending_.clear();
  // Re-key the large-object indexes from first-child index to object node index.
  if (!doc_->sorted_start_.empty()) {
    std::unordered_map<uint32_t, uint32_t> by_node;
    by_node.reserve(doc_->sorted_start_.size());
    for (uint32_t i = 0; i < nodes.size(); ++i) {
      const Node& n = nodes[i];
      if (n.tag() != internal::kTagObject || n.length() <= kIndexedObjectSize) continue;
      auto it = doc_->sorted_start_.find(n.data);
      if (it != doc_->sorted_start_.end()) by_node[i] = it->second;
    }
    doc_->sorted_start_ = std::move(by_node);
  }
  std::shared_ptr<const Document> done = std::move(doc_);
  doc_ = std::make_shared<Document>(Document::Passkey());
  return done;
}

}  // namespace planview::structured
