// Reading a saved plan file (`terraform plan -out=FILE`, `tofu plan -out=FILE`) without
// Terraform, its configuration or its providers: the ZIP archive's `tfplan` member (a
// protobuf message whose values are msgpack) becomes the document `show -json` writes for
// the same plan, so everything that reads plan JSON reads it unchanged (and renders it
// without a JSON text in between).
//
// Contract:
// - Terraform 0.12 to 1.15 and OpenTofu 1.6 on (plan format version 3).
// - With provider schemas, resource values are decoded with the type the schema implies
//   and what the schema marks sensitive is marked so; without, values are decoded from
//   msgpack alone (see planfile/internal/untyped_msgpack.h) and only the plan file's own
//   sensitivity marks are known (the result says so in a notice).
// - `prior_state` comes from the `tfstate` member; `checks` from the plan's check results;
//   `applyable` and `complete` are written as the plan's Terraform version writes them.
// - `configuration` (it needs the HCL configuration and schemas) and `planned_values` are
//   not written (a notice says so).
// - Hostile input (not a ZIP, a ZIP bomb, damaged members, a tfplan that is not the
//   message, bad msgpack, an unknown format version) gives one line naming what and
//   where, never a crash; inflating stops at `max_inflated_bytes` in total.
#ifndef PLANVIEW_PLANFILE_PLAN_FILE_H_
#define PLANVIEW_PLANFILE_PLAN_FILE_H_

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "base/expected.h"
#include "structured/json_value.h"
#include "structured/schema.h"

namespace planview::base {
class Executor;
}  // namespace planview::base

namespace planview::planfile {

// True when `bytes` begins like a ZIP archive (local file header or empty archive).
bool LooksLikeZip(std::string_view bytes);

inline constexpr uint64_t kDefaultMaxInflatedBytes = uint64_t{1} << 30;  // 1 GiB

struct ReadOptions {
  const structured::ProviderSchemas* schemas = nullptr;  // null: none
  uint64_t max_inflated_bytes = kDefaultMaxInflatedBytes;
  // Whether to write the members no renderer reads: `prior_state` (from the `tfstate`
  // member), `variables` and `checks`. Without them what they hold is not decoded, and so
  // not checked either.
  bool unrendered_members = true;
  // Where resource values are decoded in parallel; null: this thread.
  base::Executor* executor = nullptr;
};

enum class UiMode { kNormal, kDestroy, kRefreshOnly };

struct PlanFile {
  // The `show -json` document, built directly (no JSON text is written or parsed).
  std::shared_ptr<const structured::Document> document;
  UiMode mode = UiMode::kNormal;
  std::string terraform_version;
  // Without schemas: that only the plan's own sensitivity marks are known. Empty otherwise.
  std::string sensitivity_notice;
  // What the `show -json` document lacks that `terraform show -json` would write.
  std::string omitted_notice;

  // The document as `show -json` writes it: compact, Go's string escapes, members in the
  // order `show -json` writes them (what `planview convert` prints).
  std::string Json() const;
};

// The plan, or the error: one line without the file name (the caller names it).
base::Expected<PlanFile> ReadPlanFile(std::string_view bytes, const ReadOptions& options);

}  // namespace planview::planfile

#endif  // PLANVIEW_PLANFILE_PLAN_FILE_H_
