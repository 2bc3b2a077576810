#include "renderer/formats/reasons.h"

#include <string_view>

#include "change/colorize.h"

namespace planview::renderer::formats {

std::vector<std::string> ReasonLines(const ResourceChange& r, ChangeCause cause, Product product) {
  change::Colorize plain(false);
  std::string comment = plain.Color(ResourceChangeComment(r, r.action, cause, product));
  std::vector<std::string> lines;
  size_t start = 0;
  while (start < comment.size()) {
    size_t end = comment.find('\n', start);
    if (end == std::string::npos) end = comment.size();
    std::string_view line(comment.data() + start, end - start);
    if (size_t hash = line.find("# "); hash != std::string_view::npos) line.remove_prefix(hash + 2);
    if (!line.empty()) lines.emplace_back(line);
    start = end + 1;
  }
  return lines;
}

std::string Reason(const ResourceChange& r, Product product) {
  std::string out;
  for (const std::string& line : ReasonLines(r, ChangeCause::kProposed, product)) {
    if (!out.empty()) out += ' ';
    out += line;
  }
  return out;
}

}  // namespace planview::renderer::formats
