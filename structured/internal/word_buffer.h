// Growable word storage for building a Document (see DocumentBuilder).
#ifndef PLANVIEW_STRUCTURED_INTERNAL_WORD_BUFFER_H_
#define PLANVIEW_STRUCTURED_INTERNAL_WORD_BUFFER_H_

#include <cstddef>
#include <cstdint>
#include <utility>

namespace planview::structured::internal {

// Growable uint32_t storage that grows with realloc: big buffers are moved by the kernel
// (mremap) instead of being copied, so growing never holds two copies.
class WordBuffer {
 public:
  WordBuffer() = default;
  WordBuffer(const WordBuffer&) = delete;
  WordBuffer& operator=(const WordBuffer&) = delete;
  WordBuffer(WordBuffer&& other) noexcept { Swap(other); }
  WordBuffer& operator=(WordBuffer&& other) noexcept {
    WordBuffer gone(std::move(other));
    Swap(gone);
    return *this;
  }
  ~WordBuffer();

  const uint32_t* data() const { return data_; }
  uint32_t* data() { return data_; }
  size_t size() const { return size_; }
  size_t capacity() const { return capacity_; }
  void Reserve(size_t words);
  void Append(const uint32_t* words, size_t count);
  void Push(uint32_t word) {
    if (size_ == capacity_) Grow(1);
    data_[size_++] = word;
  }
  void Push(uint32_t first, uint32_t second) {
    if (size_ + 2 > capacity_) Grow(2);
    data_[size_] = first;
    data_[size_ + 1] = second;
    size_ += 2;
  }
  // Grows by `count` words and returns where they start, for the caller to fill.
  uint32_t* Extend(size_t count) {
    if (size_ + count > capacity_) Grow(count);
    uint32_t* at = data_ + size_;
    size_ += count;
    return at;
  }
  // Hands the words to the caller (to free with std::free) and leaves the buffer empty.
  uint32_t* Release() {
    uint32_t* words = data_;
    data_ = nullptr;
    size_ = 0;
    capacity_ = 0;
    return words;
  }
  // Drops the words from `size` on.
  void Truncate(size_t size) { size_ = size < size_ ? size : size_; }
  void Clear() { size_ = 0; }
  void ShrinkToFit();

 private:
  void Grow(size_t more);
  void Swap(WordBuffer& other) noexcept {
    std::swap(data_, other.data_);
    std::swap(size_, other.size_);
    std::swap(capacity_, other.capacity_);
  }

  uint32_t* data_ = nullptr;
  size_t size_ = 0;
  size_t capacity_ = 0;
};
}  // namespace planview::structured::internal

#endif  // PLANVIEW_STRUCTURED_INTERNAL_WORD_BUFFER_H_
