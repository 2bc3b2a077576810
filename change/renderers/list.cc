// Lists and sets: the changed elements, each on its own line. Lists of attributes also
// show one unchanged element of context on each side of a change; other unchanged
// elements collapse into "# (N unchanged elements hidden)". A nested set pushes
// "# forces replacement" down onto its elements instead of showing it itself.
#include <string>
#include <vector>

#include "change/diff_visitor.h"
#include "change/renderers/render_util.h"
#include "change/renderers/renderers.h"

namespace planview::change::renderers {
namespace {

using namespace internal;  // NOLINT

class ListRenderer final : public Renderer {
 public:
  // `set` only changes the renderer's kind and dump; `display_context` is for lists,
  // `push_replacement` for sets.
  ListRenderer(std::vector<Diff> elements, bool set, bool display_context, bool push_replacement)
      : elements_(std::move(elements)),
        set_(set),
        display_context_(display_context),
        push_replacement_(push_replacement) {}

  RendererKind kind() const override { return set_ ? RendererKind::kSet : RendererKind::kList; }

  void RenderHuman(const Diff& diff, int indent, const RenderOpts& opts, std::string& out) const override {
    const bool replace_self = diff.replace() && !push_replacement_;
    if (elements_.empty()) {
      AppendEmpty(out, "[]", diff.action(), replace_self, opts);
      return;
    }
    RenderOpts element_opts = opts.Clone();
    element_opts.override_null_suffix = true;
    element_opts.override_forces_replacement = diff.replace() && push_replacement_;
    RenderOpts unchanged_opts = opts.Clone();
    unchanged_opts.show_unchanged_children = true;

    // Unchanged elements since the last one printed: [first, first + count).
    size_t unchanged_first = 0;
    size_t unchanged_count = 0;
    // Print the next element whatever its action (context after a change).
    bool render_next = false;

    AppendOpening(out, '[', replace_self, opts);
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

  void Accept(const Diff& diff, DiffVisitor& visitor) const override {
    visitor.Sequence(diff, SequenceNode{set_, elements_, display_context_, push_replacement_});
  }

 private:
  std::vector<Diff> elements_;
  bool set_;
  bool display_context_;
  bool push_replacement_;
};

}  // namespace

RendererPtr List(std::vector<Diff> elements) {
  return MakeInArena<ListRenderer>(std::move(elements), false, true, false);
}

RendererPtr NestedList(std::vector<Diff> elements) {
  return MakeInArena<ListRenderer>(std::move(elements), false, false, false);
}

RendererPtr Set(std::vector<Diff> elements) {
  return MakeInArena<ListRenderer>(std::move(elements), true, false, false);
}

RendererPtr NestedSet(std::vector<Diff> elements) {
  return MakeInArena<ListRenderer>(std::move(elements), true, false, true);
}

}  // namespace planview::change::renderers
