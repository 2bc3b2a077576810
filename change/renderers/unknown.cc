// Values known only after apply: "(known after apply)", after the old value if any.
#include <string>

#include "change/diff_visitor.h"
#include "change/renderers/render_util.h"
#include "change/renderers/renderers.h"

namespace planview::change::renderers {
namespace {

using namespace internal;  // NOLINT

class UnknownRenderer final : public Renderer {
 public:
  explicit UnknownRenderer(Diff before) : before_(std::move(before)) {}

  RendererKind kind() const override { return RendererKind::kUnknown; }

  void RenderHuman(const Diff& diff, int indent, const RenderOpts& opts, std::string& out) const override {
    const bool once = opts.profile->unknown_replace_once;
    if (diff.action() == Action::kCreate || (once && !before_.valid())) {
      out.append("(known after apply)");
      AppendForcesReplacement(out, diff.replace(), opts);
      return;
    }
    // Terraform's profile shows `# forces replacement` once, after "(known after apply)".
    RenderOpts before_opts = once ? opts.Clone() : opts;
    before_opts.override_null_suffix = true;
    if (once && diff.replace()) before_opts.forbid_forces_replacement = true;
    before_.RenderHuman(indent, before_opts, out);
    out.append(" -> (known after apply)");
    AppendForcesReplacement(out, diff.replace(), opts);
  }

  void Accept(const Diff& diff, DiffVisitor& visitor) const override { visitor.Unknown(diff, before_); }

 private:
  Diff before_;
};

}  // namespace

RendererPtr Unknown(Diff before) { return MakeInArena<UnknownRenderer>(std::move(before)); }

}  // namespace planview::change::renderers
