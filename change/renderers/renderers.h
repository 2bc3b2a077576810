// Constructors for every renderer kind (upstream's computed/renderers package API). The
// differ builds diff trees from these; each kind lives in its own file beside this one.
#ifndef PLANVIEW_CHANGE_RENDERERS_RENDERERS_H_
#define PLANVIEW_CHANGE_RENDERERS_RENDERERS_H_

#include <functional>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "change/diff.h"
#include "change/renderers/flat_map.h"
#include "structured/cty_type.h"
#include "structured/json_value.h"

namespace planview::change::renderers {

using RendererPtr = std::shared_ptr<const Renderer>;
using DiffMap = FlatMap<Diff>;

// A primitive (or a whole value rendered as one): before/after may be null. Strings that
// hold JSON or several lines get the structural / heredoc diff.
RendererPtr Primitive(structured::Value before, structured::Value after, structured::Type type);

RendererPtr List(std::vector<Diff> elements);
RendererPtr NestedList(std::vector<Diff> elements);
RendererPtr Set(std::vector<Diff> elements);
RendererPtr NestedSet(std::vector<Diff> elements);
RendererPtr Map(DiffMap elements);
RendererPtr NestedMap(DiffMap elements);
RendererPtr Object(DiffMap attributes);
RendererPtr NestedObject(DiffMap attributes);

// Nested blocks of a block, by nesting mode, with per-block-type flags.
struct Blocks {
  DiffMap single_blocks;
  FlatMap<std::vector<Diff>> list_blocks;
  FlatMap<std::vector<Diff>> set_blocks;
  FlatMap<DiffMap> map_blocks;
  FlatMap<bool> replace_blocks;
  FlatMap<bool> before_sensitive_blocks;
  FlatMap<bool> after_sensitive_blocks;
  // Terraform's profile (Profile::unknown_blocks) also records which block types are
  // unknown; `records_unknown` says the tree was built that way (and dumps the flags).
  bool records_unknown = false;
  FlatMap<bool> unknown_blocks;

  void AddSingleBlock(const std::string& key, Diff diff, bool replace, bool before_sensitive, bool after_sensitive,
                      bool unknown = false);
  void AddAllListBlock(const std::string& key, std::vector<Diff> diffs, bool replace, bool before_sensitive,
                       bool after_sensitive, bool unknown = false);
  void AddAllSetBlock(const std::string& key, std::vector<Diff> diffs, bool replace, bool before_sensitive,
                      bool after_sensitive, bool unknown = false);
  void AddAllMapBlocks(const std::string& key, DiffMap diffs, bool replace, bool before_sensitive,
                       bool after_sensitive, bool unknown = false);

  // Every block type's name, sorted (a name used by two nesting modes appears twice).
  std::vector<std::string_view> AllKeys() const;
  bool empty() const;
};

RendererPtr Block(DiffMap attributes, Blocks blocks);

RendererPtr Sensitive(Diff inner, bool before_sensitive, bool after_sensitive);
RendererPtr SensitiveBlock(Diff inner, bool before_sensitive, bool after_sensitive);
RendererPtr TypeChange(Diff before, Diff after);
// `before` is invalid (default Diff) when there was no value before.
RendererPtr Unknown(Diff before);
// `sensitive`: Terraform's profile says so in the text.
RendererPtr WriteOnly(bool sensitive = false);

}  // namespace planview::change::renderers

#endif  // PLANVIEW_CHANGE_RENDERERS_RENDERERS_H_
