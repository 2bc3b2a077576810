// Lists: changed elements with (for attribute lists) one unchanged element of context on
// each side; runs of unchanged elements collapse into "# (N unchanged elements hidden)".
#include <string>
#include <vector>

#include "change/diff_dump.h"
#include "change/renderers/render_util.h"
#include "change/renderers/renderers.h"

namespace planview::change::renderers {
namespace {

using namespace internal;  // NOLINT

class ListRenderer final : public Renderer {
 public:
  ListRenderer(std::vector<Diff> elements, bool display_context)
      : elements_(std::move(elements)), display_context_(display_context) {}

  RendererKind kind() const override { return RendererKind::kList; }

  void RenderHuman(const Diff& diff, int indent, const RenderOpts& opts, std::string& out) const override {
    if (elements_.empty()) {
      AppendEmpty(out, "[]", diff.action(), diff.replace(), opts);
      return;
    }
    RenderOpts element_opts = opts.Clone();
    element_opts.override_null_suffix = true;
    RenderOpts unchanged_opts = opts.Clone();
    unchanged_opts.show_unchanged_children = true;

    // Unchanged elements since the last one printed: [first, first + count).
    size_t unchanged_first = 0;
    size_t unchanged_count = 0;
    // Print the next element whatever its action (context after a change).
    bool render_next = false;

    AppendOpening(out, '[', diff.replace(), opts);
    for (size_t i = 0; i < elements_.size(); ++i) {
      const Diff& element = elements_[i];
      if (element.action() == Action::kNoOp && !render_next && !opts.show_unchanged_children) {
        if (unchanged_count == 0) unchanged_first = i;
        ++unchanged_count;
        continue;
      }
      render_next = false;
      const RenderOpts* current = &element_opts;
      if (display_context_) {
        if (unchanged_count > 1) AppendUnchangedLine(out, indent + 1, "element", unchanged_count - 1, element_opts);
        if (unchanged_count > 0) {
          // The unchanged element just before this change, shown in full.
          const Diff& last = elements_[unchanged_first + unchanged_count - 1];
          AppendLineStart(out, indent + 1, last.action(), unchanged_opts);
          last.RenderHuman(indent + 1, unchanged_opts, out);
          out.append(",\n");
        }
        unchanged_count = 0;
        if (element.action() == Action::kNoOp) {
          current = &unchanged_opts;
        } else {
          render_next = true;
        }
      }
      AppendChild(out, element, indent + 1, "", *current);
      out.append(",\n");
    }
    AppendUnchangedLine(out, indent + 1, "element", unchanged_count, opts);
    AppendClosing(out, indent, ']', opts);
    AppendNullSuffix(out, diff.action(), opts);
  }

  void Dump(std::string& out) const override {
    out.append("{\"type\":\"listRenderer\",\"displayContext\":");
    out.append(display_context_ ? "true" : "false");
    out.append(",\"elements\":");
    dump::AppendDiffArray(out, elements_);
    out.push_back('}');
  }

 private:
  std::vector<Diff> elements_;
  bool display_context_;
};

}  // namespace

RendererPtr List(std::vector<Diff> elements) { return std::make_shared<ListRenderer>(std::move(elements), true); }

RendererPtr NestedList(std::vector<Diff> elements) {
  return std::make_shared<ListRenderer>(std::move(elements), false);
}

}  // namespace planview::change::renderers
