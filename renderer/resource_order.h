// The order upstream lists resource instances in: by module path (shorter first, then by
// call name and instance key), then mode (ephemeral, data, managed), type, name and
// instance key (no key, then numbers, then strings), then deposed key.
#ifndef PLANVIEW_RENDERER_RESOURCE_ORDER_H_
#define PLANVIEW_RENDERER_RESOURCE_ORDER_H_

#include <string_view>
#include <vector>

#include "renderer/resource_change.h"

namespace planview::base {
class Executor;
}  // namespace planview::base

namespace planview::renderer {


// Negative, zero or positive as `a` sorts before, with or after `b`. Addresses that do not
// parse sort after those that do, by their text.
int CompareResourceAddresses(std::string_view a, std::string_view b);

// Sorts resource changes by address then deposed key, keeping the order of equals; with
// a pool, on its threads.
void SortResourceChanges(std::vector<ResourceChange>& changes, base::Executor* pool = nullptr);

}  // namespace planview::renderer

#endif  // PLANVIEW_RENDERER_RESOURCE_ORDER_H_
