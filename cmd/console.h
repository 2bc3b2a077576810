// What the planview commands share when they talk to the user: exit statuses (the table in
// cmd/exit_status.h), writing text and one-line errors ("planview: ...") to a stream, file
// names fit for a message, and the final check that everything written reached its
// destination.
#ifndef PLANVIEW_CMD_CONSOLE_H_
#define PLANVIEW_CMD_CONSOLE_H_

#include <atomic>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <string>
#include <string_view>

#include <fmt/format.h>

#include "structured/go_text.h"
#include "cmd/exit_status.h"

namespace planview::cmd {

namespace internal {
// The reason of the first failed Write (the stream's error flag says only that one failed).
inline std::atomic<int> first_write_errno{0};
}  // namespace internal

// A failed write sets the stream's error flag, which FinishOutput reports.
inline void Write(std::FILE* f, std::string_view text) {
  if (std::fwrite(text.data(), 1, text.size(), f) != text.size()) {
    int expected = 0;
    internal::first_write_errno.compare_exchange_strong(expected, errno);
  }
}

// Flushes `f` (before text on another stream that should come after it), remembering why
// it failed as Write does.
inline void Flush(std::FILE* f) {
  if (std::fflush(f) != 0) {
    int expected = 0;
    internal::first_write_errno.compare_exchange_strong(expected, errno);
  }
}

inline void Error(std::FILE* err, std::string_view message) { Write(err, fmt::format("planview: {}\n", message)); }

// A user-given string (a file name, an option's value) as a message shows it: as it is
// when Go's %q would only add the quotes, else %q-quoted (a newline, ESC or invalid UTF-8
// can then neither split the message line nor reach the terminal raw).
inline std::string ForMessage(std::string_view text) {
  std::string quoted = structured::GoQuote(text);
  return quoted.size() == text.size() + 2 ? std::string(text) : quoted;
}

// Flushes `out`; when it or an earlier write failed (a full disk, a closed standard
// output), prints one line on `err` and turns a successful `status` into 1.
inline int FinishOutput(std::FILE* out, std::FILE* err, int status) {
  errno = 0;
  bool flushed = std::fflush(out) == 0;
  if (flushed && !std::ferror(out)) return status;
  int error = !flushed && errno != 0 ? errno : internal::first_write_errno.load();
  Error(err, error != 0 ? fmt::format("standard output: write error: {}", std::strerror(error))
                        : std::string("standard output: write error"));
  return status == 0 ? kExitBadInput : status;
}

}  // namespace planview::cmd

#endif  // PLANVIEW_CMD_CONSOLE_H_
