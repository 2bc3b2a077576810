// `tofu show` / `terraform show` of a state: every resource instance of every module
// (state_resource.h), then the root module's outputs, from a `show -json` state document,
// with the rules of options.product's profile (change/profile.h).
#ifndef PLANVIEW_RENDERER_STATE_RENDERER_H_
#define PLANVIEW_RENDERER_STATE_RENDERER_H_

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "base/executor.h"
#include "base/expected.h"
#include "renderer/options.h"
#include "renderer/schema_source.h"
#include "structured/json_spans.h"
#include "structured/json_value.h"

namespace planview::renderer {

using StateSink = std::function<void(std::string_view)>;

// Renders the state at `root` into `out`. `provider_format_version` is the schemas'
// format version ("" if unknown). An input error (json_fields.h) naming the JSON path of
// the first malformed part, found before any text is rendered (`out` and `sink` get
// nothing then); resources without a schema are rendered from their values, with a
// warning. Resources are diffed and rendered a batch at a time on `executor`'s threads
// (null: this thread only); with a `sink`, `out` is handed to it in order, in chunks of
// about 1 MB, as the batches are done (what is left stays in `out`), so the text of the
// whole state is never held. `sink` is only called on the calling thread.
base::Expected<void> RenderState(structured::Value root, const SchemaSource& schemas,
                                 std::string_view provider_format_version, const Options& options, std::string& out,
                                 Warnings& warnings, base::Executor* executor = nullptr,
                                 const StateSink& sink = {});

// A state whose `values` object the parse left unbuilt (ParseOptions::
// unbuilt_top_level_keys), read a part at a time from the document's source: the same
// checks, errors, warnings and text as RenderState, but only a few resources' values are
// built at any time, so the parsed state is never held whole. Read checks every part
// (the resources a batch at a time on `executor`'s threads; the error is still the first
// in document order) and looks up every schema (on this thread, in document order) before
// anything is rendered.
class StateText {
 public:
  // Read's first pass over the `values` text (where its modules and resources are), which
  // may run apart, while the parse checks that text (ParseOptions::read_unbuilt, on text
  // the parse may yet refuse: it stays within the text whatever it holds). Scan reads the
  // object at `begin` and gives where it ends; the last one scanned is kept.
  class Scan {
   public:
    Scan();
    Scan(Scan&&) noexcept;
    Scan& operator=(Scan&&) noexcept;
    ~Scan();
    size_t Read(std::string_view text, size_t begin);
    struct Values;

   private:
    friend class StateText;
    std::unique_ptr<Values> values_;
  };

  // `document`'s root is the state, `values` the text of its `values` member (offset and
  // length in document->source()). `scan`, when it scanned that very text, is used
  // instead of scanning it again (and is emptied).
  static base::Expected<StateText> Read(std::shared_ptr<const structured::Document> document,
                                        structured::Span values, const SchemaSource& schemas,
                                        base::Executor* executor = nullptr, Scan* scan = nullptr);
  StateText(StateText&&) noexcept;
  StateText& operator=(StateText&&) noexcept;
  ~StateText();

  // The product named by the first resource whose provider address names one, in the
  // order renderer/document_product.h reads them (none: nullopt).
  std::optional<Product> product() const;

  // Renders it as RenderState does.
  void Render(std::string_view provider_format_version, const Options& options, std::string& out, Warnings& warnings,
              base::Executor* executor = nullptr, const StateSink& sink = {}) const;

  struct Parts;

 private:
  explicit StateText(std::unique_ptr<Parts> parts);
  std::unique_ptr<Parts> parts_;
};

}  // namespace planview::renderer

#endif  // PLANVIEW_RENDERER_STATE_RENDERER_H_
