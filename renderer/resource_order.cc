#include "renderer/resource_order.h"

#include <algorithm>
#include <charconv>
#include <cstdint>
#include <optional>
#include <string>

#include "base/executor.h"
#include "structured/json_text.h"

namespace planview::renderer {

namespace {

struct InstanceKey {
  enum Kind { kNone = 0, kInt = 1, kString = 2 } kind = kNone;  // the order upstream sorts kinds in
  int64_t number = 0;
  std::string text;
};

struct ModuleStep {
  std::string_view name;
  InstanceKey key;
};

struct Address {
  std::vector<ModuleStep> module;
  int mode = 2;  // 0 ephemeral, 1 data, 2 managed
  std::string_view type;
  std::string_view name;
  InstanceKey key;
};

class Parser {
 public:
  explicit Parser(std::string_view text) : s_(text) {}

  std::optional<Address> Parse() {
    Address a;
    while (Consume("module.")) {
      ModuleStep step;
      if (!Name(step.name) || !Key(step.key) || !Consume(".")) return std::nullopt;
      a.module.push_back(std::move(step));
    }
    if (Consume("data.")) {
      a.mode = 1;
    } else if (Consume("ephemeral.")) {
      a.mode = 0;
    }
    if (!Name(a.type) || !Consume(".") || !Name(a.name) || !Key(a.key)) return std::nullopt;
    if (at_ != s_.size()) return std::nullopt;
    return a;
  }

 private:
  bool Consume(std::string_view word) {
    if (s_.substr(at_, word.size()) != word) return false;
    at_ += word.size();
    return true;
  }

  bool Name(std::string_view& out) {
    size_t start = at_;
    while (at_ < s_.size()) {
      char c = s_[at_];
      bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '-' ||
                static_cast<unsigned char>(c) >= 0x80;
      if (!ok) break;
      ++at_;
    }
    out = s_.substr(start, at_ - start);
    return !out.empty();
  }

  // An optional `[0]` or `["key"]`.
  bool Key(InstanceKey& key) {
    if (!Consume("[")) return true;
    if (Consume("\"")) {
      key.kind = InstanceKey::kString;
      while (true) {
        if (at_ >= s_.size()) return false;
        char c = s_[at_++];
        if (c == '"') break;
        if (c != '\\') {
          key.text += c;
          continue;
        }
        if (at_ >= s_.size()) return false;
        char e = s_[at_++];
        switch (e) {
          case 'n': key.text += '\n'; break;
          case 'r': key.text += '\r'; break;
          case 't': key.text += '\t'; break;
          case 'u':
          case 'U': {
            size_t digits = e == 'u' ? 4 : 8;
            if (at_ + digits > s_.size()) return false;
            uint32_t rune = 0;
            auto [end, ec] = std::from_chars(s_.data() + at_, s_.data() + at_ + digits, rune, 16);
            if (ec != std::errc() || end != s_.data() + at_ + digits) return false;
            structured::AppendUtf8(key.text, rune);
            at_ += digits;
            break;
          }
          default: key.text += e;
        }
      }
    } else {
      key.kind = InstanceKey::kInt;
      size_t start = at_;
      if (at_ < s_.size() && s_[at_] == '-') ++at_;
      while (at_ < s_.size() && s_[at_] >= '0' && s_[at_] <= '9') ++at_;
      auto [end, ec] = std::from_chars(s_.data() + start, s_.data() + at_, key.number);
      if (ec != std::errc() || end != s_.data() + at_) return false;
    }
    return Consume("]");
  }

  std::string_view s_;
  size_t at_ = 0;
};

int Compare(std::string_view a, std::string_view b) { return a < b ? -1 : (b < a ? 1 : 0); }

int CompareKeys(const InstanceKey& a, const InstanceKey& b) {
  if (a.kind != b.kind) return a.kind < b.kind ? -1 : 1;
  if (a.kind == InstanceKey::kInt) return a.number < b.number ? -1 : (b.number < a.number ? 1 : 0);
  if (a.kind == InstanceKey::kString) return Compare(a.text, b.text);
  return 0;
}

int CompareParsed(const Address& a, const Address& b) {
  if (a.module.size() != b.module.size()) return a.module.size() < b.module.size() ? -1 : 1;
  for (size_t i = 0; i < a.module.size(); ++i) {
    if (int c = Compare(a.module[i].name, b.module[i].name)) return c;
    if (int c = CompareKeys(a.module[i].key, b.module[i].key)) return c;
  }
  if (a.mode != b.mode) return a.mode < b.mode ? -1 : 1;
  if (int c = Compare(a.type, b.type)) return c;
  if (int c = Compare(a.name, b.name)) return c;
  return CompareKeys(a.key, b.key);
}

}  // namespace

int CompareResourceAddresses(std::string_view a, std::string_view b) {
  std::optional<Address> pa = Parser(a).Parse();
  std::optional<Address> pb = Parser(b).Parse();
  if (pa && pb) return CompareParsed(*pa, *pb);
  if (pa) return -1;
  if (pb) return 1;
  return Compare(a, b);
}

void SortResourceChanges(std::vector<ResourceChange>& changes, base::Executor* pool) {
  if (changes.size() < 2) return;
  // Parse each address once.
  std::vector<std::optional<Address>> parsed(changes.size());
  auto parse = [&](size_t begin, size_t end) {
    for (size_t i = begin; i < end; ++i) parsed[i] = Parser(changes[i].address).Parse();
  };
  base::ParallelRunsOn(pool, changes.size(), 1024, parse);
  std::vector<size_t> order(changes.size());
  for (size_t i = 0; i < order.size(); ++i) order[i] = i;
  auto compare = [&](size_t i, size_t j) {
    const auto& pa = parsed[i];
    const auto& pb = parsed[j];
    int c;
    if (pa && pb) {
      c = CompareParsed(*pa, *pb);
    } else if (pa || pb) {
      c = pa ? -1 : 1;
    } else {
      c = Compare(changes[i].address, changes[j].address);
    }
    if (c != 0) return c < 0;
    return changes[i].deposed < changes[j].deposed;
  };
  if (std::is_sorted(order.begin(), order.end(), compare)) return;
  if (pool != nullptr && pool->helpers() > 0 && order.size() >= 4096) {
    // Two halves sorted side by side, then merged: the same order as one stable sort.
    auto middle = order.begin() + static_cast<std::ptrdiff_t>(order.size() / 2);
    pool->ParallelFor(2, [&](size_t half) {
      if (half == 0) {
        std::stable_sort(order.begin(), middle, compare);
      } else {
        std::stable_sort(middle, order.end(), compare);
      }
    });
    std::inplace_merge(order.begin(), middle, order.end(), compare);
  } else {
    std::stable_sort(order.begin(), order.end(), compare);
  }
  std::vector<ResourceChange> sorted;
  sorted.reserve(changes.size());
  for (size_t i : order) sorted.push_back(std::move(changes[i]));
  changes = std::move(sorted);
}

}  // namespace planview::renderer
