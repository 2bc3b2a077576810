// The one error type of the library API: what failed, as the one line the user sees, with
// the input file and the JSON path it is about kept apart for callers that want them.
#ifndef PLANVIEW_BASE_ERROR_H_
#define PLANVIEW_BASE_ERROR_H_

#include <string>
#include <utility>

namespace planview::base {

struct Error {
  // One line, no trailing newline, exactly as it is shown (it names the file and the path
  // when the failure has them; each part keeps its message format).
  std::string message;
  std::string file;  // the input's name as messages show it; empty when none
  std::string path;  // the JSON path the failure is about (`$.a[0]`); empty when none

  Error() = default;
  explicit Error(std::string message, std::string file = {}, std::string path = {})
      : message(std::move(message)), file(std::move(file)), path(std::move(path)) {}
};

}  // namespace planview::base

#endif  // PLANVIEW_BASE_ERROR_H_
