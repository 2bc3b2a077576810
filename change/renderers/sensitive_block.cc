// A nested block whose group is sensitive: its contents are replaced by a note.
#include <string>
#include <vector>

#include "change/diff_dump.h"
#include "change/renderers/render_util.h"
#include "change/renderers/renderers.h"
#include "fmt/format.h"

namespace planview::change::renderers {
namespace {

using namespace internal;  // NOLINT

class SensitiveBlockRenderer final : public Renderer {
 public:
  SensitiveBlockRenderer(Diff inner, bool before_sensitive, bool after_sensitive)
      : inner_(std::move(inner)), before_sensitive_(before_sensitive), after_sensitive_(after_sensitive) {}

  RendererKind kind() const override { return RendererKind::kSensitiveBlock; }

  void RenderHuman(const Diff& diff, int indent, const RenderOpts& opts, std::string& out) const override {
    std::string prefix;
    AppendIndent(prefix, indent);
    AppendActionSymbol(prefix, Action::kNoOp, opts);
    out.push_back('{');
    AppendForcesReplacement(out, diff.replace(), opts);
    out.push_back('\n');
    out.append(prefix);
    out.append("  # At least one attribute in this block is (or was) sensitive,\n");
    out.append(prefix);
    out.append("  # so its contents will not be displayed.\n");
    out.append(prefix);
    out.push_back('}');
  }

  void WarningsHuman(const Diff& /*diff*/, int indent, const RenderOpts& opts,
                     std::vector<std::string>& out) const override {
    if (before_sensitive_ == after_sensitive_ || inner_.action() == Action::kCreate ||
        inner_.action() == Action::kDelete) {
      return;
    }
    std::string pad;
    AppendIndent(pad, indent);
    std::string warning;
    if (before_sensitive_) {
      ColorizerOf(opts).AppendColor(
          warning,
          fmt::format("  # [yellow]Warning[reset]: this block will no longer be marked as sensitive\n{}  # after "
                      "applying this change.",
                      pad));
    } else {
      ColorizerOf(opts).AppendColor(
          warning, fmt::format("  # [yellow]Warning[reset]: this block will be marked as sensitive and will not\n{}  "
                               "# display in UI output after applying this change.",
                               pad));
    }
    out.push_back(std::move(warning));
  }

  void Dump(std::string& out) const override {
    out.append("{\"type\":\"sensitiveBlockRenderer\",\"beforeSensitive\":");
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

RendererPtr SensitiveBlock(Diff inner, bool before_sensitive, bool after_sensitive) {
  return std::make_shared<SensitiveBlockRenderer>(std::move(inner), before_sensitive, after_sensitive);
}

}  // namespace planview::change::renderers
