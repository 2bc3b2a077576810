#include "renderer/formats/reasons.h"

#include "renderer/resource_note.h"

namespace planview::renderer::formats {

std::vector<std::string> ReasonLines(const ResourceChange& r, ChangeCause cause, Product product) {
  const change::Profile& profile = ProfileOf(product);
  return NotePlainLines(ResourceNotes(r, cause, profile), profile);
}

std::string Reason(const ResourceChange& r, Product product, ChangeCause cause) {
  std::string out;
  for (const std::string& line : ReasonLines(r, cause, product)) {
    if (!out.empty()) out += ' ';
    out += line;
  }
  return out;
}

}  // namespace planview::renderer::formats
