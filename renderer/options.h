// What every document renderer needs to know besides the document: colour, width,
// whether to reveal sensitive values, and whose wording to use.
#ifndef PLANVIEW_RENDERER_OPTIONS_H_
#define PLANVIEW_RENDERER_OPTIONS_H_

#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "change/outline.h"
#include "change/profile.h"

namespace planview::renderer {

struct ResourceChange;

// The tool whose output is reproduced: it names itself in several messages.
enum class Product { kOpenTofu, kTerraform };

std::optional<Product> ProductFromName(std::string_view name);  // "opentofu", "terraform"

// The planning mode a plan was made in (`tofu plan -destroy`, `-refresh-only`).
enum class PlanMode { kNormal, kDestroy, kRefreshOnly };

// How a plan's drift section ("Objects have changed outside of OpenTofu") is presented:
// as `tofu show` does, as one line per resource (its action and address), or not at all.
enum class DriftDisplay { kShow, kSummary, kHide };

std::optional<DriftDisplay> DriftDisplayFromName(std::string_view name);  // "show", "summary", "hide"

std::optional<PlanMode> PlanModeFromName(std::string_view name);  // "normal", "destroy", "refresh-only"

struct Options {
  bool color = false;
  int width = 78;  // terminal columns; upstream uses 78 when stdout is not a terminal
  bool show_sensitive = false;
  Product product = Product::kOpenTofu;
  // In automation upstream leaves out the command it would suggest running.
  bool running_in_automation = false;

  // planview's own presentation (renderer/formats/); the defaults print what `tofu show`
  // prints.
  bool verbose = false;  // render unchanged attributes and blocks too
  // When set, only the resource changes and drift it accepts are rendered; the plan's
  // summary line still counts every change and one line says how many were hidden and why
  // (`filter_description`, e.g. "--action delete").
  std::function<bool(const ResourceChange&)> include_resource;
  std::string filter_description;
  DriftDisplay drift = DriftDisplay::kShow;
  // When set, the diff nodes of a rendered resource block are recorded in it (for browse).
  change::Outline* outline = nullptr;

  // The product's renderer profile (change/profile.h): every detail in which Terraform's
  // `show` differs from OpenTofu's.
  const change::Profile& profile() const;
};

const change::Profile& ProfileOf(Product product);

// Rewrites upstream's product wording ("OpenTofu", "tofu ...") in a constant message for
// `product`. Never apply it to text taken from the input.
std::string Wording(std::string_view text, Product product);

// Things a renderer worked around (a missing schema, an input upstream cannot render).
// The caller prints them on stderr; each is one line without a trailing newline.
class Warnings {
 public:
  // Control characters quoted from the input are escaped, so a warning is one line.
  void Add(std::string message);
  // Adds `message` unless an identical one was already added.
  void AddOnce(std::string message);
  // Adds `other`'s messages in order, as if they had been added here (a message `other`
  // got from AddOnce is dropped when this already has it).
  void Append(const Warnings& other);
  const std::vector<std::string>& messages() const { return messages_; }
  bool empty() const { return messages_.empty(); }

 private:
  std::vector<std::string> messages_;
  std::vector<bool> once_;  // per message: added by AddOnce
};

}  // namespace planview::renderer

#endif  // PLANVIEW_RENDERER_OPTIONS_H_
