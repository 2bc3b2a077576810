// Terraform's action invocations (a plan's `action_invocations`): an action run before or
// after a resource's change (a lifecycle trigger) or invoked from the command line, with
// its configuration values. Only Terraform's profile renders them.
#ifndef PLANVIEW_RENDERER_ACTION_INVOCATION_H_
#define PLANVIEW_RENDERER_ACTION_INVOCATION_H_

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "base/expected.h"
#include "structured/json_value.h"

namespace planview::renderer {

struct ActionInvocation {
  std::string path;  // JSON path of the entry, for messages
  std::string_view address;
  std::string_view type;
  std::string_view name;
  std::string_view provider_name;
  structured::Value config_values;  // absent when the entry has none
  structured::Value config_unknown;
  structured::Value config_sensitive;

  // A lifecycle trigger: runs before or after `triggering_resource`'s change.
  bool lifecycle = false;
  std::string_view triggering_resource;
  std::string_view event;  // "BeforeCreate", "AfterUpdate", ...
  int64_t block_index = 0;
  int64_t list_index = 0;
  // Invoked from the command line (`terraform apply -invoke`), maybe for a resource.
  bool invoked = false;
  std::string_view calling_resource;

  // Reads an entry; an input error (json_fields.h) naming `path` when its shape is wrong.
  static base::Expected<ActionInvocation> FromJson(structured::Value entry, std::string path);

  bool RunsBefore() const { return event.rfind("Before", 0) == 0; }
  bool RunsAfter() const { return event.rfind("After", 0) == 0; }
};

// Terraform's order (jsonplan.ActionInvocationCompare): command-line invocations first by
// address, then lifecycle ones by triggering resource, trigger block and list position.
bool ActionInvocationBefore(const ActionInvocation& a, const ActionInvocation& b);

}  // namespace planview::renderer

#endif  // PLANVIEW_RENDERER_ACTION_INVOCATION_H_
