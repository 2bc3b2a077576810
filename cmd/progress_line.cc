#include "cmd/progress_line.h"

#include <charconv>

#include <fmt/format.h>

namespace planview::cmd {

namespace {

// A count in a message: a whole number, 0 for anything else.
uint64_t CountOf(structured::Value object, std::string_view key) {
  structured::Value v = object.find(key);
  if (!v.is_number()) return 0;
  uint64_t n = 0;
  auto [end, ec] = std::from_chars(v.text().data(), v.text().data() + v.text().size(), n);
  return ec == std::errc() && end == v.text().data() + v.text().size() ? n : 0;
}

}  // namespace

void ProgressLine::Count(structured::Value message) {
  std::string_view type = message.find("type").text();
  if (type == "planned_change") {
    operation_ = "planning";
    ++planned_;
  } else if (type == "refresh_start" || type == "refresh_complete") {
    operation_ = "refreshing";
  } else if (type == "apply_start" || type == "apply_progress" || type == "apply_errored") {
    operation_ = "applying";
  } else if (type == "apply_complete") {
    operation_ = "applying";
    ++done_;
  } else if (type == "diagnostic") {
    if (message.find("diagnostic").find("severity").text() == "error") ++errors_;
  } else if (type == "change_summary") {
    structured::Value changes = message.find("changes");
    std::string_view operation = changes.find("operation").text();
    const uint64_t total = CountOf(changes, "add") + CountOf(changes, "change") +
                           CountOf(changes, "import") + CountOf(changes, "remove");
    if (operation == "plan") {
      operation_ = "planned";
      planned_ = total;
    } else if (operation == "apply" || operation == "destroy") {
      operation_ = operation == "apply" ? "applied" : "destroyed";
      done_ = total;
      if (planned_ < done_) planned_ = done_;
    }
  } else if (type.starts_with("test_")) {
    operation_ = "testing";
  }
}

std::string ProgressLine::Text(int64_t elapsed_seconds, int columns) const {
  std::string text(operation_);
  text += ':';
  if (planned_ > 0 || done_ > 0) text += fmt::format(" {}/{} changes,", done_, planned_);
  text += fmt::format(" {} error{}, ", errors_, errors_ == 1 ? "" : "s");
  if (elapsed_seconds < 0) elapsed_seconds = 0;
  text += elapsed_seconds < 60 ? fmt::format("{}s", elapsed_seconds)
                               : fmt::format("{}m{:02}s", elapsed_seconds / 60, elapsed_seconds % 60);
  const size_t width = static_cast<size_t>(columns > 0 ? columns : 80);
  if (text.size() >= width) text.resize(width > 1 ? width - 1 : 0);
  return text;
}

std::string ProgressLine::Draw(int64_t elapsed_seconds, int columns) const {
  return std::string(kErase) + Text(elapsed_seconds, columns);
}

}  // namespace planview::cmd
