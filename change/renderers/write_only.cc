// Write-only attributes: their values are never shown.
#include <string>

#include "change/renderers/render_util.h"
#include "change/renderers/renderers.h"

namespace planview::change::renderers {
namespace {

using namespace internal;  // NOLINT

class WriteOnlyRenderer final : public Renderer {
 public:
  RendererKind kind() const override { return RendererKind::kWriteOnly; }

  void RenderHuman(const Diff& diff, int /*indent*/, const RenderOpts& opts, std::string& out) const override {
    out.append("(write-only attribute)");
    AppendForcesReplacement(out, diff.replace(), opts);
    AppendNullSuffix(out, diff.action(), opts);
  }

  void Dump(std::string& out, const Redaction& /*redaction*/) const override { out.append("{\"type\":\"writeOnlyRenderer\"}"); }
};

}  // namespace

RendererPtr WriteOnly() { return std::make_shared<WriteOnlyRenderer>(); }

}  // namespace planview::change::renderers
