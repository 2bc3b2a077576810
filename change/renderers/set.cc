// Sets: changed elements only. A nested set pushes "# forces replacement" down onto its
// elements instead of showing it itself.
#include <string>
#include <vector>

#include "change/diff_dump.h"
#include "change/renderers/render_util.h"
#include "change/renderers/renderers.h"

namespace planview::change::renderers {
namespace {

using namespace internal;  // NOLINT

class SetRenderer final : public Renderer {
 public:
  SetRenderer(std::vector<Diff> elements, bool override_forces_replacement)
      : elements_(std::move(elements)), override_forces_replacement_(override_forces_replacement) {}

  RendererKind kind() const override { return RendererKind::kSet; }

  void RenderHuman(const Diff& diff, int indent, const RenderOpts& opts, std::string& out) const override {
    bool replace_self = diff.replace() && !override_forces_replacement_;
    bool replace_children = diff.replace() && override_forces_replacement_;
    if (elements_.empty()) {
      out.append("[]");
      AppendNullSuffix(out, diff.action(), opts);
      AppendForcesReplacement(out, replace_self, opts);
      return;
    }
    RenderOpts element_opts = opts.Clone();
    element_opts.override_null_suffix = true;
    element_opts.override_forces_replacement = replace_children;

    size_t unchanged = 0;
    out.push_back('[');
    AppendForcesReplacement(out, replace_self, opts);
    out.push_back('\n');
    for (const Diff& element : elements_) {
      if (element.action() == Action::kNoOp && !opts.show_unchanged_children) {
        ++unchanged;
        continue;
      }
      for (const std::string& warning : element.WarningsHuman(indent + 1, opts)) {
        AppendIndent(out, indent + 1);
        out.append(warning);
        out.push_back('\n');
      }
      AppendIndent(out, indent + 1);
      AppendActionSymbol(out, element.action(), element_opts);
      element.RenderHuman(indent + 1, element_opts, out);
      out.append(",\n");
    }
    if (unchanged > 0) {
      AppendIndent(out, indent + 1);
      AppendActionSymbol(out, Action::kNoOp, opts);
      AppendUnchanged(out, "element", unchanged, opts);
      out.push_back('\n');
    }
    AppendIndent(out, indent);
    AppendActionSymbol(out, Action::kNoOp, opts);
    out.push_back(']');
    AppendNullSuffix(out, diff.action(), opts);
  }

  void Dump(std::string& out) const override {
    out.append("{\"type\":\"setRenderer\",\"overrideForcesReplacement\":");
    out.append(override_forces_replacement_ ? "true" : "false");
    out.append(",\"elements\":");
    dump::AppendDiffArray(out, elements_);
    out.push_back('}');
  }

 private:
  std::vector<Diff> elements_;
  bool override_forces_replacement_;
};

}  // namespace

RendererPtr Set(std::vector<Diff> elements) { return std::make_shared<SetRenderer>(std::move(elements), false); }

RendererPtr NestedSet(std::vector<Diff> elements) { return std::make_shared<SetRenderer>(std::move(elements), true); }

}  // namespace planview::change::renderers
