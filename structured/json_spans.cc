#include "structured/json_spans.h"

#include <algorithm>

#include "structured/json_skip.h"
#include "structured/json_text.h"

namespace planview::structured {

namespace {

bool IsSpace(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

size_t SkipSpace(std::string_view text, size_t at) {
  while (at < text.size() && IsSpace(text[at])) ++at;
  return at;
}

// One past the closing quote of the string whose opening quote is at `at`.
size_t StringEnd(std::string_view text, size_t at) {
  size_t i = at + 1;
  while (i < text.size()) {
    const char c = text[i];
    if (c == '"') return i + 1;
    i += c == '\\' ? 2 : 1;
  }
  return text.size();
}

}  // namespace

size_t ValueEnd(std::string_view text, size_t begin) {
  if (begin >= text.size()) return text.size();
  const char c = text[begin];
  if (c == '{' || c == '[') {
    const size_t end = internal::SkipContainer(text.data(), begin, text.size());
    return end == internal::kNoEnd || end > text.size() ? text.size() : end;
  }
  if (c == '"') return StringEnd(text, begin);
  size_t i = begin;
  while (i < text.size() && text[i] != ',' && text[i] != '}' && text[i] != ']' && !IsSpace(text[i])) ++i;
  return i;
}

std::vector<MemberSpan> ObjectMembers(std::string_view text, size_t begin, size_t* end, const ValueEnder& value_end) {
  std::vector<MemberSpan> members;
  if (end != nullptr) *end = std::min(begin, text.size());
  if (begin >= text.size() || text[begin] != '{') return members;
  size_t at = SkipSpace(text, begin + 1);
  while (at < text.size() && text[at] == '"') {
    const size_t key_end = StringEnd(text, at);
    std::string_view raw = text.substr(at + 1, key_end >= at + 2 ? key_end - at - 2 : 0);
    MemberSpan& member = members.emplace_back();
    member.key = raw.find('\\') == std::string_view::npos ? std::string(raw) : UnescapeString(raw);
    member.raw_key = {at, key_end};
    at = SkipSpace(text, key_end);
    if (at < text.size() && text[at] == ':') ++at;
    at = SkipSpace(text, at);
    size_t ends = value_end && at < text.size() ? value_end(member.key, at) : kNoValueEnd;
    if (ends == kNoValueEnd || ends < at || ends > text.size()) ends = ValueEnd(text, at);
    member.value = {at, ends};
    at = SkipSpace(text, member.value.end);
    if (at >= text.size() || text[at] != ',') break;
    at = SkipSpace(text, at + 1);
  }
  if (end != nullptr) *end = at < text.size() && text[at] == '}' ? at + 1 : at;
  return members;
}

std::vector<Span> ArrayElements(std::string_view text, size_t begin) {
  std::vector<Span> elements;
  if (begin >= text.size() || text[begin] != '[') return elements;
  size_t at = SkipSpace(text, begin + 1);
  if (at < text.size() && text[at] == ']') return elements;
  while (at < text.size()) {
    Span& element = elements.emplace_back(Span{at, ValueEnd(text, at)});
    at = SkipSpace(text, element.end);
    if (at >= text.size() || text[at] != ',') break;
    at = SkipSpace(text, at + 1);
  }
  return elements;
}

}  // namespace planview::structured
