#include "renderer/resource_order.h"

#include <algorithm>
#include <charconv>
#include <cstdint>
#include <string>

#include "base/executor.h"
#include "structured/json_text.h"

namespace planview::renderer {

namespace {

// An address's sort key: bytes whose bytewise order is upstream's order of the addresses
// (one memcmp per comparison, the keys of a plan side by side in a few buffers, where
// comparing parsed addresses chased pointers into the whole plan text). Each field is
// written so that no field's encoding is a prefix of another's:
//   byte 0    no module path: the mode (0 ephemeral, 1 data, 2 managed); a path of n < 250
//             steps: 2 + n; longer: 0xFE and n in 4 bytes big-endian; an address that does
//             not parse: 0xFF and then its text as it is (after every address that parses)
//   per step  name, 0x00, instance key
//   then      the mode (only after a module path), type, 0x00, name, 0x00, instance key
// Names never hold 0x00. An instance key is 0 (none), 1 and the number plus 2^63 in 8
// bytes big-endian, or 2 and the unescaped string with each 0x00 written 0x00 0x01, ended
// by 0x00 0x00.
constexpr unsigned char kLongModulePath = 0xFE;
constexpr unsigned char kUnparsed = 0xFF;
constexpr size_t kShortModulePath = 250;

class KeyWriter {
 public:
  KeyWriter(std::string_view text, std::string& out) : s_(text), out_(out) {}

  // Appends the key of the address to `out`.
  void Write() {
    const size_t start = out_.size();
    if (!Parse(start)) {
      out_.resize(start);
      out_ += static_cast<char>(kUnparsed);
      out_ += s_;
    }
  }

 private:
  bool Parse(size_t start) {
    out_ += '\0';  // byte 0, set below
    size_t steps = 0;
    while (Consume("module.")) {
      if (!Name() || !Key() || !Consume(".")) return false;
      ++steps;
    }
    char mode = 2;
    if (Consume("data.")) {
      mode = 1;
    } else if (Consume("ephemeral.")) {
      mode = 0;
    }
    if (steps > 0) out_ += mode;
    if (!Name() || !Consume(".") || !Name() || !Key()) return false;
    if (at_ != s_.size()) return false;
    if (steps == 0) {
      out_[start] = mode;
    } else if (steps < kShortModulePath) {
      out_[start] = static_cast<char>(2 + steps);
    } else {
      out_[start] = static_cast<char>(kLongModulePath);
      char count[4];
      for (int i = 0; i < 4; ++i) count[i] = static_cast<char>((steps >> (24 - 8 * i)) & 0xFF);
      out_.insert(start + 1, count, 4);
    }
    return true;
  }

  bool Consume(std::string_view word) {
    if (s_.substr(at_, word.size()) != word) return false;
    at_ += word.size();
    return true;
  }

  bool Name() {
    size_t start = at_;
    while (at_ < s_.size()) {
      char c = s_[at_];
      bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '-' ||
                static_cast<unsigned char>(c) >= 0x80;
      if (!ok) break;
      ++at_;
    }
    if (at_ == start) return false;
    out_.append(s_.substr(start, at_ - start));
    out_ += '\0';
    return true;
  }

  // An optional `[0]` or `["key"]`.
  bool Key() {
    if (!Consume("[")) {
      out_ += '\0';
      return true;
    }
    if (Consume("\"")) {
      out_ += '\2';
      std::string text;
      while (true) {
        if (at_ >= s_.size()) return false;
        char c = s_[at_++];
        if (c == '"') break;
        if (c != '\\') {
          text += c;
          continue;
        }
        if (at_ >= s_.size()) return false;
        char e = s_[at_++];
        switch (e) {
          case 'n': text += '\n'; break;
          case 'r': text += '\r'; break;
          case 't': text += '\t'; break;
          case 'u':
          case 'U': {
            size_t digits = e == 'u' ? 4 : 8;
            if (at_ + digits > s_.size()) return false;
            uint32_t rune = 0;
            auto [end, ec] = std::from_chars(s_.data() + at_, s_.data() + at_ + digits, rune, 16);
            if (ec != std::errc() || end != s_.data() + at_ + digits) return false;
            structured::AppendUtf8(text, rune);
            at_ += digits;
            break;
          }
          default: text += e;
        }
      }
      for (char c : text) {
        out_ += c;
        if (c == '\0') out_ += '\1';
      }
      out_.append(2, '\0');
    } else {
      size_t start = at_;
      if (at_ < s_.size() && s_[at_] == '-') ++at_;
      while (at_ < s_.size() && s_[at_] >= '0' && s_[at_] <= '9') ++at_;
      int64_t number = 0;
      auto [end, ec] = std::from_chars(s_.data() + start, s_.data() + at_, number);
      if (ec != std::errc() || end != s_.data() + at_) return false;
      out_ += '\1';
      uint64_t biased = static_cast<uint64_t>(number) ^ (uint64_t{1} << 63);
      for (int i = 0; i < 8; ++i) out_ += static_cast<char>((biased >> (56 - 8 * i)) & 0xFF);
    }
    return Consume("]");
  }

