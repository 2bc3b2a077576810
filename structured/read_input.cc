#include "structured/read_input.h"

#include <algorithm>
#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <optional>

#include <fcntl.h>
#include <poll.h>
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

// std::string::resize_and_overwrite, or where the library lacks it (emscripten's libc++ 13
// in the WebAssembly build, //js:planview_wasm) the same result through a zero-filling resize.
template <typename Op>
void ResizeAndOverwrite(std::string& s, size_t n, Op op) {
#if defined(__cpp_lib_string_resize_and_overwrite)
  s.resize_and_overwrite(n, op);
#else
  s.resize(n);
  s.resize(static_cast<size_t>(op(s.data(), n)));
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

base::Error Failure(std::string_view name, std::string message) { return base::Error(std::move(message), std::string(name)); }

base::Error TooLarge(std::string_view name, uint64_t max_bytes) {
  return Failure(name, fmt::format("{}: input is larger than {} bytes (the --max-input-bytes limit)", name, max_bytes));
}

base::Error ReadFailure(std::string_view name, bool standard_input) {
  return standard_input ? Failure("-", "-: cannot read standard input") : Failure(name, fmt::format("{}: read error", name));
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
  if (std::ferror(f)) return ReadFailure(name, f == stdin);
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

// A named file (not "-") read whole.
base::Expected<std::string> ReadWholeFile(const std::string& path, const ReadOptions& options) {
  std::string out;
  std::string_view name = options.name.empty() ? std::string_view(path) : options.name;
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
    ResizeAndOverwrite(out, static_cast<size_t>(size), [&](char* data, size_t n) {
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

// A named file (not "-") read whole, mapped when it is big.
base::Expected<InputText> ReadWholeText(const std::string& path, const ReadOptions& options) {
  std::string_view name = options.name.empty() ? std::string_view(path) : options.name;
  if (std::shared_ptr<internal::MappedFile> mapped = MapWholeFile(path, options, name)) {
    return InputText(std::move(mapped));
  }
  base::Expected<std::string> read = ReadWholeFile(path, options);
  if (!read) return std::move(read).error();
  return InputText(std::move(*read));
}

// How much one read of a stream asks for.
constexpr size_t kReadChunk = size_t{256} << 10;

}  // namespace

base::Expected<InputText> ReadInputText(const std::string& path, const ReadOptions& options) {
  base::Expected<InputReader> reader = InputReader::Open(path, options);
  if (!reader) return std::move(reader).error();
  return std::move(*reader).ReadAll();
}

base::Expected<std::string> ReadInputFile(const std::string& path, const ReadOptions& options) {
  if (path != "-") return ReadWholeFile(path, options);
  base::Expected<InputReader> reader = InputReader::Open(path, options);
  if (!reader) return std::move(reader).error();
  base::Expected<InputText> text = std::move(*reader).ReadAll();
  if (!text) return std::move(text).error();
  std::string out = std::move(*text).TakeString();
  if (out.capacity() < out.size() + kParsePadding) out.reserve(out.size() + kParsePadding);
  return out;
}

struct InputReader::State {
  std::string path;
  std::string name;  // for messages
  ReadOptions options;
  int fd = -1;
  bool standard_input = false;
  bool regular_path = false;  // a regular file opened by its name: ReadAll may map it
  bool endless = false;       // a pipe or a device, which may never end
  // options.standard_input's bytes when "-" reads them (fd is then -1); `memory_at` of
  // them have been taken into `buffer`. Until any are, Peek looks at them where they are:
  // `memory_peeked` of them so far.
  std::optional<std::string_view> memory;
  size_t memory_at = 0;
  size_t memory_peeked = 0;
  // The bytes read and not yet handed over: buffer[begin, end) from input offset
  // buffer_offset + begin on; lines are looked for from `scan` on.
  std::string buffer;
  size_t begin = 0;
  size_t next = 0;  // where the line after the one last handed over begins
  size_t scan = 0;
  uint64_t buffer_offset = 0;
  uint64_t total = 0;  // bytes read in all
  bool eof = false;
  bool lines_read = false;
  std::function<void()> wait_hook;
  int wait_interval_ms = 0;

  ~State() {
    if (fd >= 0 && !standard_input) close(fd);
  }

  // Reads what comes next (up to kReadChunk bytes, whatever a pipe holds) onto the
  // buffer's end; sets eof at the end.
  base::Expected<void> Fill() {
    const size_t size = buffer.size();
    if (buffer.capacity() < size + kReadChunk) buffer.reserve(std::max(size + kReadChunk, buffer.capacity() * 3 / 2));
    if (memory) {
      // Bytes in memory come as a pipe holding them all would bring them: never waiting.
      const size_t n = std::min(kReadChunk, memory->size() - memory_at);
      if (n == 0) {
        eof = true;
        return {};
      }
      buffer.append(memory->data() + memory_at, n);
      memory_at += n;
      total += n;
      if (total > options.max_bytes) return TooLarge(name, options.max_bytes);
      return {};
    }
    if (wait_hook) {
      pollfd ready{.fd = fd, .events = POLLIN, .revents = 0};
      while (poll(&ready, 1, wait_interval_ms) == 0) wait_hook();
    }
    ssize_t n = 0;
    ResizeAndOverwrite(buffer, size + kReadChunk, [&](char* data, size_t) {
      do {
        n = read(fd, data + size, kReadChunk);
      } while (n < 0 && errno == EINTR);
      return size + static_cast<size_t>(n > 0 ? n : 0);
    });
    if (n < 0) return ReadFailure(name, standard_input);
    if (n == 0) {
      eof = true;
      return {};
    }
    total += static_cast<uint64_t>(n);
    if (total > options.max_bytes) return TooLarge(name, options.max_bytes);
    return {};
  }

  // Whether Peek looks at bytes in memory where they are: none taken into the buffer yet.
  bool PeeksInPlace() const { return memory && memory_at == 0 && !lines_read; }

  // The bytes in memory Peek(n) shows, where they are: as many as Fill would have brought
  // (whole reads of kReadChunk bytes, so that looking one byte further each time costs
  // nothing), and the same limit error.
  base::Expected<std::string_view> PeekInPlace(size_t n) {
    const size_t reads = n / kReadChunk + 1;
    const size_t want = reads > SIZE_MAX / kReadChunk ? SIZE_MAX : reads * kReadChunk;
    const std::string_view seen = memory->substr(0, std::max(want, memory_peeked));
    if (seen.size() > options.max_bytes) return TooLarge(name, options.max_bytes);
    memory_peeked = seen.size();
    return seen;
  }

  // Drops buffer[0, begin), keeping the offsets right.
  void Compact() {
    if (begin == 0) return;
    buffer.erase(0, begin);
    buffer_offset += begin;
    scan -= begin;
    next -= begin;
    begin = 0;
  }
};

InputReader::InputReader(std::unique_ptr<State> state) : state_(std::move(state)) {}
InputReader::InputReader(InputReader&&) noexcept = default;
InputReader& InputReader::operator=(InputReader&&) noexcept = default;
InputReader::~InputReader() = default;

base::Expected<InputReader> InputReader::Open(const std::string& path, const ReadOptions& options) {
  auto state = std::make_unique<State>();
  state->path = path;
  state->name = options.name.empty() ? path : std::string(options.name);
  state->options = options;
  state->options.name = state->name;
  const std::string_view name = state->name;
  if (path == "-") {
    state->standard_input = true;
    if (options.standard_input) {
      state->memory = options.standard_input;
    } else {
      state->fd = STDIN_FILENO;
      struct stat info {};
      state->endless = fstat(STDIN_FILENO, &info) != 0 || !S_ISREG(info.st_mode);
    }
    return InputReader(std::move(state));
  }
  state->fd = open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (state->fd < 0) return Failure(name, fmt::format("{}: cannot open: {}", name, std::strerror(errno)));
  struct stat info {};
  state->endless = true;
  if (fstat(state->fd, &info) == 0) {
    state->endless = !S_ISREG(info.st_mode);
    if (S_ISDIR(info.st_mode)) return Failure(name, fmt::format("{}: cannot read: is a directory", name));
    if (S_ISREG(info.st_mode)) {
      state->regular_path = true;
      if (info.st_size > 0 && static_cast<uint64_t>(info.st_size) > options.max_bytes) {
        return TooLarge(name, options.max_bytes);
      }
    }
  }
  return InputReader(std::move(state));
}

base::Expected<std::string_view> InputReader::Peek(size_t n) {
  State& s = *state_;
  if (s.PeeksInPlace()) return s.PeekInPlace(n);
  while (s.buffer.size() - s.begin < n && !s.eof) {
    if (base::Expected<void> filled = s.Fill(); !filled) return std::move(filled).error();
  }
  return std::string_view(s.buffer).substr(s.begin);
}

base::Expected<std::string_view> InputReader::PeekPastWhitespace(size_t budget) {
  // Peek's views, a read's worth more each time (where the bytes are, in memory or in
  // the buffer).
  size_t looked = 0;
  while (true) {
    base::Expected<std::string_view> seen = Peek(looked + 1);
    if (!seen) return seen;
    for (; looked < seen->size(); ++looked) {
      char c = (*seen)[looked];
      if (c != ' ' && c != '\t' && c != '\r' && c != '\n') return seen->substr(0, looked + 1);
    }
    if (at_end() || seen->size() >= budget) return seen;
  }
}

bool InputReader::at_end() const {
  const State& s = *state_;
  return s.eof || (s.PeeksInPlace() && s.memory_peeked == s.memory->size());
}

bool InputReader::endless() const { return state_->endless; }

base::Expected<InputText> InputReader::ReadAll() && {
  State& s = *state_;
  if (s.regular_path && s.buffer_offset == 0 && !s.lines_read) {
    // From the start again, by name: a big file is mapped instead of copied.
    close(s.fd);
    s.fd = -1;
    return ReadWholeText(s.path, s.options);
  }
  if (s.memory) {
    // The bytes in memory from where the buffer begins on, where they are (not copied:
    // the parser reads them without padding).
    const std::string_view rest = s.memory->substr(s.buffer_offset + s.begin);
    if (s.memory->size() > s.options.max_bytes) return TooLarge(s.name, s.options.max_bytes);
    s.memory_at = s.memory->size();
    s.total = s.memory->size();
    s.eof = true;
    s.buffer = std::string();
    s.begin = s.next = s.scan = 0;
    return InputText::Borrowed(rest);
  }
  std::string out = std::move(s.buffer);
  out.erase(0, s.begin);
  s.buffer = std::string();
  s.begin = s.next = s.scan = 0;
  while (!s.eof) {
    std::swap(out, s.buffer);
    base::Expected<void> filled = s.Fill();
    std::swap(out, s.buffer);
    if (!filled) return std::move(filled).error();
  }
  if (out.capacity() < out.size() + kParsePadding) out.reserve(out.size() + kParsePadding);
  return InputText(std::move(out));
}

bool InputReader::line_ready() const {
  const State& s = *state_;
  return s.eof || s.buffer.find('\n', std::max(s.scan, s.next)) != std::string::npos;
}

void InputReader::SetWaitHook(std::function<void()> hook, int interval_ms) {
  if (state_->memory) return;  // bytes in memory never keep a read waiting
  state_->wait_hook = std::move(hook);
  state_->wait_interval_ms = interval_ms;
}

base::Expected<bool> InputReader::NextLine(InputLine& line, size_t max_line_bytes) {
  State& s = *state_;
  s.lines_read = true;
  s.begin = s.next;
  if (s.scan < s.begin) s.scan = s.begin;
  line = InputLine();
  line.offset = s.buffer_offset + s.begin;
  uint64_t skipped = 0;  // bytes of a line too long to keep, already dropped
  while (true) {
    size_t newline = s.buffer.find('\n', s.scan);
    if (newline != std::string::npos || (s.eof && (s.begin < s.buffer.size() || line.too_long))) {
      const size_t end = newline != std::string::npos ? newline : s.buffer.size();
      line.length = skipped + (end - s.begin);
      if (!line.too_long && line.length > max_line_bytes) line.too_long = true;
      if (!line.too_long) line.text = std::string_view(s.buffer).substr(s.begin, end - s.begin);
      s.next = s.scan = newline != std::string::npos ? newline + 1 : end;
      return true;
    }
    if (s.eof) return false;
    if (s.buffer.size() - s.begin > max_line_bytes) {
      line.too_long = true;
      skipped += s.buffer.size() - s.begin;
      s.begin = s.buffer.size();
    }
    s.scan = s.buffer.size();
    s.next = s.begin;
    s.Compact();
    if (base::Expected<void> filled = s.Fill(); !filled) return std::move(filled).error();
  }
}

}  // namespace planview::structured
