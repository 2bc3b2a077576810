// Reading a whole input file into memory, ready for the JSON parser.
#ifndef PLANVIEW_STRUCTURED_READ_INPUT_H_
#define PLANVIEW_STRUCTURED_READ_INPUT_H_

#include <cstddef>
#include <string>

namespace planview::structured {

// Bytes the parser may read past the end of the text; text whose capacity leaves less
// room is copied once.
inline constexpr size_t kParsePadding = 64;

// Reads a whole file (or standard input for "-") with the padding the parser wants.
// Returns false and sets `error` (one line, naming the file) on failure.
bool ReadInputFile(const std::string& path, std::string& out, std::string& error);

}  // namespace planview::structured

#endif  // PLANVIEW_STRUCTURED_READ_INPUT_H_
