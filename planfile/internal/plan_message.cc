#include "planfile/internal/plan_message.h"

#include <string>
#include <utility>

#include "base/proto_reader.h"

namespace planview::planfile::internal {

namespace {

using base::ProtoReader;
using Field = ProtoReader::Field;
namespace tp = tfplan;

constexpr uint32_t kVarint = ProtoReader::kVarint;
constexpr uint32_t kBytes = ProtoReader::kLengthDelimited;

bool Decode(ProtoReader& r, tp::DynamicValue& out);
bool Decode(ProtoReader& r, tp::Path::Step& out);
bool Decode(ProtoReader& r, tp::Path& out);
bool Decode(ProtoReader& r, tp::Importing& out);
bool Decode(ProtoReader& r, tp::Change& out);
bool Decode(ProtoReader& r, tp::ResourceInstanceChange& out);
bool Decode(ProtoReader& r, tp::OutputChange& out);
bool Decode(ProtoReader& r, tp::CheckResults::ObjectResult& out);
bool Decode(ProtoReader& r, tp::CheckResults& out);
bool Decode(ProtoReader& r, tp::ResourceAttr& out);

// Each Decode merges one message's fields into `out` (as protobuf's parse merges);
// false on an error (the reader has it). Fields of another wire type than declared are
// unknown fields to protobuf: skipped.

bool Decode(ProtoReader& r, tp::DynamicValue& out) {
  Field f;
  while (r.Next(f)) {
    if (f.number == 1 && f.wire_type == kBytes) out.msgpack = f.bytes;
  }
  return r.ok();
}

// A message field read only to check it, as protobuf would parse it.
template <typename T>
bool Check(ProtoReader& r, const Field& f) {
  T ignored;
  return r.Message(f.bytes, [&](ProtoReader& m) { return Decode(m, ignored); });
}

// A repeated or singular `string` field read only to check it.
bool CheckString(ProtoReader& r, const Field& f) {
  std::string_view ignored;
  return r.String(f, ignored);
}

bool Decode(ProtoReader& r, tp::Path::Step& out) {
  using Selector = tp::Path::Step::Selector;
  Field f;
  while (r.Next(f)) {
    if (f.wire_type != kBytes) continue;
    if (f.number == 1) {
      if (!r.String(f, out.attribute_name)) return false;
      out.element_key = {};
      out.selector = Selector::kAttributeName;
    } else if (f.number == 2) {
      // The oneof's message is merged into when it is already the member set.
      if (out.selector != Selector::kElementKey) {
        out.attribute_name = {};
        out.element_key = {};
        out.selector = Selector::kElementKey;
      }
      if (!r.Message(f.bytes, [&](ProtoReader& m) { return Decode(m, out.element_key); })) return false;
    }
  }
  return r.ok();
}

bool Decode(ProtoReader& r, tp::Path& out) {
  Field f;
  while (r.Next(f)) {
    if (f.number == 1 && f.wire_type == kBytes) {
      tp::Path::Step& step = out.steps.emplace_back();
      if (!r.Message(f.bytes, [&](ProtoReader& m) { return Decode(m, step); })) return false;
    }
  }
  return r.ok();
}

// Appends a repeated message field's value.
template <typename T>
bool Append(ProtoReader& r, const Field& f, std::vector<T>& out) {
  T& value = out.emplace_back();
  return r.Message(f.bytes, [&](ProtoReader& m) { return Decode(m, value); });
}

// Merges a singular message field's value.
template <typename T>
bool Merge(ProtoReader& r, const Field& f, T& out, bool& has) {
  has = true;
  return r.Message(f.bytes, [&](ProtoReader& m) { return Decode(m, out); });
}

bool Decode(ProtoReader& r, tp::Importing& out) {
  Field f;
  while (r.Next(f)) {
    switch (f.number) {
      case 1:
        if (f.wire_type == kBytes && !r.String(f, out.id)) return false;
        break;
      case 2:
        // OpenTofu's identity (a message) here is an unknown field to the bool.
        if (f.wire_type == kVarint) out.unknown = f.value != 0;
        break;
      case 3:
        if (f.wire_type == kBytes && !Merge(r, f, out.identity, out.has_identity)) return false;
        break;
      default: break;
    }
  }
  return r.ok();
}

bool Decode(ProtoReader& r, tp::Change& out) {
  Field f;
  while (r.Next(f)) {
    if (f.number == 1) {
      if (f.wire_type == kVarint) out.action = static_cast<int32_t>(f.value);
      continue;
    }
    if (f.wire_type != kBytes) continue;
    bool ok = true;
    switch (f.number) {
      case 2: ok = Append(r, f, out.values); break;
      case 3: ok = Append(r, f, out.before_sensitive_paths); break;
      case 4: ok = Append(r, f, out.after_sensitive_paths); break;
      case 5: ok = Merge(r, f, out.importing, out.has_importing); break;
      case 6: ok = r.String(f, out.generated_config); break;
      case 7:  // before_identity
      case 8:  // after_identity
        ok = Check<tp::DynamicValue>(r, f);
        break;
      default: break;
    }
    if (!ok) return false;
  }
  return r.ok();
}

bool Decode(ProtoReader& r, tp::ResourceInstanceChange& out) {
  using InstanceKey = tp::ResourceInstanceChange::InstanceKey;
  Field f;
  while (r.Next(f)) {
    if (f.wire_type == kVarint) {
      switch (f.number) {
        case 2: out.mode = static_cast<int32_t>(f.value); break;
        case 6:
          out.instance_key = InstanceKey::kInt;
          out.str = {};
          out.int_ = static_cast<int64_t>(f.value);
          break;
        case 12: out.action_reason = static_cast<int32_t>(f.value); break;
        default: break;
      }
      continue;
    }
    if (f.wire_type != kBytes) continue;
    bool ok = true;
    switch (f.number) {
      case 1: ok = r.String(f, out.module_path); break;
      case 3: ok = r.String(f, out.type); break;
      case 4: ok = r.String(f, out.name); break;
      case 5:
        ok = r.String(f, out.str);
        out.instance_key = InstanceKey::kString;
        out.int_ = 0;
        break;
      case 7: ok = r.String(f, out.deposed_key); break;
      case 8: ok = r.String(f, out.provider); break;
      case 9: ok = Merge(r, f, out.change, out.has_change); break;
      case 10: break;  // private: bytes
      case 11: ok = Append(r, f, out.required_replace); break;
      case 13: ok = r.String(f, out.addr); break;
      case 14: ok = r.String(f, out.prev_run_addr); break;
      default: break;
    }
    if (!ok) return false;
  }
  return r.ok();
}

bool Decode(ProtoReader& r, tp::OutputChange& out) {
  Field f;
  while (r.Next(f)) {
    if (f.number == 1 && f.wire_type == kBytes) {
      if (!r.String(f, out.name)) return false;
    } else if (f.number == 2 && f.wire_type == kBytes) {
      if (!Merge(r, f, out.change, out.has_change)) return false;
    } else if (f.number == 3 && f.wire_type == kVarint) {
      out.sensitive = f.value != 0;
    }
  }
  return r.ok();
}

bool Decode(ProtoReader& r, tp::CheckResults::ObjectResult& out) {
  Field f;
  while (r.Next(f)) {
    if (f.number == 1 && f.wire_type == kBytes) {
      if (!r.String(f, out.object_addr)) return false;
    } else if (f.number == 2 && f.wire_type == kVarint) {
      out.status = static_cast<int32_t>(f.value);
    } else if (f.number == 3 && f.wire_type == kBytes) {
      if (!r.String(f, out.failure_messages.emplace_back())) return false;
    }
  }
  return r.ok();
}

bool Decode(ProtoReader& r, tp::CheckResults& out) {
  Field f;
  while (r.Next(f)) {
    if (f.number == 1 && f.wire_type == kVarint) {
      out.kind = static_cast<int32_t>(f.value);
    } else if (f.number == 2 && f.wire_type == kBytes) {
      if (!r.String(f, out.config_addr)) return false;
    } else if (f.number == 3 && f.wire_type == kVarint) {
      out.status = static_cast<int32_t>(f.value);
    } else if (f.number == 4 && f.wire_type == kBytes) {
      if (!Append(r, f, out.objects)) return false;
    }
  }
  return r.ok();
}

bool Decode(ProtoReader& r, tp::ResourceAttr& out) {
  Field f;
  bool has_attr = false;
  while (r.Next(f)) {
    if (f.wire_type != kBytes) continue;
    if (f.number == 1) {
      if (!r.String(f, out.resource)) return false;
    } else if (f.number == 2) {
      if (!Merge(r, f, out.attr, has_attr)) return false;
    }
  }
  return r.ok();
}

// Messages planview does not read, checked only.
struct Backend {};
bool Decode(ProtoReader& r, Backend&) {
  Field f;
  while (r.Next(f)) {
    if (f.wire_type != kBytes) continue;
    if ((f.number == 1 || f.number == 3) && !CheckString(r, f)) return false;
    if (f.number == 2 && !Check<tp::DynamicValue>(r, f)) return false;
  }
  return r.ok();
}

struct Deferred {};
bool Decode(ProtoReader& r, Deferred&) {
  Field f;
  while (r.Next(f)) {
  }
  return r.ok();
}

struct DeferredResourceInstanceChange {};
bool Decode(ProtoReader& r, DeferredResourceInstanceChange&) {
  Field f;
  while (r.Next(f)) {
    if (f.wire_type != kBytes) continue;
    if (f.number == 1 && !Check<Deferred>(r, f)) return false;
    if (f.number == 2 && !Check<tp::ResourceInstanceChange>(r, f)) return false;
  }
  return r.ok();
}

// One entry of the variables map: its key (last wins) and value (merged).
struct VariableEntry {
  std::string_view key;
  tp::DynamicValue value;
};
bool Decode(ProtoReader& r, VariableEntry& out) {
  Field f;
  while (r.Next(f)) {
    if (f.wire_type != kBytes) continue;
    if (f.number == 1 && !r.String(f, out.key)) return false;
    if (f.number == 2 && !r.Message(f.bytes, [&](ProtoReader& m) { return Decode(m, out.value); })) return false;
  }
  return r.ok();
}

// The plan's top level; the resource changes' bytes are kept for later, in order.
struct Pending {
  std::vector<std::string_view> changes;
  std::vector<std::string_view> drift;
};
bool DecodeTop(ProtoReader& r, tp::Plan& out, Pending& pending) {
  Field f;
  while (r.Next(f)) {
    if (f.wire_type == kVarint) {
      switch (f.number) {
        case 1: out.version = f.value; break;
        case 17: out.ui_mode = static_cast<int32_t>(f.value); break;
        case 20: out.errored = f.value != 0; break;
        case 25: out.applyable = f.value != 0; break;
        case 26: out.complete = f.value != 0; break;
        default: break;
      }
      continue;
    }
    if (f.wire_type != kBytes) continue;
    bool ok = true;
    switch (f.number) {
      case 2: {
        VariableEntry entry;
        ok = r.Message(f.bytes, [&](ProtoReader& m) { return Decode(m, entry); });
        if (ok) out.variables[entry.key] = entry.value;  // a later entry replaces
        break;
      }
      case 3: pending.changes.push_back(f.bytes); break;
      case 4: ok = Append(r, f, out.output_changes); break;
      case 5:   // target_addrs
      case 6:   // exclude_addrs
      case 16:  // force_replace_addrs
      case 28:  // apply_time_variables
        ok = CheckString(r, f);
        break;
      case 13: ok = Check<Backend>(r, f); break;
      case 14: ok = r.String(f, out.terraform_version); break;
      case 15: out.field_15.push_back(f.bytes); break;
      case 18: pending.drift.push_back(f.bytes); break;
      case 19: ok = Append(r, f, out.check_results); break;
      case 21: ok = r.String(f, out.timestamp); break;
      case 22: break;  // bytes
      case 27: ok = Check<DeferredResourceInstanceChange>(r, f); break;
      default: break;
    }
    if (!ok) return false;
  }
  return r.ok();
}

// Changes are decoded in runs of this many on the executor's threads.
constexpr size_t kChangesPerRun = 64;

}  // namespace

base::Expected<tfplan::Plan> ParsePlanMessage(std::string_view bytes, base::Executor* executor) {
  tp::Plan plan;
  Pending pending;
  ProtoReader top(bytes);
  if (!DecodeTop(top, plan, pending)) return base::Error(top.error());
  plan.resource_changes.resize(pending.changes.size());
  plan.resource_drift.resize(pending.drift.size());
  const size_t n = pending.changes.size() + pending.drift.size();
  base::Expected<void> decoded =
      base::ParallelUntilErrorOn(executor, n, kChangesPerRun, [&](size_t i) -> base::Expected<void> {
        const bool drift = i >= pending.changes.size();
        const size_t k = drift ? i - pending.changes.size() : i;
        // One level down from the plan, as when the whole is read at once.
        ProtoReader r((drift ? pending.drift : pending.changes)[k], ProtoReader::kMaxDepth - 1, bytes.data());
        if (!Decode(r, (drift ? plan.resource_drift : plan.resource_changes)[k])) return base::Error(r.error());
        return {};
      });
  if (!decoded) return decoded.error();
  return plan;
}

base::Expected<tfplan::ResourceAttr> ParseResourceAttr(std::string_view bytes) {
  tp::ResourceAttr attr;
  ProtoReader r(bytes);
  if (!Decode(r, attr)) return base::Error(r.error());
  return attr;
}

}  // namespace planview::planfile::internal
