// Format versions: does a renderer for `local` risk missing features of `remote`?
#ifndef PLANVIEW_RENDERER_FORMAT_VERSION_H_
#define PLANVIEW_RENDERER_FORMAT_VERSION_H_

#include <string_view>

namespace planview::renderer {

// The format versions this renderer implements (upstream's jsonplan, jsonstate and
// jsonprovider FormatVersion).
inline constexpr std::string_view kPlanFormatVersion = "1.2";
inline constexpr std::string_view kStateFormatVersion = "1.0";
inline constexpr std::string_view kProviderFormatVersion = "1.0";

// True when both parse as numbers (Go's strconv.ParseFloat) and local < remote. A version
// that does not parse ("", "v1") is never incompatible.
bool IncompatibleVersions(std::string_view local, std::string_view remote);

}  // namespace planview::renderer

#endif  // PLANVIEW_RENDERER_FORMAT_VERSION_H_
