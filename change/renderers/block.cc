// Blocks: attributes as in objects (id/name/tags always shown), then nested blocks by
// type name, each group preceded by a blank line; unchanged blocks are counted in
// "# (N unchanged blocks hidden)". Sensitive block groups hide their contents.
#include <algorithm>
#include <string>
#include <vector>

#include "change/diff_visitor.h"
#include "structured/go_text.h"
#include "change/redaction.h"
#include "change/renderers/render_util.h"
#include "change/renderers/renderers.h"

namespace planview::change::renderers {
namespace {

using namespace internal;  // NOLINT

template <typename M>
bool Flag(const M& flags, std::string_view key) {
  auto it = flags.find(key);
  return it != flags.end() && it->second;
}

class BlockRenderer final : public Renderer {
 public:
  BlockRenderer(DiffMap attributes, Blocks blocks) : attributes_(std::move(attributes)), blocks_(std::move(blocks)) {}

  RendererKind kind() const override { return RendererKind::kBlock; }

  void RenderHuman(const Diff& diff, int indent, const RenderOpts& opts, std::string& out) const override {
    if (attributes_.empty() && blocks_.empty()) {
      out.append("{}");
      AppendForcesReplacement(out, diff.replace(), opts);
      return;
    }
    AppendOpening(out, '{', diff.replace(), opts);
    AppendAttributes(out, attributes_, indent + 1, opts.Clone(), opts);

    std::string label;
    std::string name;
    size_t unchanged_blocks = 0;
    for (std::string_view key : blocks_.AllKeys()) {
      bool found_changed_block = false;
      bool before_sensitive = Flag(blocks_.before_sensitive_blocks, key);
      bool after_sensitive = Flag(blocks_.after_sensitive_blocks, key);
      bool replace = Flag(blocks_.replace_blocks, key);
      name.clear();
      structured::AppendValidAttributeName(name, key);

      auto render_block = [&](const Diff& block, std::string_view map_key, const RenderOpts& group_opts) {
        // A block type sensitive as a whole hides each block's contents.
        Diff presented = PresentBlock(block, before_sensitive, after_sensitive);
        const Diff* shown = &presented;
        if (shown->action() == Action::kNoOp && !group_opts.show_unchanged_children) {
          ++unchanged_blocks;
          return;
        }
        if (!found_changed_block && !attributes_.empty()) {
          out.push_back('\n');
          found_changed_block = true;
        }
        RenderOpts block_opts = group_opts.Clone();
        block_opts.override_forces_replacement = replace;
        label.assign(name).append(map_key).push_back(' ');
        AppendChild(out, *shown, indent + 1, label, block_opts);
        out.push_back('\n');
      };

      // Terraform's profile: an unknown block type shows as one unknown block, taking the
      // enclosing block's action, before the blocks it had.
      auto render_unknown = [&] {
        if (Flag(blocks_.unknown_blocks, key)) render_block(Diff(Unknown(Diff()), diff.action(), false), "", opts);
      };
      if (auto single = blocks_.single_blocks.find(key); single != blocks_.single_blocks.end()) {
        render_block(single->second, "", opts);
      } else if (auto map = blocks_.map_blocks.find(key); map != blocks_.map_blocks.end()) {
        render_unknown();
        std::string map_key;
        for (const auto& [inner_key, block] : map->second) {
          map_key.clear();
          map_key.push_back(' ');
          structured::AppendGoQuoted(map_key, inner_key);
          render_block(block, map_key, opts);
        }
      } else if (auto set = blocks_.set_blocks.find(key); set != blocks_.set_blocks.end()) {
        RenderOpts set_opts = opts.Clone();
        set_opts.override_forces_replacement = diff.replace();
        render_unknown();
        for (const Diff& block : set->second) {
          render_block(block, "", opts.profile->set_blocks_inherit_replace ? set_opts : opts);
        }
      } else if (auto list = blocks_.list_blocks.find(key); list != blocks_.list_blocks.end()) {
        render_unknown();
        for (const Diff& block : list->second) render_block(block, "", opts);
      }
    }
    if (unchanged_blocks > 0) out.push_back('\n');
    AppendUnchangedLine(out, indent + 1, "block", unchanged_blocks, opts);
    AppendClosing(out, indent, '}', opts);
  }

  void Accept(const Diff& diff, DiffVisitor& visitor) const override {
    visitor.Block(diff, BlockNode{attributes_, blocks_});
  }

 private:
  DiffMap attributes_;
  Blocks blocks_;
};

}  // namespace

RendererPtr Block(DiffMap attributes, Blocks blocks) {
  return MakeInArena<BlockRenderer>(std::move(attributes), std::move(blocks));
}

}  // namespace planview::change::renderers
