// For tests of readers that must not read past their input: bytes placed so that they end
// exactly where a readable page ends and an unreadable (PROT_NONE) page begins. Reading
// one byte past them faults (ASan or not), so an over-read is a crash, not a silent pass.
#ifndef PLANVIEW_STRUCTURED_TESTING_GUARDED_BYTES_H_
#define PLANVIEW_STRUCTURED_TESTING_GUARDED_BYTES_H_

#include <cstddef>
#include <string_view>

namespace planview::structured::testing {

class GuardedBytes {
 public:
  // Room for `capacity` bytes at most.
  explicit GuardedBytes(size_t capacity);
  // Room for `bytes`, placed.
  explicit GuardedBytes(std::string_view bytes);
  ~GuardedBytes();
  GuardedBytes(const GuardedBytes&) = delete;
  GuardedBytes& operator=(const GuardedBytes&) = delete;

  // Copies `bytes` (at most the capacity) to end at the unreadable page, and returns the
  // copy; what was placed before is gone (one mapping serves many parses).
  std::string_view Place(std::string_view bytes);
  // What was placed last.
  std::string_view view() const { return {data_, size_}; }
  // The most it places.
  size_t capacity() const { return readable_; }

 private:
  char* mapping_ = nullptr;
  size_t readable_ = 0;  // bytes before the unreadable page
  size_t length_ = 0;
  const char* data_ = nullptr;
  size_t size_ = 0;
};

}  // namespace planview::structured::testing

#endif  // PLANVIEW_STRUCTURED_TESTING_GUARDED_BYTES_H_
