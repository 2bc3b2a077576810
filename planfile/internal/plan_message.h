// The tfplan member's protobuf message (planproto/planfile.proto) as plain structs: the
// fields planview reads, decoded with base::ProtoReader. Strings and bytes are views into
// the decoded bytes, which must outlive the structs. Every other field of planfile.proto
// is still checked as protobuf would (strings valid UTF-8, messages well formed) and then
// dropped; unknown fields are skipped.
//
// Decoding merges as protobuf does: a scalar given twice keeps the last value, repeated
// fields append, a message field given twice is merged, a oneof keeps its last member,
// and a map keeps the last entry of a key.
//
// ParsePlanMessage reads the top level first and then decodes the resource changes (in a
// big plan nearly all of the message, each a message of its own) on the executor's threads.
#ifndef PLANVIEW_PLANFILE_INTERNAL_PLAN_MESSAGE_H_
#define PLANVIEW_PLANFILE_INTERNAL_PLAN_MESSAGE_H_

#include <cstdint>
#include <map>
#include <string_view>
#include <vector>

#include "base/executor.h"
#include "base/expected.h"

namespace planview::planfile::internal::tfplan {

// Enum values as planfile.proto numbers them (proto3 enums are open: any int32 is read).
enum Mode : int32_t { NORMAL = 0, DESTROY = 1, REFRESH_ONLY = 2 };

enum Action : int32_t {
  NOOP = 0,
  CREATE = 1,
  READ = 2,
  UPDATE = 3,
  DELETE = 5,
  DELETE_THEN_CREATE = 6,
  CREATE_THEN_DELETE = 7,
  FORGET = 8,
  CREATE_THEN_FORGET = 9,
  FORGET_THEN_CREATE = 10,
};

enum ResourceInstanceActionReason : int32_t {
  NONE = 0,
  REPLACE_BECAUSE_TAINTED = 1,
  REPLACE_BY_REQUEST = 2,
  REPLACE_BECAUSE_CANNOT_UPDATE = 3,
  DELETE_BECAUSE_NO_RESOURCE_CONFIG = 4,
  DELETE_BECAUSE_WRONG_REPETITION = 5,
  DELETE_BECAUSE_COUNT_INDEX = 6,
  DELETE_BECAUSE_EACH_KEY = 7,
  DELETE_BECAUSE_NO_MODULE = 8,
  REPLACE_BY_TRIGGERS = 9,
  READ_BECAUSE_CONFIG_UNKNOWN = 10,
  READ_BECAUSE_DEPENDENCY_PENDING = 11,
  DELETE_BECAUSE_NO_MOVE_TARGET = 12,
  READ_BECAUSE_CHECK_NESTED = 13,
  DELETE_BECAUSE_ENABLED_FALSE = 14,
  FORGOT_BECAUSE_LIFECYCLE_DESTROY_IN_STATE = 15,
  FORGOT_BECAUSE_LIFECYCLE_DESTROY_IN_CONFIG = 16,
};

// A msgpack value.
struct DynamicValue {
  std::string_view msgpack;
};

struct Path {
  struct Step {
    enum class Selector : uint8_t { kNone, kAttributeName, kElementKey };
    Selector selector = Selector::kNone;
    std::string_view attribute_name;
    DynamicValue element_key;
  };
  std::vector<Step> steps;
};

struct Importing {
  std::string_view id;
  bool unknown = false;
  bool has_identity = false;
  DynamicValue identity;
};

struct Change {
  int32_t action = NOOP;
  std::vector<DynamicValue> values;
  std::vector<Path> before_sensitive_paths;
  std::vector<Path> after_sensitive_paths;
  bool has_importing = false;
  Importing importing;
  std::string_view generated_config;
};

struct ResourceInstanceChange {
  enum Mode : int32_t { managed = 0, data = 1 };
  enum class InstanceKey : uint8_t { kNone, kString, kInt };
  std::string_view module_path;
  int32_t mode = managed;
  std::string_view type;
  std::string_view name;
  InstanceKey instance_key = InstanceKey::kNone;
  std::string_view str;  // instance_key kString
  int64_t int_ = 0;      // instance_key kInt
  std::string_view deposed_key;
  std::string_view provider;
  bool has_change = false;
  Change change;
  std::vector<Path> required_replace;
  int32_t action_reason = NONE;
  std::string_view addr;
  std::string_view prev_run_addr;
};

struct OutputChange {
  std::string_view name;
  bool has_change = false;
  Change change;
  bool sensitive = false;
};

struct CheckResults {
  enum Status : int32_t { UNKNOWN = 0, PASS = 1, FAIL = 2, ERROR = 3 };
  enum ObjectKind : int32_t { UNSPECIFIED = 0, RESOURCE = 1, OUTPUT_VALUE = 2, CHECK = 3, INPUT_VARIABLE = 4 };
  struct ObjectResult {
    std::string_view object_addr;
    int32_t status = UNKNOWN;
    std::vector<std::string_view> failure_messages;
  };
  int32_t kind = UNSPECIFIED;
  std::string_view config_addr;
  int32_t status = UNKNOWN;
  std::vector<ObjectResult> objects;
};

// Field 15 from Terraform 1.1 on.
struct ResourceAttr {
  std::string_view resource;
  Path attr;
};

struct Plan {
  uint64_t version = 0;
  std::map<std::string_view, DynamicValue> variables;
  std::vector<ResourceInstanceChange> resource_changes;
  std::vector<OutputChange> output_changes;
  std::string_view terraform_version;
  std::vector<std::string_view> field_15;  // see planfile.proto: ResourceAttr from Terraform 1.1 on
  int32_t ui_mode = NORMAL;
  std::vector<ResourceInstanceChange> resource_drift;
  std::vector<CheckResults> check_results;
  bool errored = false;
  std::string_view timestamp;
  bool applyable = false;
  bool complete = false;
};

}  // namespace planview::planfile::internal::tfplan

namespace planview::planfile::internal {

// Decodes `bytes`, the resource changes on the executor's threads (null: this thread),
// in order. The error ("at byte 17: varint cut short") when they are not the message.
base::Expected<tfplan::Plan> ParsePlanMessage(std::string_view bytes, base::Executor* executor);

// A ResourceAttr message on its own (field 15's values); the error as above.
base::Expected<tfplan::ResourceAttr> ParseResourceAttr(std::string_view bytes);

}  // namespace planview::planfile::internal

#endif  // PLANVIEW_PLANFILE_INTERNAL_PLAN_MESSAGE_H_
