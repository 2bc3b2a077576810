// Writing saved plan files, for tests, fuzz seeds and the benchmark: a `show -json` plan
// (with the provider schemas that type its values, or none) becomes the `tfplan` protobuf
// message with msgpack values (wire's encoder), in a ZIP archive (libzip).
#ifndef PLANVIEW_PLANFILE_TESTING_PLAN_FILE_WRITER_H_
#define PLANVIEW_PLANFILE_TESTING_PLAN_FILE_WRITER_H_

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "base/expected.h"
#include "planfile/plan_file.h"
#include "structured/schema.h"

namespace planview::planfile::testing {

// A ZIP archive of the members, deflated (or stored when `deflate` is false).
std::string ZipArchiveOf(const std::vector<std::pair<std::string, std::string>>& members, bool deflate = true);

// The serialized `tfplan` message for a `show -json` plan: resource changes and drift
// (values typed by `schemas` when given, else by the type their JSON implies), their
// sensitivity as marks, replace paths, action reasons, importing, output changes,
// relevant attributes, terraform_version, timestamp, errored, and `mode` (which the JSON
// does not hold). The error when the JSON does not fit (a value that does not match its
// schema, an unknown action).
base::Expected<std::string> TfplanFromJson(std::string_view plan_json, const structured::ProviderSchemas* schemas,
                                           UiMode mode = UiMode::kNormal);

// TfplanFromJson in a ZIP archive as `tfplan`: a plan file.
base::Expected<std::string> PlanFileFromJson(std::string_view plan_json, const structured::ProviderSchemas* schemas,
                                             UiMode mode = UiMode::kNormal);

}  // namespace planview::planfile::testing

#endif  // PLANVIEW_PLANFILE_TESTING_PLAN_FILE_WRITER_H_
