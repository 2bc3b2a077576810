#include "structured/read_input.h"

#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstring>

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <fmt/format.h>

#include "base/executor.h"
#include "base/huge_pages.h"
#include "structured/internal/mapped_file.h"
#include "structured/internal/page_size.h"

// Built as C++23 (see BUILD) for std::string::resize_and_overwrite.

// GCC 12 warns wrongly (-Wrestrict, its bug 105329) where the string moves into the result.
#pragma GCC diagnostic ignored "-Wrestrict"

namespace planview::structured {

namespace {

// Reads [begin, end) of a file into data + begin; returns how many bytes came, in order
// from `begin` (fewer at end of file or on an error, which the caller's next read meets).
size_t ReadRange(int fd, char* data, size_t begin, size_t end) {
  size_t at = begin;
  while (at < end) {
    ssize_t n = pread(fd, data + at, end - at, static_cast<off_t>(at));
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    at += static_cast<size_t>(n);
  }
  return at - begin;
}

// Reads the first `size` bytes of a regular file. Copying from the page cache is most of
// the cost of reading a big file, so its two halves are read side by side.
size_t ReadFileStart(int fd, char* data, size_t size, base::Executor* executor) {
  constexpr size_t kTwoThreadBytes = size_t{16} << 20;
  if (size < kTwoThreadBytes || executor == nullptr || executor->helpers() == 0) return ReadRange(fd, data, 0, size);
  size_t half = size / 2;
  size_t second = 0;
  base::Executor::Task helper = executor->Start([&] { second = ReadRange(fd, data, half, size); });
  size_t first = ReadRange(fd, data, 0, half);
  helper.Wait();
  return first < half ? first : half + second;
}

// Copies `size` bytes from `from` to `to`: a big copy's two halves side by side (the
// fresh pages' faults are most of its cost), as ReadFileStart reads.
void CopyBytes(const char* from, char* to, size_t size, base::Executor* executor) {
  constexpr size_t kTwoThreadBytes = size_t{16} << 20;
  if (size < kTwoThreadBytes || executor == nullptr || executor->helpers() == 0) {
    if (size > 0) std::memcpy(to, from, size);
    return;
  }
  size_t half = size / 2;
  base::Executor::Task helper = executor->Start([&] { std::memcpy(to + half, from + half, size - half); });
  std::memcpy(to, from, half);
  helper.Wait();
}

base::Error Failure(std::string_view name, std::string message) { return base::Error(std::move(message), std::string(name)); }

base::Error TooLarge(std::string_view name, uint64_t max_bytes) {
  return Failure(name, fmt::format("{}: input is larger than {} bytes (the --max-input-bytes limit)", name, max_bytes));
}

// Appends what `f` still holds to `out`; fails when more than `max_bytes` in all would
// come or a read fails.
base::Expected<void> ReadRest(std::FILE* f, std::string& out, std::string_view name, uint64_t max_bytes) {
  char buffer[1 << 16];
  size_t n;
  while ((n = std::fread(buffer, 1, sizeof buffer, f)) > 0) {
    if (out.size() + n > max_bytes) return TooLarge(name, max_bytes);
    out.append(buffer, n);
  }
  if (std::ferror(f)) {
    return f == stdin ? Failure("-", "-: cannot read standard input") : Failure(name, fmt::format("{}: read error", name));
  }
  return {};
}

// Maps the pages of a mapped file's [data, data + size) now (data page-aligned), the second
// half on a helper thread when there is one: cheaper than the faults of a first read, which
// take them a few at a time. Best effort: a kernel without MADV_POPULATE_READ, or a
// failure, leaves them to be faulted in as they are read.
void Populate(const char* data, size_t size, base::Executor* executor) {
#if defined(MADV_POPULATE_READ)
  auto populate = [](const char* from, size_t bytes) {
    if (bytes > 0) madvise(const_cast<char*>(from), bytes, MADV_POPULATE_READ);
  };
  const size_t page = internal::PageSize();
  if (executor == nullptr || executor->helpers() == 0 || size < 2 * page) {
    populate(data, size);
    return;
  }
  const size_t half = size / 2 / page * page;
  base::Executor::Task helper = executor->Start([&] { populate(data + half, size - half); });
  populate(data, half);
  helper.Wait();
#else
  (void)data;
  (void)size;
  (void)executor;
#endif
}

// A mapping of the regular file `path` when it is big enough, within the limit and holds
// exactly the size it claims; null otherwise (the caller reads it, and reports any error).
// The path is looked at before it is opened, so a FIFO or device is never opened here.
std::shared_ptr<internal::MappedFile> MapWholeFile(const std::string& path, const ReadOptions& options,
                                                   std::string_view name) {
  struct stat info {};
  if (path == "-" || stat(path.c_str(), &info) != 0 || !S_ISREG(info.st_mode)) return nullptr;
  const uint64_t size = static_cast<uint64_t>(info.st_size);
  if (info.st_size <= 0 || size < options.map_min_bytes || size > options.max_bytes) return nullptr;
  int fd = open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return nullptr;
  std::shared_ptr<internal::MappedFile> mapped;
  struct stat opened {};
  if (fstat(fd, &opened) == 0 && S_ISREG(opened.st_mode) && opened.st_size == info.st_size) {
    mapped = internal::MappedFile::Map(fd, static_cast<size_t>(size), kParsePadding, name);
    // A file that grew meanwhile is read whole instead.
    char more;
    if (mapped != nullptr && pread(fd, &more, 1, static_cast<off_t>(size)) != 0) mapped.reset();
    if (mapped != nullptr) Populate(mapped->data(), mapped->size(), options.executor);
  }
  close(fd);
  return mapped;
}

}  // namespace

base::Expected<InputText> ReadInputText(const std::string& path, const ReadOptions& options) {
  std::string_view name = options.name.empty() ? std::string_view(path) : options.name;
  if (std::shared_ptr<internal::MappedFile> mapped = MapWholeFile(path, options, name)) {
    return InputText(std::move(mapped));
  }
  base::Expected<std::string> read = ReadInputFile(path, options);
  if (!read) return std::move(read).error();
  return InputText(std::move(*read));
}

base::Expected<std::string> ReadInputFile(const std::string& path, const ReadOptions& options) {
  std::string out;
  std::string_view name = options.name.empty() ? std::string_view(path) : options.name;
  if (path == "-" && options.standard_input) {
    const std::string_view in = *options.standard_input;
    if (in.size() > options.max_bytes) return TooLarge(name, options.max_bytes);
    out.reserve(in.size() + kParsePadding);
    base::AdviseHugePages(out.data(), out.capacity());
    out.resize_and_overwrite(in.size(), [&](char* data, size_t n) {
      CopyBytes(in.data(), data, n, options.executor);
      return n;
    });
    return out;
  }
  if (path == "-") {
    if (base::Expected<void> read = ReadRest(stdin, out, name, options.max_bytes); !read) return std::move(read).error();
    out.reserve(out.size() + kParsePadding);
    return out;
  }
  std::FILE* f = std::fopen(path.c_str(), "rb");
  if (f == nullptr) return Failure(name, fmt::format("{}: cannot open: {}", name, std::strerror(errno)));
  // Only a regular file's size is worth trusting: a directory opens too (and claims a
  // huge size on some file systems), pipes and devices claim none.
  struct stat info {};
  bool known = fstat(fileno(f), &info) == 0;
  if (known && S_ISDIR(info.st_mode)) {
    std::fclose(f);
    return Failure(name, fmt::format("{}: cannot read: is a directory", name));
  }
  long size = -1;
  if (known && S_ISREG(info.st_mode)) size = static_cast<long>(info.st_size);
  if (size > 0 && static_cast<uint64_t>(size) > options.max_bytes) {
    std::fclose(f);
    return TooLarge(name, options.max_bytes);
  }
  if (size > 0) {
    out.reserve(static_cast<size_t>(size) + kParsePadding);
    base::AdviseHugePages(out.data(), out.capacity());
  }
  if (size > 0) {
    // Straight into the string's buffer: no zero-filling first (the reading threads touch
    // the fresh pages first, side by side).
    size_t got = 0;
    out.resize_and_overwrite(static_cast<size_t>(size), [&](char* data, size_t n) {
      got = ReadFileStart(fileno(f), data, n, options.executor);
      return got;
    });
    // Whatever is left (the file grew, or a read failed) goes through `f` from there.
    if (std::fseek(f, static_cast<long>(got), SEEK_SET) != 0) {
      std::fclose(f);
      return Failure(name, fmt::format("{}: read error", name));
    }
  }
  base::Expected<void> rest = ReadRest(f, out, name, options.max_bytes);
  std::fclose(f);
  if (!rest) return std::move(rest).error();
  if (out.capacity() < out.size() + kParsePadding) out.reserve(out.size() + kParsePadding);
  return out;
}

}  // namespace planview::structured
