#include "planfile/internal/plan_message.h"

#include <atomic>
#include <cstdint>
#include <limits>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <google/protobuf/io/coded_stream.h>

namespace planview::planfile::internal {

namespace {

// Field numbers of planproto::Plan's resource changes (planfile.proto).
constexpr uint32_t kResourceChanges = 3;
constexpr uint32_t kResourceDrift = 18;

// Protobuf's wire types this reading follows.
constexpr uint32_t kVarint = 0;
constexpr uint32_t kFixed64 = 1;
constexpr uint32_t kLengthDelimited = 2;
constexpr uint32_t kFixed32 = 5;

// Reads a varint of at most 10 bytes at `p`, or nothing when it is cut short or longer.
std::optional<uint64_t> ReadVarint(const char*& p, const char* end) {
  uint64_t value = 0;
  for (int shift = 0; shift < 70 && p < end; shift += 7) {
    const auto byte = static_cast<uint8_t>(*p++);
    value |= static_cast<uint64_t>(byte & 0x7f) << shift;
    if ((byte & 0x80) == 0) return value;
  }
  return std::nullopt;
}

// The message's top level, split: the resource changes (each the bytes of one message, in
// order, and which field it belongs to) and every other field's bytes as they were.
struct TopLevel {
  struct Change {
    std::string_view bytes;
    bool drift = false;
  };
  std::vector<Change> changes;
  std::string rest;
};

// Nothing when a field is not one this reading follows (a group, a field number 0, a
// field cut short): the whole is then left to protobuf.
std::optional<TopLevel> SplitTopLevel(std::string_view bytes) {
  TopLevel top;
  const char* p = bytes.data();
  const char* const end = p + bytes.size();
  while (p < end) {
    const char* const field_begin = p;
    const std::optional<uint64_t> tag = ReadVarint(p, end);
    if (!tag || *tag > std::numeric_limits<uint32_t>::max() || (*tag >> 3) == 0) return std::nullopt;
    const auto number = static_cast<uint32_t>(*tag >> 3);
    const auto wire_type = static_cast<uint32_t>(*tag & 7);
    switch (wire_type) {
      case kVarint:
        if (!ReadVarint(p, end)) return std::nullopt;
        break;
      case kFixed64:
        if (end - p < 8) return std::nullopt;
        p += 8;
        break;
      case kFixed32:
        if (end - p < 4) return std::nullopt;
        p += 4;
        break;
      case kLengthDelimited: {
        const std::optional<uint64_t> length = ReadVarint(p, end);
        // protobuf takes lengths below 2 GiB.
        if (!length || *length > static_cast<uint64_t>(std::numeric_limits<int32_t>::max()) ||
            *length > static_cast<uint64_t>(end - p)) {
          return std::nullopt;
        }
        const std::string_view value(p, static_cast<size_t>(*length));
        p += *length;
        if (number == kResourceChanges || number == kResourceDrift) {
          top.changes.push_back({value, number == kResourceDrift});
          continue;
        }
        break;
      }
      default: return std::nullopt;
    }
    top.rest.append(field_begin, static_cast<size_t>(p - field_begin));
  }
  return top;
}

// One change's message as the whole's parse reads it: a message nested one level down,
// so with one level less of protobuf's recursion budget, ending exactly at its end.
bool ParseChange(std::string_view bytes, planproto::ResourceInstanceChange& change) {
  google::protobuf::io::CodedInputStream in(reinterpret_cast<const uint8_t*>(bytes.data()),
                                            static_cast<int>(bytes.size()));
  in.SetRecursionLimit(google::protobuf::io::CodedInputStream::GetDefaultRecursionLimit() - 1);
  return change.ParseFromCodedStream(&in) && in.ConsumedEntireMessage();
}

// Changes are parsed in runs of this many on the executor's threads.
constexpr size_t kChangesPerRun = 64;

}  // namespace

planproto::Plan* ParsePlanMessage(std::string_view bytes, base::Executor* executor, google::protobuf::Arena& arena) {
  // protobuf takes at most 2 GiB less a byte (more is not the message either).
  if (bytes.size() > static_cast<size_t>(std::numeric_limits<int>::max())) return nullptr;
  auto* plan = google::protobuf::Arena::CreateMessage<planproto::Plan>(&arena);
  std::optional<TopLevel> top = SplitTopLevel(bytes);
  if (!top) return plan->ParseFromArray(bytes.data(), static_cast<int>(bytes.size())) ? plan : nullptr;
  if (!plan->ParseFromString(top->rest)) return nullptr;
  std::vector<planproto::ResourceInstanceChange*> changes(top->changes.size());
  std::atomic<bool> all_parsed = true;
  base::Expected<void> parsed = base::ParallelUntilErrorOn(
      executor, changes.size(), kChangesPerRun, [&](size_t i) -> base::Expected<void> {
        if (!all_parsed.load(std::memory_order_relaxed)) return base::Error("");
        auto* change = google::protobuf::Arena::CreateMessage<planproto::ResourceInstanceChange>(&arena);
        if (!ParseChange(top->changes[i].bytes, *change)) {
          all_parsed = false;
          return base::Error("");
        }
        changes[i] = change;
        return {};
      });
  if (!parsed) return nullptr;
  for (size_t i = 0; i < changes.size(); ++i) {
    auto* field = top->changes[i].drift ? plan->mutable_resource_drift() : plan->mutable_resource_changes();
    field->AddAllocated(changes[i]);
  }
  return plan;
}

}  // namespace planview::planfile::internal
