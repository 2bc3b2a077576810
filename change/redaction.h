// The one redaction policy: what any presentation of a diff tree may show of values marked
// sensitive. The text rendering (and so Markdown, HTML and `planview browse`, which are
// drawn from it) and the JSON dump behind `--format json` all follow it; no output
// decides by itself.
//
// Sensitive contents sit in exactly two kinds of node once blocks are presented through
// PresentBlock:
//  - kSensitive: a value (attribute, element, output, whole object) sensitive as a whole;
//  - kSensitiveBlock: a nested block sensitive as a whole.
// A nested block type that its parent block marks sensitive as a whole (Blocks'
// before/after sensitive flags: how cty marks a single, list, set or map block that holds
// a sensitive attribute) is not such a node in the tree; PresentBlock makes each of its
// blocks one. Under a sensitive node nothing is shown unless Redaction::show_sensitive
// (the text rendering of a sensitive block never shows it, as upstream's does not).
#ifndef PLANVIEW_CHANGE_REDACTION_H_
#define PLANVIEW_CHANGE_REDACTION_H_

#include <string_view>

#include "change/diff.h"
#include "change/renderers/renderers.h"

namespace planview::change {

struct Redaction {
  bool show_sensitive = false;

  // Whether what lies under `node` may be shown: always, unless `node` is sensitive.
  bool MayShowUnder(const Diff& node) const { return show_sensitive || !IsSensitive(node); }

  // A node whose contents are sensitive (kSensitive or kSensitiveBlock).
  static bool IsSensitive(const Diff& node);

  // Block `block` of the nested block type `type` in `blocks`, as a structural output
  // (--format json, a tree walk) presents it: as it is when sensitive values are shown,
  // else as PresentBlock presents it under the type's sensitivity flags.
  Diff Present(const Diff& block, const renderers::Blocks& blocks, std::string_view type) const;
};

// Shows everything: the whole tree, as the conformance files hold it.
inline constexpr Redaction kShowEverything{true};

// One block of a nested block type, as every output presents it: the block itself, or a
// kSensitiveBlock node wrapping it when its block type is marked sensitive on a side the
// block has (before for a delete, after for a create, either for an update or no-op). An
// unchanged block whose sensitivity changes becomes an update.
Diff PresentBlock(const Diff& block, bool before_sensitive, bool after_sensitive);

}  // namespace planview::change

#endif  // PLANVIEW_CHANGE_REDACTION_H_
