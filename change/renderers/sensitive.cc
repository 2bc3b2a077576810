// Sensitive values and sensitive nested blocks. A value shows "(sensitive value)" unless
// sensitive values are shown; a block's contents are replaced by a note. Both warn when
// the sensitivity itself changes on something that stays.
#include <string>
#include <vector>

#include "change/diff_visitor.h"
#include "change/redaction.h"
#include "change/renderers/render_util.h"
#include "change/renderers/renderers.h"
#include "fmt/format.h"

namespace planview::change::renderers {
namespace {

using namespace internal;  // NOLINT

class SensitiveRenderer final : public Renderer {
 public:
  SensitiveRenderer(Diff inner, bool before_sensitive, bool after_sensitive, bool block)
      : inner_(std::move(inner)), before_sensitive_(before_sensitive), after_sensitive_(after_sensitive), block_(block) {}

  RendererKind kind() const override { return block_ ? RendererKind::kSensitiveBlock : RendererKind::kSensitive; }

  void RenderHuman(const Diff& diff, int indent, const RenderOpts& opts, std::string& out) const override {
    if (block_) {
      std::string prefix;
      AppendLineStart(prefix, indent, Action::kNoOp, opts);
      AppendOpening(out, '{', diff.replace(), opts);
      out.append(prefix);
      out.append("  # At least one attribute in this block is (or was) sensitive,\n");
      out.append(prefix);
      out.append("  # so its contents will not be displayed.\n");
      out.append(prefix);
      out.push_back('}');
      return;
    }
    if (Redaction{opts.show_sensitive}.MayShowUnder(diff)) {
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
    std::string_view subject = block_ ? "block" : "attribute value";
    std::string warning;
    if (before_sensitive_) {
      ColorizerOf(opts).AppendColor(
          warning, fmt::format("  # [yellow]Warning[reset]: this {} will no longer be marked as sensitive\n{}  # "
                               "after applying this change.",
                               subject, pad));
    } else {
      ColorizerOf(opts).AppendColor(
          warning, fmt::format("  # [yellow]Warning[reset]: this {} will be marked as sensitive and will not\n{}  # "
                               "display in UI output after applying this change.",
                               subject, pad));
    }
    if (!block_ && inner_.action() == Action::kNoOp) warning.append(" The value is unchanged.");
    out.push_back(std::move(warning));
  }

  void Accept(const Diff& diff, DiffVisitor& visitor) const override {
    visitor.Sensitive(diff, SensitiveNode{block_, inner_, before_sensitive_, after_sensitive_});
  }

 private:
  Diff inner_;
  bool before_sensitive_;
  bool after_sensitive_;
  bool block_;  // a nested block (upstream's sensitiveBlockRenderer)
};

}  // namespace

RendererPtr Sensitive(Diff inner, bool before_sensitive, bool after_sensitive) {
  return MakeInArena<SensitiveRenderer>(std::move(inner), before_sensitive, after_sensitive, false);
}

RendererPtr SensitiveBlock(Diff inner, bool before_sensitive, bool after_sensitive) {
  return MakeInArena<SensitiveRenderer>(std::move(inner), before_sensitive, after_sensitive, true);
}

}  // namespace planview::change::renderers
