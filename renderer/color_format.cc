#include "renderer/color_format.h"

namespace planview::renderer {

std::string ColorFormat(const change::Colorize& colorize, std::string_view format,
                        std::initializer_list<std::string_view> args) {
  const std::string colored = colorize.Color(format);
  std::string out;
  size_t size = colored.size();
  for (std::string_view arg : args) size += arg.size();
  out.reserve(size);
  // Runs of text between the verbs are appended whole.
  size_t copied = 0;
  for (size_t i = 0; i < colored.size(); ++i) {
    const auto index = static_cast<unsigned char>(colored[i]);
    if (index >= 1 && index <= args.size()) {
      out.append(colored, copied, i - copied);
      out += args.begin()[index - 1];
      copied = i + 1;
    }
  }
  out.append(colored, copied, std::string::npos);
  return out;
}

}  // namespace planview::renderer
