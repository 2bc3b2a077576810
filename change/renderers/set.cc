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
      AppendEmpty(out, "[]", diff.action(), replace_self, opts);
      return;
    }
    RenderOpts element_opts = opts.Clone();
    element_opts.override_null_suffix = true;
    element_opts.override_forces_replacement = replace_children;

    size_t unchanged = 0;
    AppendOpening(out, '[', replace_self, opts);
    for (const Diff& element : elements_) {
      if (element.action() == Action::kNoOp && !opts.show_unchanged_children) {
        ++unchanged;
        continue;
      }
      AppendChild(out, element, indent + 1, "", element_opts);
      out.append(",\n");
    }
    AppendUnchangedLine(out, indent + 1, "element", unchanged, opts);
    AppendClosing(out, indent, ']', opts);
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