  std::string_view s_;
  std::string& out_;
  size_t at_ = 0;
};

std::string SortKey(std::string_view address) {
  std::string key;
  KeyWriter(address, key).Write();
  return key;
}

// A change's place in the sort: its key's first 8 bytes as a number (most comparisons end
// there), the key, and the change's index.
struct SortEntry {
  uint64_t head = 0;
  std::string_view key;
  size_t index = 0;
};

uint64_t KeyHead(std::string_view key) {
  uint64_t head = 0;
  for (size_t i = 0; i < 8; ++i) {
    head = (head << 8) | (i < key.size() ? static_cast<unsigned char>(key[i]) : 0u);
  }
  return head;
}

int Compare(std::string_view a, std::string_view b) { return a < b ? -1 : (b < a ? 1 : 0); }

}  // namespace

int CompareResourceAddresses(std::string_view a, std::string_view b) { return Compare(SortKey(a), SortKey(b)); }

void SortResourceChanges(std::vector<ResourceChange>& changes, base::Executor* pool) {
  if (changes.size() < 2) return;
  // Each address's key, written once, a run of changes into one buffer.
  constexpr size_t kRun = 1024;
  std::vector<std::string> buffers((changes.size() + kRun - 1) / kRun);
  std::vector<size_t> ends(changes.size());  // each key's end in its run's buffer
  base::ParallelRunsOn(pool, changes.size(), kRun, [&](size_t begin, size_t end) {
    for (size_t i = begin; i < end; ++i) {
      std::string& buffer = buffers[i / kRun];
      KeyWriter(changes[i].address, buffer).Write();
      ends[i] = buffer.size();
    }
  });
  std::vector<SortEntry> entries(changes.size());
  for (size_t i = 0; i < changes.size(); ++i) {
    size_t begin = i % kRun == 0 ? 0 : ends[i - 1];
    std::string_view key = std::string_view(buffers[i / kRun]).substr(begin, ends[i] - begin);
    entries[i] = SortEntry{KeyHead(key), key, i};
  }
  auto compare = [&](const SortEntry& a, const SortEntry& b) {
    if (a.head != b.head) return a.head < b.head;
    if (int c = Compare(a.key, b.key)) return c < 0;
    return changes[a.index].deposed < changes[b.index].deposed;
  };
  if (std::is_sorted(entries.begin(), entries.end(), compare)) return;
  if (pool != nullptr && pool->helpers() > 0 && entries.size() >= 4096) {
    // Two halves sorted side by side, then merged: the same order as one stable sort.
    auto middle = entries.begin() + static_cast<std::ptrdiff_t>(entries.size() / 2);
    pool->ParallelFor(2, [&](size_t half) {
      if (half == 0) {
        std::stable_sort(entries.begin(), middle, compare);
      } else {
        std::stable_sort(middle, entries.end(), compare);
      }
    });
    std::inplace_merge(entries.begin(), middle, entries.end(), compare);
  } else {
    std::stable_sort(entries.begin(), entries.end(), compare);
  }
  std::vector<ResourceChange> sorted;
  sorted.reserve(changes.size());
  for (const SortEntry& e : entries) sorted.push_back(std::move(changes[e.index]));
  changes = std::move(sorted);
}

}  // namespace planview::renderer
