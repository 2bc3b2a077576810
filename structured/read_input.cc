#include "structured/read_input.h"

#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <system_error>
#include <thread>

#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <fmt/format.h>

// Built as C++23 (see BUILD) for std::string::resize_and_overwrite.

namespace planview::structured {

namespace {

// A big input is filled front to back right away: huge pages save most of its page faults.
void AdviseHugePages([[maybe_unused]] char* data, [[maybe_unused]] size_t size) {
#if defined(MADV_HUGEPAGE)
  constexpr uintptr_t kHuge = uintptr_t{2} << 20;
  uintptr_t begin = (reinterpret_cast<uintptr_t>(data) + kHuge - 1) & ~(kHuge - 1);
  uintptr_t end = (reinterpret_cast<uintptr_t>(data) + size) & ~(kHuge - 1);
  if (end > begin) madvise(reinterpret_cast<void*>(begin), end - begin, MADV_HUGEPAGE);
#endif
}

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
// the cost of reading a big file, so its two halves are read on two threads.
size_t ReadFileStart(int fd, char* data, size_t size) {
  constexpr size_t kTwoThreadBytes = size_t{16} << 20;
  if (size < kTwoThreadBytes) return ReadRange(fd, data, 0, size);
  size_t half = size / 2;
  size_t second = 0;
  std::thread helper;
  try {
    helper = std::thread([&] { second = ReadRange(fd, data, half, size); });
  } catch (const std::system_error&) {
    return ReadRange(fd, data, 0, size);
  }
  size_t first = ReadRange(fd, data, 0, half);
  helper.join();
  return first < half ? first : half + second;
}

std::string TooLarge(std::string_view name, uint64_t max_bytes) {
  return fmt::format("{}: input is larger than {} bytes (the --max-input-bytes limit)", name, max_bytes);
}

// Appends what `f` still holds to `out`; false (with `error` set) when more than
// `max_bytes` in all would come or a read fails.
bool ReadRest(std::FILE* f, std::string& out, std::string_view name, uint64_t max_bytes, std::string& error) {
  char buffer[1 << 16];
  size_t n;
  while ((n = std::fread(buffer, 1, sizeof buffer, f)) > 0) {
    if (out.size() + n > max_bytes) {
      error = TooLarge(name, max_bytes);
      return false;
    }
    out.append(buffer, n);
  }
  if (std::ferror(f)) {
    error = f == stdin ? std::string("-: cannot read standard input") : fmt::format("{}: read error", name);
    return false;
  }
  return true;
}

}  // namespace

bool ReadInputFile(const std::string& path, std::string& out, std::string& error, const ReadOptions& options) {
  out.clear();
  std::string_view name = options.name.empty() ? std::string_view(path) : options.name;
  if (path == "-") {
    if (!ReadRest(stdin, out, name, options.max_bytes, error)) return false;
    out.reserve(out.size() + kParsePadding);
    return true;
  }
  std::FILE* f = std::fopen(path.c_str(), "rb");
  if (f == nullptr) {
    error = fmt::format("{}: cannot open: {}", name, std::strerror(errno));
    return false;
  }
  // Only a regular file's size is worth trusting: a directory opens too (and claims a
  // huge size on some file systems), pipes and devices claim none.
  struct stat info {};
  bool known = fstat(fileno(f), &info) == 0;
  if (known && S_ISDIR(info.st_mode)) {
    std::fclose(f);
    error = fmt::format("{}: cannot read: is a directory", name);
    return false;
  }
  long size = -1;
  if (known && S_ISREG(info.st_mode)) size = static_cast<long>(info.st_size);
  if (size > 0 && static_cast<uint64_t>(size) > options.max_bytes) {
    std::fclose(f);
    error = TooLarge(name, options.max_bytes);
    return false;
  }
  if (size > 0) {
    out.reserve(static_cast<size_t>(size) + kParsePadding);
    AdviseHugePages(out.data(), out.capacity());
  }
  if (size > 0) {
    // Straight into the string's buffer: no zero-filling first (the reading threads touch
    // the fresh pages first, side by side).
    size_t got = 0;
    out.resize_and_overwrite(static_cast<size_t>(size), [&](char* data, size_t n) {
      got = ReadFileStart(fileno(f), data, n);
      return got;
    });
    // Whatever is left (the file grew, or a read failed) goes through `f` from there.
    if (std::fseek(f, static_cast<long>(got), SEEK_SET) != 0) {
      std::fclose(f);
      error = fmt::format("{}: read error", name);
      return false;
    }
  }
  bool ok = ReadRest(f, out, name, options.max_bytes, error);
  std::fclose(f);
  if (!ok) return false;
  if (out.capacity() < out.size() + kParsePadding) out.reserve(out.size() + kParsePadding);
  return true;
}

}  // namespace planview::structured
