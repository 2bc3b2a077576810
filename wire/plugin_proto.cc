#include "wire/plugin_proto.h"

#include <fmt/format.h>

#include <memory>
#include <utility>

#include "proto/tfplugin5.pb.h"
#include "structured/json_parse.h"

namespace planview::wire {

using structured::Attribute;
using structured::Block;
using structured::BlockType;
using structured::NestingMode;
using structured::ParseJson;
using structured::ParseResult;
using structured::ParseType;
using structured::Schema;
using structured::Type;

namespace {

base::Expected<std::shared_ptr<const Block>> ConvertBlock(const tfplugin5::Schema::Block& in,
                                                          const std::string& path) {
  auto out = std::make_shared<Block>();
  for (const tfplugin5::Schema::Attribute& a : in.attributes()) {
    std::string at = path + "." + a.name();
    ParseResult parsed = ParseJson(a.type());
    if (!parsed) return base::Error(fmt::format("{}: invalid type: {}", at, parsed.error().message));
    base::Expected<Type> type = ParseType(parsed.value()->root());
    if (!type) return base::Error(fmt::format("{}: invalid type: {}", at, type.error().message));
    Attribute attr;
    attr.type = std::move(*type);
    attr.required = a.required();
    attr.optional = a.optional();
    attr.computed = a.computed();
    attr.sensitive = a.sensitive();
    out->attributes.emplace(a.name(), std::move(attr));
  }
  for (const tfplugin5::Schema::NestedBlock& b : in.block_types()) {
    std::string at = path + "." + b.type_name();
    BlockType bt;
    switch (b.nesting()) {
      case tfplugin5::Schema::NestedBlock::SINGLE: bt.nesting_mode = NestingMode::kSingle; break;
      case tfplugin5::Schema::NestedBlock::LIST: bt.nesting_mode = NestingMode::kList; break;
      case tfplugin5::Schema::NestedBlock::SET: bt.nesting_mode = NestingMode::kSet; break;
      case tfplugin5::Schema::NestedBlock::MAP: bt.nesting_mode = NestingMode::kMap; break;
      case tfplugin5::Schema::NestedBlock::GROUP: bt.nesting_mode = NestingMode::kGroup; break;
      default: return base::Error(fmt::format("{}: invalid nesting mode {}", at, static_cast<int>(b.nesting())));
    }
    base::Expected<std::shared_ptr<const Block>> block = ConvertBlock(b.block(), at);
    if (!block) return block.error();
    bt.block = std::move(*block);
    bt.min_items = static_cast<uint64_t>(std::max<int64_t>(0, b.min_items()));
    bt.max_items = static_cast<uint64_t>(std::max<int64_t>(0, b.max_items()));
    out->block_types.emplace(b.type_name(), std::move(bt));
  }
  return std::shared_ptr<const Block>(std::move(out));
}

}  // namespace

DecodeResult DecodeDynamicValue(std::string_view message, const Type& type, base::Executor* executor) {
  tfplugin5::DynamicValue dv;
  if (!dv.ParseFromArray(message.data(), static_cast<int>(message.size()))) {
    DecodeResult r;
    r.error = WireError{{}, 0, true, "not a protobuf DynamicValue message"};
    return r;
  }
  if (!dv.msgpack().empty()) return DecodeMsgpack(std::move(*dv.mutable_msgpack()), type, executor);
  if (!dv.json().empty()) return DecodeJson(std::move(*dv.mutable_json()), type);
  DecodeResult r;
  r.error = WireError{{}, 0, true, "DynamicValue has neither msgpack nor json set"};
  return r;
}

std::string DynamicValueMessage(std::string_view msgpack) {
  tfplugin5::DynamicValue dv;
  dv.set_msgpack(std::string(msgpack));
  return dv.SerializeAsString();
}

base::Expected<Schema> SchemaFromProto(std::string_view message) {
  tfplugin5::Schema in;
  if (!in.ParseFromArray(message.data(), static_cast<int>(message.size()))) {
    return base::Error("not a protobuf Schema message");
  }
  Schema out;
  out.version = static_cast<uint64_t>(std::max<int64_t>(0, in.version()));
  base::Expected<std::shared_ptr<const Block>> block = ConvertBlock(in.block(), "block");
  if (!block) return block.error();
  out.block = std::move(*block);
  return out;
}

}  // namespace planview::wire
