#include "renderer/color_format.h"

namespace planview::renderer {

std::string ColorFormat(const change::Colorize& colorize, std::string_view format,
                        std::initializer_list<std::string_view> args) {
  std::string out;
  for (char c : colorize.Color(format)) {
    const auto index = static_cast<unsigned char>(c);
    if (index >= 1 && index <= args.size()) {
      out += args.begin()[index - 1];
    } else {
      out += c;
    }
  }
  return out;
}

}  // namespace planview::renderer
