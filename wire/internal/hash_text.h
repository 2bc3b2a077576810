// A set element's hash text (set_order.h) as the canonical decoder writes it, piece by
// piece while it reads the element: the common pieces (plain quoted strings, small
// integers, punctuation) inline, the rest through set_order's functions. The decoder
// compares consecutive elements' texts to check a set's order.
#ifndef PLANVIEW_WIRE_INTERNAL_HASH_TEXT_H_
#define PLANVIEW_WIRE_INTERNAL_HASH_TEXT_H_

#include <algorithm>
#include <charconv>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>
#include <string>
#include <string_view>
#include <utility>

#include "structured/go_text.h"
#include "wire/internal/set_order.h"

namespace planview::wire::internal {

class HashText {
 public:
  std::string_view view() const { return std::string_view(data_.get(), size_); }
  size_t size() const { return size_; }
  void Clear() { size_ = 0; }
  void Truncate(size_t size) { size_ = std::min(size, size_); }
  __attribute__((always_inline)) void Push(char c) {
    if (size_ == capacity_) Grow(1);
    data_[size_++] = c;
  }
  void Append(std::string_view s) {
    if (capacity_ - size_ < s.size()) Grow(s.size());
    std::memcpy(data_.get() + size_, s.data(), s.size());
    size_ += s.size();
  }
  // Go's strconv.Quote.
  void Quoted(std::string_view s) {
    if (!Plain(s)) {
      Slow([&](std::string& out) { structured::AppendGoQuoted(out, s); });
      return;
    }
    if (capacity_ - size_ < s.size() + 2) Grow(s.size() + 2);
    char* at = data_.get() + size_;
    at[0] = '"';
    std::memcpy(at + 1, s.data(), s.size());
    at[s.size() + 1] = '"';
    size_ += s.size() + 2;
  }
  // Printable ASCII without '"' and '\\': quoted as it is.
  static bool Plain(std::string_view s) {
    constexpr uint64_t kOnes = 0x0101010101010101ull;
    constexpr uint64_t kHigh = 0x8080808080808080ull;
    auto has_zero = [](uint64_t x) { return (x - kOnes) & ~x & kHigh; };
    size_t i = 0;
    for (; i + 8 <= s.size(); i += 8) {
      uint64_t x;
      std::memcpy(&x, s.data() + i, 8);
      // Bytes below 0x20 or from 0x7f up (0x7f + 0x01 sets the high bit), quotes, backslashes.
      uint64_t bad = ((x - 0x20 * kOnes) | (x + 0x01 * kOnes) | x) & kHigh;
      if (bad != 0 || has_zero(x ^ (0x22 * kOnes)) != 0 || has_zero(x ^ (0x5c * kOnes)) != 0) return false;
    }
    for (; i < s.size(); ++i) {
      unsigned char ch = static_cast<unsigned char>(s[i]);
      if (ch < 0x20 || ch >= 0x7f || ch == '"' || ch == '\\') return false;
    }
    return true;
  }
  void Int(int64_t v) {
    if (v >= 0 && v < 100000) {  // ports, counts, sizes: a few digits
      char digits[5];
      int n = 0;
      do {
        digits[n++] = static_cast<char>('0' + v % 10);
        v /= 10;
      } while (v != 0);
      if (capacity_ - size_ < 5) Grow(5);
      while (n > 0) data_[size_++] = digits[--n];
      return;
    }
    if (v <= -10000000000 || v >= 10000000000) {  // %.10g differs from the digits
      Slow([&](std::string& out) { AppendHashInt(out, v); });
      return;
    }
    if (capacity_ - size_ < 24) Grow(24);
    auto res = std::to_chars(data_.get() + size_, data_.get() + size_ + 24, v);
    size_ = static_cast<size_t>(res.ptr - data_.get());
  }
  void Number(std::string_view canonical) {
    Slow([&](std::string& out) { AppendHashNumber(out, canonical); });
  }

 private:
  template <typename F>
  void Slow(F&& write) {
    scratch_.clear();
    write(scratch_);
    Append(scratch_);
  }
  void Grow(size_t more) {
    size_t capacity = std::max(size_ + more, 2 * capacity_ + 256);
    auto grown = std::make_unique<char[]>(capacity);
    if (size_ != 0) std::memcpy(grown.get(), data_.get(), size_);
    data_ = std::move(grown);
    capacity_ = capacity;
  }

  std::unique_ptr<char[]> data_;
  size_t size_ = 0;
  size_t capacity_ = 0;
  std::string scratch_;
};

}  // namespace planview::wire::internal

#endif  // PLANVIEW_WIRE_INTERNAL_HASH_TEXT_H_
