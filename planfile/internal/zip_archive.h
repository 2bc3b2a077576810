// The members of a plan file's ZIP archive, read from memory (by minizip), with the total
// inflated size capped (a small archive may inflate to gigabytes).
#ifndef PLANVIEW_PLANFILE_INTERNAL_ZIP_ARCHIVE_H_
#define PLANVIEW_PLANFILE_INTERNAL_ZIP_ARCHIVE_H_

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <string>
#include <string_view>
#include <utility>

#include "base/expected.h"

namespace planview::planfile::internal {

// A member's inflated bytes. The memory is not zero-filled first: inflating writes it
// once, front to back (a big member on huge pages, which saves most of its page faults).
class MemberBytes {
 public:
  MemberBytes() = default;
  // `size` bytes, uninitialised.
  explicit MemberBytes(size_t size);
  MemberBytes(MemberBytes&& other) noexcept : data_(std::move(other.data_)), size_(std::exchange(other.size_, 0)) {}
  MemberBytes& operator=(MemberBytes&& other) noexcept {
    data_ = std::move(other.data_);
    size_ = std::exchange(other.size_, 0);
    return *this;
  }

  char* data() { return data_.get(); }
  size_t size() const { return size_; }
  std::string_view view() const { return {data_.get(), size_}; }

 private:
  struct Free {
    void operator()(char* p) const { std::free(p); }
  };
  std::unique_ptr<char, Free> data_;
  size_t size_ = 0;
};

class ZipArchive {
 public:
  // Opens `bytes` (which must outlive the archive); the error when it is not a readable
  // ZIP archive.
  static base::Expected<std::unique_ptr<ZipArchive>> Open(std::string_view bytes, uint64_t max_inflated);
  ~ZipArchive();

  bool Has(std::string_view name) const;
  // The inflated member; the error when it is absent, damaged, or would take the total
  // read so far past the cap.
  base::Expected<MemberBytes> Read(std::string_view name);

 private:
  struct Handle;
  explicit ZipArchive(std::unique_ptr<Handle> handle, uint64_t max_inflated);
  std::unique_ptr<Handle> handle_;
  uint64_t budget_;  // bytes that may still be inflated
};

}  // namespace planview::planfile::internal

#endif  // PLANVIEW_PLANFILE_INTERNAL_ZIP_ARCHIVE_H_
