// fmt's compiled part, for libplanview. planview's code is built against Debian's fmt
// headers in their default (not header-only) mode, so it calls a few functions that live
// in libfmt.so; Debian ships no static libfmt, and the library may need nothing beyond libc,
// libm, libstdc++ and libgcc. This unit defines those functions from fmt's own inline
// definitions (format-inl.h) and instantiates the templates the headers declare extern.
#include <fmt/format-inl.h>

#ifndef FMT_HEADER_ONLY
FMT_BEGIN_NAMESPACE
namespace detail {

template FMT_API auto dragonbox::to_decimal(float x) noexcept -> dragonbox::decimal_fp<float>;
template FMT_API auto dragonbox::to_decimal(double x) noexcept -> dragonbox::decimal_fp<double>;

template FMT_API locale_ref::locale_ref(const std::locale& loc);
template FMT_API auto locale_ref::get<std::locale>() const -> std::locale;

template FMT_API auto thousands_sep_impl(locale_ref) -> thousands_sep_result<char>;
template FMT_API auto thousands_sep_impl(locale_ref) -> thousands_sep_result<wchar_t>;
template FMT_API auto decimal_point_impl(locale_ref) -> char;
template FMT_API auto decimal_point_impl(locale_ref) -> wchar_t;

template FMT_API void vformat_to(buffer<char>&, string_view, basic_format_args<FMT_BUFFER_CONTEXT(char)>,
                                 locale_ref);

}  // namespace detail
FMT_END_NAMESPACE
#endif  // FMT_HEADER_ONLY
