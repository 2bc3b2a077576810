// Maps: `"key" = value` lines with Go-quoted keys (aligned for attribute maps), changed
// entries only unless asked otherwise.
#include <algorithm>
#include <string>

#include "change/diff_visitor.h"
#include "structured/go_text.h"
#include "change/renderers/render_util.h"
#include "change/renderers/renderers.h"

namespace planview::change::renderers {
namespace {

using namespace internal;  // NOLINT

class MapRenderer final : public Renderer {
 public:
  MapRenderer(DiffMap elements, bool nested)
      : elements_(std::move(elements)),
        override_null_suffix_(nested),
        override_forces_replacement_(nested),
        align_keys_(!nested) {}

  RendererKind kind() const override { return RendererKind::kMap; }

  void RenderHuman(const Diff& diff, int indent, const RenderOpts& opts, std::string& out) const override {
    bool replace_self = diff.replace() && !override_forces_replacement_;
    bool replace_children = diff.replace() && override_forces_replacement_;
    if (elements_.empty()) {
      AppendEmpty(out, "{}", diff.action(), replace_self, opts);
      return;
    }
    // Keys are quoted; the widest quoted key (in bytes, as upstream measures) sets the
    // alignment.
    size_t width = 0;
    std::string label;
    for (const auto& [key, element] : elements_) {
      label.clear();
      structured::AppendGoQuoted(label, key);
      width = std::max(width, label.size());
    }

    RenderOpts element_opts = opts.Clone();
    element_opts.override_null_suffix = diff.action() == Action::kDelete || override_null_suffix_;
    element_opts.override_forces_replacement = replace_children;

    size_t unchanged = 0;
    AppendOpening(out, '{', replace_self, opts);
    for (const auto& [key, element] : elements_) {
      if (element.action() == Action::kNoOp && !opts.show_unchanged_children) {
        ++unchanged;
        continue;
      }
      label.clear();
      structured::AppendGoQuoted(label, key);
      if (align_keys_) {
        size_t runes = structured::RuneCount(label);
        if (runes < width) label.append(width - runes, ' ');
      }
      label.append(" = ");
      AppendChild(out, element, indent + 1, label, element_opts);
      // Only object values are followed by a comma.
      if (element.renderer() != nullptr && element.renderer()->kind() == RendererKind::kObject) out.push_back(',');
      out.push_back('\n');
    }
    AppendUnchangedLine(out, indent + 1, "element", unchanged, opts);
    AppendClosing(out, indent, '}', opts);
    AppendNullSuffix(out, diff.action(), opts);
  }

  void Accept(const Diff& diff, DiffVisitor& visitor) const override {
    visitor.Map(diff, MapNode{elements_, align_keys_, override_forces_replacement_, override_null_suffix_});
  }

 private:
  DiffMap elements_;
  bool override_null_suffix_;
  bool override_forces_replacement_;
  bool align_keys_;
};

}  // namespace

RendererPtr Map(DiffMap elements) { return MakeInArena<MapRenderer>(std::move(elements), false); }

RendererPtr NestedMap(DiffMap elements) { return MakeInArena<MapRenderer>(std::move(elements), true); }

}  // namespace planview::change::renderers
