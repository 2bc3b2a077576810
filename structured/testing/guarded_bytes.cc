#include "structured/testing/guarded_bytes.h"

#include <sys/mman.h>
#include <unistd.h>

#include <cstdlib>
#include <cstring>

namespace planview::structured::testing {

GuardedBytes::GuardedBytes(size_t capacity) {
  const size_t page = static_cast<size_t>(sysconf(_SC_PAGESIZE));
  readable_ = (capacity + page - 1) / page * page + page;  // a page before the bytes, at least
  length_ = readable_ + page;
  void* mapping = mmap(nullptr, length_, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (mapping == MAP_FAILED) std::abort();
  mapping_ = static_cast<char*>(mapping);
  if (mprotect(mapping_ + readable_, page, PROT_NONE) != 0) std::abort();
  data_ = mapping_ + readable_;
}

GuardedBytes::GuardedBytes(std::string_view bytes) : GuardedBytes(bytes.size()) { Place(bytes); }

GuardedBytes::~GuardedBytes() { munmap(mapping_, length_); }

std::string_view GuardedBytes::Place(std::string_view bytes) {
  if (bytes.size() > readable_) std::abort();
  // Non-zero filler before the bytes: nothing there looks like padding either.
  std::memset(mapping_, 'x', readable_ - bytes.size());
  char* data = mapping_ + readable_ - bytes.size();
  if (!bytes.empty()) std::memcpy(data, bytes.data(), bytes.size());
  data_ = data;
  size_ = bytes.size();
  return view();
}

}  // namespace planview::structured::testing
