// The members of a plan file's ZIP archive, read from memory (by minizip), with the total
// inflated size capped (a small archive may inflate to gigabytes).
#ifndef PLANVIEW_PLANFILE_INTERNAL_ZIP_ARCHIVE_H_
#define PLANVIEW_PLANFILE_INTERNAL_ZIP_ARCHIVE_H_

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

#include "base/expected.h"

namespace planview::planfile::internal {

class ZipArchive {
 public:
  // Opens `bytes` (which must outlive the archive); the error when it is not a readable
  // ZIP archive.
  static base::Expected<std::unique_ptr<ZipArchive>> Open(std::string_view bytes, uint64_t max_inflated);
  ~ZipArchive();

  bool Has(std::string_view name) const;
  // The inflated member; the error when it is absent, damaged, or would take the total
  // read so far past the cap.
  base::Expected<std::string> Read(std::string_view name);

 private:
  struct Handle;
  explicit ZipArchive(std::unique_ptr<Handle> handle, uint64_t max_inflated);
  std::unique_ptr<Handle> handle_;
  uint64_t budget_;  // bytes that may still be inflated
};

}  // namespace planview::planfile::internal

#endif  // PLANVIEW_PLANFILE_INTERNAL_ZIP_ARCHIVE_H_
