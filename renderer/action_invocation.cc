#include "renderer/action_invocation.h"

#include <tuple>

#include "renderer/json_fields.h"

namespace planview::renderer {

base::Expected<ActionInvocation> ActionInvocation::FromJson(structured::Value entry, std::string path) {
  FieldReader read;
  read.RequireObject(entry, path);
  ActionInvocation a;
  a.address = read.String(entry, "address", path);
  a.type = read.String(entry, "type", path);
  a.name = read.String(entry, "name", path);
  a.provider_name = read.String(entry, "provider_name", path);
  a.config_values = entry.find("config_values");
  a.config_unknown = entry.find("config_unknown");
  a.config_sensitive = entry.find("config_sensitive");
  structured::Value lifecycle = read.Object(entry, "lifecycle_action_trigger", path);
  if (!lifecycle.absent()) {
    std::string lifecycle_path = KeyPath(path, "lifecycle_action_trigger");
    a.lifecycle = true;
    a.triggering_resource = read.String(lifecycle, "triggering_resource_address", lifecycle_path);
    a.event = read.String(lifecycle, "action_trigger_event", lifecycle_path);
    a.block_index = read.Int(lifecycle, "action_trigger_block_index", lifecycle_path);
    a.list_index = read.Int(lifecycle, "actions_list_index", lifecycle_path);
  }
  structured::Value invoke = read.Object(entry, "invoke_action_trigger", path);
  if (!invoke.absent()) {
    a.invoked = true;
    a.calling_resource = read.String(invoke, "calling_resource_address", KeyPath(path, "invoke_action_trigger"));
  }
  if (read.failed()) return read.error();
  a.path = std::move(path);
  return a;
}

bool ActionInvocationBefore(const ActionInvocation& a, const ActionInvocation& b) {
  if (a.invoked || b.invoked) {
    if (a.invoked && b.invoked) return a.address < b.address;
    return a.invoked;
  }
  if (!a.lifecycle || !b.lifecycle) return false;
  return std::tie(a.triggering_resource, a.block_index, a.list_index) <
         std::tie(b.triggering_resource, b.block_index, b.list_index);
}

}  // namespace planview::renderer
