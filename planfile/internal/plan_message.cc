#include "planfile/internal/plan_message.h"

#include <cstdint>
#include <limits>
#include <string>

#include <google/protobuf/io/coded_stream.h>

#include "base/executor.h"

// The member is walked field by field at its top level only (tags and lengths: no copy,
// no decoding). A length-delimited field 3 (resource_changes) or 18 (resource_drift) is a
// change message, parsed later on its own; every other field is copied, in order, into
// the bytes parsed as the plan. Protobuf reads repeated message fields that way too (each
// element is one message, appended in order), so the result is the same. Anything the walk
// does not take plainly (a group, a malformed tag, varint or length) sends the whole member
// to one ordinary parse, whose verdict is then the answer.

namespace planview::planfile::internal {

namespace {

constexpr uint32_t kResourceChangesField = 3;
constexpr uint32_t kResourceDriftField = 18;

// Changes are parsed in runs of this many on the executor's threads.
constexpr size_t kChangesPerRun = 64;

// A varint at `p` (at most `max_bytes` long, before `end`): its value, `p` moved past it;
// false when it is longer or runs past the end.
bool ReadVarint(const char*& p, const char* end, int max_bytes, uint64_t& value) {
  value = 0;
  for (int i = 0; i < max_bytes && p < end; ++i) {
    const uint8_t byte = static_cast<uint8_t>(*p++);
    value |= uint64_t{byte & 0x7fu} << (7 * i);
    if ((byte & 0x80) == 0) return true;
  }
  return false;
}

struct Split {
  std::string rest;  // the plan's other fields
  std::vector<std::string_view> changes;
  std::vector<std::string_view> drift;
};

// False when the walk leaves the member to an ordinary parse.
bool SplitFields(std::string_view bytes, Split& out) {
  const char* p = bytes.data();
  const char* end = p + bytes.size();
  while (p < end) {
    const char* field_start = p;
    uint64_t tag = 0;
    if (!ReadVarint(p, end, 5, tag) || tag > std::numeric_limits<uint32_t>::max()) return false;
    const uint32_t field = static_cast<uint32_t>(tag >> 3);
    if (field == 0) return false;
    uint64_t value = 0;
    switch (tag & 7) {
      case 0:  // varint
        if (!ReadVarint(p, end, 10, value)) return false;
        break;
      case 1:  // fixed64
        if (end - p < 8) return false;
        p += 8;
        break;
      case 5:  // fixed32
        if (end - p < 4) return false;
        p += 4;
        break;
      case 2: {  // length-delimited
        if (!ReadVarint(p, end, 5, value) || value > static_cast<uint64_t>(std::numeric_limits<int32_t>::max()) ||
            value > static_cast<uint64_t>(end - p)) {
          return false;
        }
        const std::string_view payload(p, static_cast<size_t>(value));
        p += value;
        if (field == kResourceChangesField) {
          out.changes.push_back(payload);
          continue;
        }
        if (field == kResourceDriftField) {
          out.drift.push_back(payload);
          continue;
        }
        break;
      }
      default:  // groups, and wire types that do not exist
        return false;
    }
    out.rest.append(field_start, static_cast<size_t>(p - field_start));
  }
  return true;
}

// A change message as protobuf parses it inside the plan: one level of nesting deeper.
bool ParseChange(std::string_view bytes, planproto::ResourceInstanceChange& change) {
  google::protobuf::io::CodedInputStream in(reinterpret_cast<const uint8_t*>(bytes.data()),
                                            static_cast<int>(bytes.size()));
  in.SetRecursionLimit(google::protobuf::io::CodedInputStream::GetDefaultRecursionLimit() - 1);
  return change.ParseFromCodedStream(&in) && in.ConsumedEntireMessage();
}

// The changes the plan parsed whole holds, moved out of it.
Changes TakeAll(google::protobuf::RepeatedPtrField<planproto::ResourceInstanceChange>& field) {
  Changes out;
  out.reserve(static_cast<size_t>(field.size()));
  for (planproto::ResourceInstanceChange& change : field) {
    out.push_back(std::make_unique<planproto::ResourceInstanceChange>());
    out.back()->Swap(&change);
  }
  field.Clear();
  return out;
}

}  // namespace

bool ParsePlanMessage(std::string_view bytes, base::Executor* executor, PlanMessage& out) {
  Split split;
  if (!SplitFields(bytes, split)) {
    const bool parsed = bytes.size() <= static_cast<size_t>(std::numeric_limits<int>::max())
                            ? out.plan.ParseFromArray(bytes.data(), static_cast<int>(bytes.size()))
                            : out.plan.ParseFromString(std::string(bytes));
    if (!parsed) return false;
    out.changes = TakeAll(*out.plan.mutable_resource_changes());
    out.drift = TakeAll(*out.plan.mutable_resource_drift());
    return true;
  }
  if (!out.plan.ParseFromString(split.rest)) return false;
  const size_t n_changes = split.changes.size();
  const size_t n = n_changes + split.drift.size();
  out.changes.resize(n_changes);
  out.drift.resize(split.drift.size());
  base::Expected<void> parsed =
      base::ParallelUntilErrorOn(executor, n, kChangesPerRun, [&](size_t i) -> base::Expected<void> {
        const bool change = i < n_changes;
        auto& slot = change ? out.changes[i] : out.drift[i - n_changes];
        slot = std::make_unique<planproto::ResourceInstanceChange>();
        if (!ParseChange(change ? split.changes[i] : split.drift[i - n_changes], *slot)) {
          return base::Error("not a change");
        }
        return {};
      });
  return static_cast<bool>(parsed);
}

}  // namespace planview::planfile::internal
