// The members and elements of JSON text a parser has already accepted, as spans of that
// text, without building them: for a reader that builds a big array or object a part at
// a time (structured::ParseOptions::unbuilt_top_level_keys).
//
// Contract: `text` is valid JSON from `begin` on as far as the value there reaches (the
// parser checked it; Document::source() of a parsed document). Nothing is checked again;
// on text that is not valid JSON the spans say nothing, but every one stays within the
// text, and nothing past it is read.
#ifndef PLANVIEW_STRUCTURED_JSON_SPANS_H_
#define PLANVIEW_STRUCTURED_JSON_SPANS_H_

#include <cstddef>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace planview::structured {

struct Span {
  size_t begin = 0;  // the value's first byte
  size_t end = 0;    // one past its last
};

// The value starting at `begin` (no white space before it): where it ends.
size_t ValueEnd(std::string_view text, size_t begin);

// The object at `begin`: each member's key (unescaped) and value span, in text order.
struct MemberSpan {
  std::string key;  // unescaped
  Span raw_key;     // the key as written, quotes included
  Span value;
};
// With `end`, also where the object ends. With `value_end`, each member's value is passed
// over by it: called with the member's key and where its value begins, it reads the value
// and gives where it ends (or kNoValueEnd: find it as ValueEnd does).
inline constexpr size_t kNoValueEnd = static_cast<size_t>(-1);
using ValueEnder = std::function<size_t(const std::string& key, size_t begin)>;
std::vector<MemberSpan> ObjectMembers(std::string_view text, size_t begin, size_t* end = nullptr,
                                      const ValueEnder& value_end = {});

// The array at `begin`: each element's span, in order.
std::vector<Span> ArrayElements(std::string_view text, size_t begin);

}  // namespace planview::structured

#endif  // PLANVIEW_STRUCTURED_JSON_SPANS_H_
