// Write-only attributes: their values are never shown.
#include <string>

#include "change/diff_visitor.h"
#include "change/renderers/render_util.h"
#include "change/renderers/renderers.h"

namespace planview::change::renderers {
namespace {

using namespace internal;  // NOLINT

class WriteOnlyRenderer final : public Renderer {
 public:
  explicit WriteOnlyRenderer(bool sensitive) : sensitive_(sensitive) {}

  RendererKind kind() const override { return RendererKind::kWriteOnly; }

  void RenderHuman(const Diff& diff, int /*indent*/, const RenderOpts& opts, std::string& out) const override {
    if (opts.profile->terraform_write_only) {
      out.append(sensitive_ ? "(sensitive, write-only attribute)" : "(write-only attribute)");
      AppendNullSuffix(out, diff.action(), opts);
      AppendForcesReplacement(out, diff.replace(), opts);
      return;
    }
    out.append("(write-only attribute)");
    AppendForcesReplacement(out, diff.replace(), opts);
    AppendNullSuffix(out, diff.action(), opts);
  }

  void Accept(const Diff& diff, DiffVisitor& visitor) const override { visitor.WriteOnly(diff, sensitive_); }

 private:
  bool sensitive_;
};

}  // namespace

RendererPtr WriteOnly(bool sensitive) { return MakeInArena<WriteOnlyRenderer>(sensitive); }

}  // namespace planview::change::renderers
