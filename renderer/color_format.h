// Go's fmt.Sprintf(colorize.Color(format), args...), the way upstream colours a message
// around text from the input: the markup in `format` is coloured first, then each verb
// (\x01 for the first argument, \x02 for the second, ...) is replaced by its argument as
// it is, so markup inside an argument is never interpreted.
#ifndef PLANVIEW_RENDERER_COLOR_FORMAT_H_
#define PLANVIEW_RENDERER_COLOR_FORMAT_H_

#include <initializer_list>
#include <string>
#include <string_view>

#include "change/colorize.h"

namespace planview::renderer {

std::string ColorFormat(const change::Colorize& colorize, std::string_view format,
                        std::initializer_list<std::string_view> args);

}  // namespace planview::renderer

#endif  // PLANVIEW_RENDERER_COLOR_FORMAT_H_
