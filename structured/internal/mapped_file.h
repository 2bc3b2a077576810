// A private, read-only mapping of a regular file's first bytes, followed by zero padding.
//
// A file that shrinks while it is mapped would make reading the lost pages raise SIGBUS:
// a handler installed with the first mapping then prints "<name>: read error: the file
// was truncated while it was being read" on standard error and ends the process with
// status 1 (nothing can be recovered at that point; the text is in use everywhere).
// Faults elsewhere go to the handler installed before. A file rewritten in place while
// it is mapped shows the new bytes, as a read racing the writer would; everything that
// reads the text stays within it and its zero padding.
#ifndef PLANVIEW_STRUCTURED_INTERNAL_MAPPED_FILE_H_
#define PLANVIEW_STRUCTURED_INTERNAL_MAPPED_FILE_H_

#include <cstddef>
#include <memory>
#include <string_view>

namespace planview::structured::internal {

class MappedFile {
 public:
  // Maps the first `size` bytes of the open regular file `fd` (size > 0) followed by at
  // least `padding` zero bytes; `name` is the file's name for the message above. Null when
  // the mapping fails or the guard has no free slot (the caller reads the file instead).
  static std::shared_ptr<MappedFile> Map(int fd, size_t size, size_t padding, std::string_view name);

  MappedFile(const MappedFile&) = delete;
  MappedFile& operator=(const MappedFile&) = delete;
  ~MappedFile();

  const char* data() const { return base_; }
  size_t size() const { return size_; }
  // Zero bytes after the text.
  size_t padding() const { return length_ - size_; }

 private:
  MappedFile(char* base, size_t length, size_t size, int slot) : base_(base), length_(length), size_(size), slot_(slot) {}

  char* base_;
  size_t length_;  // bytes mapped (file pages and the padding)
  size_t size_;    // bytes of text
  int slot_;       // the guard's slot for this mapping
};

}  // namespace planview::structured::internal

#endif  // PLANVIEW_STRUCTURED_INTERNAL_MAPPED_FILE_H_
