// Sensitive values: "(sensitive value)" unless sensitive values are shown, with a warning
// when the sensitivity itself changes.
#include <string>
#include <vector>

#include "change/diff_dump.h"
#include "change/renderers/render_util.h"
#include "change/renderers/renderers.h"
#include "fmt/format.h"

namespace planview::change::renderers {
namespace {

using namespace internal;  // NOLINT

class SensitiveRenderer final : public Renderer {
 public:
  SensitiveRenderer(Diff inner, bool before_sensitive, bool after_sensitive)
      : inner_(std::move(inner)), before_sensitive_(before_sensitive), after_sensitive_(after_sensitive) {}

  RendererKind kind() const override { return RendererKind::kSensitive; }

  void RenderHuman(const Diff& diff, int indent, const RenderOpts& opts, std::string& out) const override {
    if (opts.show_sensitive) {
      inner_.RenderHuman(indent, opts, out);
      return;
    }
    out.append("(sensitive value)");
    AppendNullSuffix(out, diff.action(), opts);
    AppendForcesReplacement(out, diff.replace(), opts);
  }

  void WarningsHuman(const Diff& /*diff*/, int indent, const RenderOpts& opts,
                     std::vector<std::string>& out) const override {
    // Only a change of sensitivity on a value that stays is worth a warning.
    if (before_sensitive_ == after_sensitive_ || inner_.action() == Action::kCreate ||
        inner_.action() == Action::kDelete) {
      return;
    }
    std::string pad;
    AppendIndent(pad, indent);
    std::string warning;
    if (before_sensitive_) {
      ColorizerOf(opts).AppendColor(
          warning, fmt::format("  # [yellow]Warning[reset]: this attribute value will no longer be marked as "
                               "sensitive\n{}  # after applying this change.",
                               pad));
    } else {
      ColorizerOf(opts).AppendColor(
          warning, fmt::format("  # [yellow]Warning[reset]: this attribute value will be marked as sensitive and "
                               "will not\n{}  # display in UI output after applying this change.",
                               pad));
    }
    if (inner_.action() == Action::kNoOp) warning.append(" The value is unchanged.");
    out.push_back(std::move(warning));
  }

  void Dump(std::string& out) const override {
    out.append("{\"type\":\"sensitiveRenderer\",\"beforeSensitive\":");
    out.append(before_sensitive_ ? "true" : "false");
    out.append(",\"afterSensitive\":");
    out.append(after_sensitive_ ? "true" : "false");
    out.append(",\"inner\":");
    AppendDiffDump(out, inner_);
    out.push_back('}');
  }

 private:
  Diff inner_;
  bool before_sensitive_;
  bool after_sensitive_;
};

}  // namespace

RendererPtr Sensitive(Diff inner, bool before_sensitive, bool after_sensitive) {
  return std::make_shared<SensitiveRenderer>(std::move(inner), before_sensitive, after_sensitive);
}

}  // namespace planview::change::renderers
