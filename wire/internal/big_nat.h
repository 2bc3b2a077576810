// An unsigned big integer, for the exact number conversions of wire/number.h.
#ifndef PLANVIEW_WIRE_INTERNAL_BIG_NAT_H_
#define PLANVIEW_WIRE_INTERNAL_BIG_NAT_H_

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace planview::wire::internal {

// An unsigned big integer, little-endian 32-bit limbs, no leading zero limbs. Only what
// number parsing and printing need; sizes here stay in the thousands of bits.
class BigNat {
 public:
  BigNat() = default;
  explicit BigNat(uint64_t v) {
    while (v != 0) {
      limbs_.push_back(static_cast<uint32_t>(v));
      v >>= 32;
    }
  }
  static BigNat FromDigits(std::string_view digits) {
    BigNat n;
    size_t i = 0;
    size_t head = digits.size() % 9;
    if (head == 0) head = 9;
    while (i < digits.size()) {
      uint32_t chunk = 0;
      uint32_t scale = 1;
      for (size_t j = 0; j < head; ++j) {
        chunk = chunk * 10 + static_cast<uint32_t>(digits[i + j] - '0');
        scale *= 10;
      }
      n.MulAdd(scale, chunk);
      i += head;
      head = 9;
    }
    return n;
  }

  bool zero() const { return limbs_.empty(); }
  size_t BitLen() const {
    if (limbs_.empty()) return 0;
    return (limbs_.size() - 1) * 32 + (32 - static_cast<size_t>(__builtin_clz(limbs_.back())));
  }
  bool Bit(size_t i) const {
    size_t w = i / 32;
    return w < limbs_.size() && ((limbs_[w] >> (i % 32)) & 1) != 0;
  }
  // True when any of the lowest `n` bits is set.
  bool AnyBelow(size_t n) const {
    size_t w = n / 32;
    for (size_t i = 0; i < w && i < limbs_.size(); ++i) {
      if (limbs_[i] != 0) return true;
    }
    if (w < limbs_.size() && n % 32 != 0) return (limbs_[w] & ((1u << (n % 32)) - 1)) != 0;
    return false;
  }
  uint32_t low() const { return limbs_.empty() ? 0 : limbs_[0]; }

  void MulAdd(uint32_t m, uint32_t add) {
    uint64_t carry = add;
    for (uint32_t& l : limbs_) {
      uint64_t t = static_cast<uint64_t>(l) * m + carry;
      l = static_cast<uint32_t>(t);
      carry = t >> 32;
    }
    if (carry != 0) limbs_.push_back(static_cast<uint32_t>(carry));
    Trim();
  }
  void AddSmall(uint32_t a) { MulAdd(1, a); }
  void SubOne() {  // this > 0
    for (uint32_t& l : limbs_) {
      if (l-- != 0) break;
    }
    Trim();
  }
  uint32_t DivSmall(uint32_t d) {
    uint64_t rem = 0;
    for (size_t i = limbs_.size(); i-- > 0;) {
      uint64_t cur = (rem << 32) | limbs_[i];
      limbs_[i] = static_cast<uint32_t>(cur / d);
      rem = cur % d;
    }
    Trim();
    return static_cast<uint32_t>(rem);
  }
  void Shl(size_t n) {
    if (zero() || n == 0) return;
    size_t words = n / 32;
    unsigned bits = n % 32;
    std::vector<uint32_t> out(words, 0);
    uint32_t carry = 0;
    for (uint32_t l : limbs_) {
      out.push_back(bits == 0 ? l : ((l << bits) | carry));
      carry = bits == 0 ? 0 : (l >> (32 - bits));
    }
    if (carry != 0) out.push_back(carry);
    limbs_ = std::move(out);
  }
  void Shr(size_t n) {
    size_t words = n / 32;
    unsigned bits = n % 32;
    if (words >= limbs_.size()) {
      limbs_.clear();
      return;
    }
    limbs_.erase(limbs_.begin(), limbs_.begin() + static_cast<std::ptrdiff_t>(words));
    if (bits != 0) {
      for (size_t i = 0; i < limbs_.size(); ++i) {
        uint32_t hi = i + 1 < limbs_.size() ? limbs_[i + 1] : 0;
        limbs_[i] = (limbs_[i] >> bits) | (hi << (32 - bits));
      }
    }
    Trim();
  }
  BigNat Mul(const BigNat& o) const {
    BigNat r;
    if (zero() || o.zero()) return r;
    r.limbs_.assign(limbs_.size() + o.limbs_.size(), 0);
    for (size_t i = 0; i < limbs_.size(); ++i) {
      uint64_t carry = 0;
      for (size_t j = 0; j < o.limbs_.size(); ++j) {
        uint64_t t = static_cast<uint64_t>(limbs_[i]) * o.limbs_[j] + r.limbs_[i + j] + carry;
        r.limbs_[i + j] = static_cast<uint32_t>(t);
        carry = t >> 32;
      }
      r.limbs_[i + o.limbs_.size()] = static_cast<uint32_t>(carry);
    }
    r.Trim();
    return r;
  }
  int Cmp(const BigNat& o) const {
    if (limbs_.size() != o.limbs_.size()) return limbs_.size() < o.limbs_.size() ? -1 : 1;
    for (size_t i = limbs_.size(); i-- > 0;) {
      if (limbs_[i] != o.limbs_[i]) return limbs_[i] < o.limbs_[i] ? -1 : 1;
    }
    return 0;
  }
  void Sub(const BigNat& o) {  // this >= o
    int64_t borrow = 0;
    for (size_t i = 0; i < limbs_.size(); ++i) {
      int64_t t = static_cast<int64_t>(limbs_[i]) - borrow - (i < o.limbs_.size() ? o.limbs_[i] : 0);
      borrow = t < 0 ? 1 : 0;
      limbs_[i] = static_cast<uint32_t>(t + (borrow << 32));
    }
    Trim();
  }
  // Quotient of this / d (binary long division); `rem_nonzero` says whether it was exact.
  BigNat Div(const BigNat& d, bool& rem_nonzero) const {
    BigNat q;
    BigNat r;
    size_t bits = BitLen();
    q.limbs_.assign(limbs_.size(), 0);
    for (size_t i = bits; i-- > 0;) {
      r.Shl(1);
      if (Bit(i)) {
        if (r.limbs_.empty()) r.limbs_.push_back(0);
        r.limbs_[0] |= 1;
      }
      if (r.Cmp(d) >= 0) {
        r.Sub(d);
        q.limbs_[i / 32] |= 1u << (i % 32);
      }
    }
    q.Trim();
    rem_nonzero = !r.zero();
    return q;
  }
  std::string ToDecimal() const {
    if (zero()) return "0";
    BigNat t = *this;
    std::vector<uint32_t> chunks;
    while (!t.zero()) chunks.push_back(t.DivSmall(1000000000));
    std::string out = std::to_string(chunks.back());
    char buf[16];
    for (size_t i = chunks.size() - 1; i-- > 0;) {
      std::snprintf(buf, sizeof buf, "%09u", chunks[i]);
      out += buf;
    }
    return out;
  }

 private:
  void Trim() {
    while (!limbs_.empty() && limbs_.back() == 0) limbs_.pop_back();
  }
  std::vector<uint32_t> limbs_;
};

}  // namespace planview::wire::internal

#endif  // PLANVIEW_WIRE_INTERNAL_BIG_NAT_H_
