// What the planview commands share when they talk to the user: exit statuses and writing
// text and one-line errors ("planview: ...") to a stream.
#ifndef PLANVIEW_CMD_CONSOLE_H_
#define PLANVIEW_CMD_CONSOLE_H_

#include <cstdio>
#include <string_view>

#include <fmt/format.h>

namespace planview::cmd {

inline constexpr int kExitBadInput = 1;  // the input could not be rendered
inline constexpr int kExitUsage = 2;     // bad arguments, or nowhere to show the result

inline void Write(std::FILE* f, std::string_view text) { std::fwrite(text.data(), 1, text.size(), f); }

inline void Error(std::FILE* err, std::string_view message) { Write(err, fmt::format("planview: {}\n", message)); }

}  // namespace planview::cmd

#endif  // PLANVIEW_CMD_CONSOLE_H_
