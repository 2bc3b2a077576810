// Reading an input: whole into memory, ready for the JSON parser, or (InputReader) its
// first bytes looked at first and then the rest whole or a line at a time.
#ifndef PLANVIEW_STRUCTURED_READ_INPUT_H_
#define PLANVIEW_STRUCTURED_READ_INPUT_H_

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "base/expected.h"
#include "structured/input_text.h"

namespace planview::base {
class Executor;
}  // namespace planview::base

namespace planview::structured {

// Bytes the parser may read past the end of the text; text whose capacity leaves less
// room is copied once.
inline constexpr size_t kParsePadding = 64;

// The default cap on an input's size (`--max-input-bytes`): 4 GiB.
inline constexpr uint64_t kDefaultMaxInputBytes = uint64_t{4} << 30;

// Regular files at least this big are mapped by ReadInputText instead of read.
inline constexpr uint64_t kMapMinBytes = uint64_t{1} << 20;

struct ReadOptions {
  // An input larger than this is an error, found without reading past it (a regular
  // file by its size; a pipe or device, such as /dev/zero, once this much has come).
  uint64_t max_bytes = kDefaultMaxInputBytes;
  // The file's name in messages (already escaped for them); empty: `path` as it is.
  std::string_view name;
  // Big regular files are read on two threads when there is one to spare.
  base::Executor* executor = nullptr;
  // ReadInputText maps a regular file of at least this many bytes.
  uint64_t map_min_bytes = kMapMinBytes;
  // When set, the bytes "-" reads instead of the process's standard input (a program that
  // embeds planview, capi/, hands its input over in memory): InputReader reads them as it
  // would a pipe that holds them all, except that ReadAll hands them over where they are
  // (InputText::Borrowed: no copy, no padding). They must outlive the reader and whatever
  // it returned.
  std::optional<std::string_view> standard_input = std::nullopt;
};

// Reads a whole file (or standard input for "-"), with the capacity for the padding the
// parser wants. The error's message is one line naming the file.
base::Expected<std::string> ReadInputFile(const std::string& path, const ReadOptions& options = {});

// The same bytes and errors, but a big regular file that holds exactly its size is mapped
// (internal/mapped_file.h: no copy, no fresh zeroed pages; a file truncated while mapped
// ends the process with one line naming it).
base::Expected<InputText> ReadInputText(const std::string& path, const ReadOptions& options = {});

// One line of an input read by InputReader::NextLine.
struct InputLine {
  // The line without its '\n' (a last line without one is a line too). A line longer than
  // the reader's max_line_bytes is not kept: `text` is empty and `too_long` set.
  std::string_view text;
  bool too_long = false;
  uint64_t offset = 0;  // the byte offset of its first byte in the input
  uint64_t length = 0;  // its length, '\n' not counted (also when too long)
};

// An input (a file, or standard input for "-") opened to be read once. Its first bytes
// can be looked at (Peek) before it is read either whole (ReadAll, as ReadInputText
// reads it) or a line at a time (NextLine) in memory bounded by the longest line kept,
// each line handed over as soon as its '\n' (or the end of the input) has come: reads
// return what a pipe holds without waiting for more.
class InputReader {
 public:
  // Opens `path`: the errors of ReadInputFile for a file that cannot be opened, is a
  // directory or is a regular file over options.max_bytes.
  static base::Expected<InputReader> Open(const std::string& path, const ReadOptions& options = {});

  InputReader(InputReader&&) noexcept;
  InputReader& operator=(InputReader&&) noexcept;
  ~InputReader();

  // The input's first bytes: at least `n` unless it ends sooner (then all of it).
  base::Expected<std::string_view> Peek(size_t n);
  // The input's first bytes up to the first one that is not JSON whitespace (space, tab,
  // CR, LF), that one included; all of it when there is none. Reads no more than
  // `budget` bytes to find it.
  base::Expected<std::string_view> PeekPastWhitespace(size_t budget);
  // Whether Peek has seen the end of the input.
  bool at_end() const;
  // Whether the input may never end: a pipe or a device (not a regular file, whose size
  // is known, nor bytes in memory).
  bool endless() const;

  // The whole input (with the bytes peeked), as ReadInputText returns it: a big regular
  // file is mapped. Only before NextLine.
  base::Expected<InputText> ReadAll() &&;

  // The next line; false at the end of the input. Lines over `max_line_bytes` are
  // skipped to their end without being held. An input over options.max_bytes is an error
  // once that much has come.
  base::Expected<bool> NextLine(InputLine& line, size_t max_line_bytes);
  // Whether NextLine can hand over its next line (or say the input ended) without
  // reading, so without waiting for a pipe.
  bool line_ready() const;
  // While a read waits for input, `hook` is called every `interval_ms` milliseconds
  // (a status line's clock); null: none.
  void SetWaitHook(std::function<void()> hook, int interval_ms);

 private:
  struct State;
  explicit InputReader(std::unique_ptr<State> state);
  std::unique_ptr<State> state_;
};

}  // namespace planview::structured

#endif  // PLANVIEW_STRUCTURED_READ_INPUT_H_
