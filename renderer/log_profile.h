// What each product's log renderer (upstream's Renderer.RenderLog) does with each message
// type, as data the log renderer consults: OpenTofu's and Terraform's differ in which
// types they hide, Terraform's prints `terraform test` progress and summaries itself, and
// their diagnostics and message shapes differ.
#ifndef PLANVIEW_RENDERER_LOG_PROFILE_H_
#define PLANVIEW_RENDERER_LOG_PROFILE_H_

#include <span>
#include <string_view>

#include "change/profile.h"
#include "renderer/diagnostic.h"
#include "renderer/options.h"
#include "structured/json_value.h"

namespace planview::renderer {

// How one message type is printed.
enum class LogTreatment {
  kMessage,            // its @message as it is (also every type a profile does not list)
  kHidden,             // nothing
  kBoldMessage,        // its @message in bold
  kChangeSummary,      // a blank line, the @message in bold green, a blank line
  kDiagnostic,         // the framed diagnostic
  kOutputs,            // "Outputs:" and each output's value
  kProvisionProgress,  // "addr: (provisioner): output"
  kTestFile,           // "path... status" (Terraform)
  kTestRun,            // "  run... status" once the run is complete (Terraform)
  kTestSummary,        // a blank line and "Success! N passed, M failed." (Terraform)
  kTestCleanup,        // the @message and the resources left behind, on stderr (Terraform)
};

struct LogProfile {
  struct Entry {
    std::string_view type;
    LogTreatment treatment;
  };
  Product product;
  std::span<const Entry> shared_types;  // what both products' renderers do alike
  std::span<const Entry> own_types;     // what only this product's renderer knows
  DiagnosticStyle diagnostic;
  bool (*fits)(structured::Value message);  // the message decodes (renderer/log_shape.h)
  const change::Profile& (*values)();       // how output values are diffed and rendered

  LogTreatment TreatmentOf(std::string_view type) const;
};

const LogProfile& LogProfileOf(Product product);

}  // namespace planview::renderer

#endif  // PLANVIEW_RENDERER_LOG_PROFILE_H_
