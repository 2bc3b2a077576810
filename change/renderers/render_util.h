// Pieces every renderer writes (upstream's renderers/util.go): indentation, the action
// symbols (change/action_symbol.h), the "-> null" and "# forces replacement" suffixes, the "unchanged ... hidden"
// summaries, and the frame and lines of collections. Internal to
// change/renderers.
#ifndef PLANVIEW_CHANGE_RENDERERS_RENDER_UTIL_H_
#define PLANVIEW_CHANGE_RENDERERS_RENDER_UTIL_H_

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "change/diff.h"
#include "change/renderers/renderers.h"
#include "structured/action.h"

namespace planview::change::renderers::internal {

// Colour markup fragments, pre-rendered for both colour settings.
enum class Fragment {
  kNullSuffix,         // " -> null" in dark gray
  kForcesReplacement,  // " # forces replacement" in red
  kArrow,              // "->" in yellow
  kNull,               // "null" in dark gray
};
std::string_view Text(Fragment fragment, const RenderOpts& opts);

// The options' colorizer, or a disabled one when none is set.
const Colorize& ColorizerOf(const RenderOpts& opts);

// Four spaces per level.
void AppendIndent(std::string& out, int indent);

// The coloured symbol and a space, or nothing when symbols are hidden.
void AppendActionSymbol(std::string& out, Action action, const RenderOpts& opts);

// " -> null" for a delete unless overridden.
void AppendNullSuffix(std::string& out, Action action, const RenderOpts& opts);
// " # forces replacement" when `replace` or the override is set.
void AppendForcesReplacement(std::string& out, bool replace, const RenderOpts& opts);

// "# (N unchanged KEYWORDs hidden)" in dark gray.
void AppendUnchanged(std::string& out, std::string_view keyword, size_t count, const RenderOpts& opts);

// ---- the frame of a collection (list, set, map, object, block) ------------------------

// The start of a line: the indent and the action's symbol.
void AppendLineStart(std::string& out, int indent, Action action, const RenderOpts& opts);
// A collection with no elements: `brackets` ("[]" or "{}"), " -> null" for a delete, then
// " # forces replacement" when `replace`.
void AppendEmpty(std::string& out, std::string_view brackets, Action action, bool replace, const RenderOpts& opts);
// The opening bracket, " # forces replacement" when `replace`, and the newline.
void AppendOpening(std::string& out, char bracket, bool replace, const RenderOpts& opts);
// A child's line up to its end: its warnings (each on a line of its own), the line start
// at `indent`, `label` (a key and " = ", or nothing) and the child rendered at `indent`.
void AppendChild(std::string& out, const Diff& child, int indent, std::string_view label, const RenderOpts& opts);
// "# (N unchanged KEYWORDs hidden)" on a line of its own at `indent`, when count > 0.
void AppendUnchangedLine(std::string& out, int indent, std::string_view keyword, size_t count,
                         const RenderOpts& opts);
// The closing line: the indent, a blank action column and the bracket.
void AppendClosing(std::string& out, int indent, char bracket, const RenderOpts& opts);

// The attribute lines of an object or a block at `indent`: `name = value` with names
// aligned (quoted when they are not identifiers). id, name and tags are always shown;
// other unchanged attributes are only counted, in "# (N unchanged attributes hidden)",
// unless `opts` shows unchanged children. `attribute_opts` renders the attributes.
void AppendAttributes(std::string& out, const DiffMap& attributes, int indent, const RenderOpts& attribute_opts,
                      const RenderOpts& opts);

// The alignment of attribute names: the widest displayed name (quoted when it is not an
// identifier), in bytes as upstream measures it, and the label of each: the name padded by
// runes to that width and " = ". AppendAttributes' labels, for other renderings of
// attributes (an unchanged JSON object, change/renderers/primitive.cc).
class AttributeLabels {
 public:
  // Measures the names (`count` of them, the i-th `key(i)`).
  template <typename KeyOf>
  AttributeLabels(size_t count, const KeyOf& key) {
    for (size_t i = 0; i < count; ++i) Measure(i, key(i));
  }
  // The label of attribute `index` (whose name is `key`), replacing `label`'s text.
  void Label(size_t index, std::string_view key, std::string& label) const;

 private:
  void Measure(size_t index, std::string_view key);
  static constexpr size_t kKnown = 64;
  std::string scratch_;
  size_t width_ = 0;
  // Whether each of the first kKnown names is an identifier of ASCII letters only: shown
  // as it is, a column per byte (so not looked at again).
  bool plain_[kKnown];
};

}  // namespace planview::change::renderers::internal

#endif  // PLANVIEW_CHANGE_RENDERERS_RENDER_UTIL_H_
