// Masks: secrets that no schema marks, hidden by pattern (`--mask REGEX`, RE2 syntax) or by
// literal value (`--mask-env NAME`). Every match is replaced by `(masked)` (adjacent
// matches by one), so neither the secret nor its length shows.
//
// Masks apply to VALUES, never to rendered text: the input document is rewritten before it
// is parsed (MaskDocument), so every presentation (text, Markdown, HTML, JSON, summaries,
// addresses, logs) sees only masked values, a match is found whatever escaping, quoting,
// heredoc splitting or wrapping the output would apply, and nothing downstream can undo it.
// In a JSON document: every string value (decoded first, so a secret with quotes,
// backslashes or newlines is matched as it is), every bare token (a number that matches
// becomes the string "(masked)"), the keys of objects inside values (map keys: under
// before/after/after_unknown/*_sensitive/sensitive_values/value/values/constant_value;
// not the document's own structure, whose keys stay intact), and, inside a string that
// holds JSON, that JSON's strings and keys in turn. Text outside JSON (a log's plain
// lines) is masked as it is. A change's `after` string that masks to what its `before`
// masked to, from another value, has `(masked, changed)` instead, so that the change shows
// (it says no more than the change's action does).
#ifndef PLANVIEW_RENDERER_MASK_H_
#define PLANVIEW_RENDERER_MASK_H_

#include <memory>
#include <span>
#include <string>
#include <string_view>

#include "base/expected.h"

namespace re2 {
class RE2;
}

namespace planview::renderer {

inline constexpr std::string_view kMasked = "(masked)";
// In a change's `after` where the `before` masked the same but was another value.
inline constexpr std::string_view kMaskedChanged = "(masked, changed)";

class Masks {
 public:
  Masks() = default;  // masks nothing

  // `patterns` are RE2 regular expressions, `literals` exact values (empty ones are
  // ignored). A pattern that does not compile or that matches the empty string is an
  // error (one line naming the pattern).
  static base::Expected<Masks> Make(std::span<const std::string> patterns, std::span<const std::string> literals);

  bool empty() const { return re_ == nullptr; }

  // `value` with the masks applied (a value holding JSON: its strings and keys first). Returns
  // false and leaves `out` alone when nothing matched.
  bool MaskValue(std::string_view value, std::string& out) const;

  // A JSON document, JSON-lines log or plain text with every value masked (see above).
  // Unchanged bytes are kept as they are.
  std::string MaskDocument(std::string_view text) const;

 private:
  friend class JsonMasker;
  bool MaskValueAt(std::string_view value, int depth, std::string& out) const;
  bool MaskText(std::string_view text, std::string& out) const;

  std::shared_ptr<const re2::RE2> re_;
};

}  // namespace planview::renderer

#endif  // PLANVIEW_RENDERER_MASK_H_
