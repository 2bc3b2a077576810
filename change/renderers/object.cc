// Objects: `name = value` lines, aligned, with id/name/tags always shown and other
// unchanged attributes collapsed into "# (N unchanged attributes hidden)".
#include <algorithm>
#include <string>
#include <vector>

#include "change/diff_visitor.h"
#include "structured/go_text.h"
#include "change/renderers/render_util.h"
#include "change/renderers/renderers.h"

namespace planview::change::renderers {
namespace {

using namespace internal;  // NOLINT

class ObjectRenderer final : public Renderer {
 public:
  ObjectRenderer(DiffMap attributes, bool override_null_suffix)
      : attributes_(std::move(attributes)), override_null_suffix_(override_null_suffix) {}

  RendererKind kind() const override { return RendererKind::kObject; }

  void RenderHuman(const Diff& diff, int indent, const RenderOpts& opts, std::string& out) const override {
    if (attributes_.empty()) {
      AppendEmpty(out, "{}", diff.action(), diff.replace(), opts);
      return;
    }
    RenderOpts attribute_opts = opts.Clone();
    attribute_opts.override_null_suffix = override_null_suffix_;
    AppendOpening(out, '{', diff.replace(), opts);
    AppendAttributes(out, attributes_, indent + 1, attribute_opts, opts);
    AppendClosing(out, indent, '}', opts);
    AppendNullSuffix(out, diff.action(), opts);
  }

  void Accept(const Diff& diff, DiffVisitor& visitor) const override {
    visitor.Object(diff, ObjectNode{attributes_, override_null_suffix_});
  }

 private:
  DiffMap attributes_;
  bool override_null_suffix_;
};

}  // namespace

RendererPtr Object(DiffMap attributes) { return MakeInArena<ObjectRenderer>(std::move(attributes), true); }

RendererPtr NestedObject(DiffMap attributes) {
  return MakeInArena<ObjectRenderer>(std::move(attributes), false);
}

}  // namespace planview::change::renderers
