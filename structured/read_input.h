// Reading a whole input file into memory, ready for the JSON parser.
#ifndef PLANVIEW_STRUCTURED_READ_INPUT_H_
#define PLANVIEW_STRUCTURED_READ_INPUT_H_

#include <cstddef>
#include <cstdint>
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
  // embeds planview, capi/, hands its input over in memory). Copied once, like a read.
  std::optional<std::string_view> standard_input = std::nullopt;
};

// Reads a whole file (or standard input for "-"), with the capacity for the padding the
// parser wants. The error's message is one line naming the file.
base::Expected<std::string> ReadInputFile(const std::string& path, const ReadOptions& options = {});

// The same bytes and errors, but a big regular file that holds exactly its size is mapped
// (internal/mapped_file.h: no copy, no fresh zeroed pages; a file truncated while mapped
// ends the process with one line naming it).
base::Expected<InputText> ReadInputText(const std::string& path, const ReadOptions& options = {});

}  // namespace planview::structured

#endif  // PLANVIEW_STRUCTURED_READ_INPUT_H_
