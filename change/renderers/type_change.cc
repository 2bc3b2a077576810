// A value whose type changes: "old -> new", both sides rendered in full.
#include <string>

#include "change/diff_visitor.h"
#include "change/renderers/render_util.h"
#include "change/renderers/renderers.h"

namespace planview::change::renderers {
namespace {

using namespace internal;  // NOLINT

class TypeChangeRenderer final : public Renderer {
 public:
  TypeChangeRenderer(Diff before, Diff after) : before_(std::move(before)), after_(std::move(after)) {}

  RendererKind kind() const override { return RendererKind::kTypeChange; }

  void RenderHuman(const Diff& /*diff*/, int indent, const RenderOpts& opts, std::string& out) const override {
    // The sides never show "-> null"; the other options pass through unchanged.
    RenderOpts side_opts = opts;
    side_opts.override_null_suffix = true;
    before_.RenderHuman(indent, side_opts, out);
    out.push_back(' ');
    out.append(Text(Fragment::kArrow, opts));
    out.push_back(' ');
    after_.RenderHuman(indent, side_opts, out);
  }

  void Accept(const Diff& diff, DiffVisitor& visitor) const override { visitor.TypeChange(diff, before_, after_); }

 private:
  Diff before_;
  Diff after_;
};

}  // namespace

RendererPtr TypeChange(Diff before, Diff after) {
  return MakeInArena<TypeChangeRenderer>(std::move(before), std::move(after));
}

}  // namespace planview::change::renderers
