#include "structured/internal/word_buffer.h"

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <new>

#include "base/huge_pages.h"

namespace planview::structured::internal {

WordBuffer::~WordBuffer() { std::free(data_); }

void WordBuffer::Reserve(size_t words) {
  if (words <= capacity_) return;
  void* grown = std::realloc(data_, words * sizeof(uint32_t));
  if (grown == nullptr) throw std::bad_alloc();
  data_ = static_cast<uint32_t*>(grown);
  capacity_ = words;
  // Large buffers fill front to back: huge pages save most of the page faults.
  base::AdviseHugePages(data_, words * sizeof(uint32_t));
}

void WordBuffer::Grow(size_t more) { Reserve(std::max(size_ + more, capacity_ + capacity_ / 2 + 64)); }

void WordBuffer::Append(const uint32_t* words, size_t count) {
  if (size_ + count > capacity_) Grow(count);
  if (count > 0) std::memcpy(data_ + size_, words, count * sizeof(uint32_t));
  size_ += count;
}

void WordBuffer::ShrinkToFit() {
  if (size_ == capacity_) return;
  if (size_ == 0) {
    std::free(data_);
    data_ = nullptr;
    capacity_ = 0;
    return;
  }
  // Shrinking a large block in place releases its tail without copying.
  void* shrunk = std::realloc(data_, size_ * sizeof(uint32_t));
  if (shrunk == nullptr) return;
  data_ = static_cast<uint32_t*>(shrunk);
  capacity_ = size_;
}

}  // namespace planview::structured::internal
