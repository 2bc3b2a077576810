#include "renderer/action_invocation.h"

#include <tuple>

#include "renderer/json_fields.h"

namespace planview::renderer {

ActionInvocation ActionInvocation::FromJson(structured::Value entry, std::string path) {
  RequireObject(entry, path);
  ActionInvocation a;
  a.address = StringField(entry, "address", path);
  a.type = StringField(entry, "type", path);
  a.name = StringField(entry, "name", path);
  a.provider_name = StringField(entry, "provider_name", path);
  a.config_values = entry.find("config_values");
  a.config_unknown = entry.find("config_unknown");
  a.config_sensitive = entry.find("config_sensitive");
  structured::Value lifecycle = ObjectField(entry, "lifecycle_action_trigger", path);
  if (!lifecycle.absent()) {
    std::string lifecycle_path = KeyPath(path, "lifecycle_action_trigger");
    a.lifecycle = true;
    a.triggering_resource = StringField(lifecycle, "triggering_resource_address", lifecycle_path);
    a.event = StringField(lifecycle, "action_trigger_event", lifecycle_path);
    a.block_index = IntField(lifecycle, "action_trigger_block_index", lifecycle_path);
    a.list_index = IntField(lifecycle, "actions_list_index", lifecycle_path);
  }
  structured::Value invoke = ObjectField(entry, "invoke_action_trigger", path);
  if (!invoke.absent()) {
    a.invoked = true;
    a.calling_resource = StringField(invoke, "calling_resource_address", KeyPath(path, "invoke_action_trigger"));
  }
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
