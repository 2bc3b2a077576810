// A reader of protobuf's wire format (proto3 messages), for decoding the few messages
// planview reads (the plan file's `tfplan`, tfplugin5's DynamicValue and Schema) into
// plain structs without libprotobuf. It reads fields one at a time; the message's own
// decoder picks the fields it knows and ignores the rest, as protobuf keeps them unknown.
//
// What it accepts is what libprotobuf (3.21) accepts, except that it also refuses a
// varint or tag whose value does not fit its 64 or 32 bits (protobuf drops those bits):
// - tags: at most 5 bytes; field number 0, wire types 6 and 7, and an end-group tag
//   outside a group are errors;
// - varints: at most 10 bytes; lengths at most 5 bytes, below 2 GiB less 16, and within
//   the message;
// - groups (wire types 3/4) are skipped whole (no message planview reads has one), their
//   end tag matching their start; each group and each nested message is a level of
//   nesting, and more than kMaxDepth levels below the outermost message are an error;
// - proto3 `string` fields must be valid UTF-8 (String()).
// Byte and string values are views into the input, which must outlive them. Errors are
// one line naming the byte offset from the start of the outermost message.
#ifndef PLANVIEW_BASE_PROTO_READER_H_
#define PLANVIEW_BASE_PROTO_READER_H_

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace planview::base {

class ProtoReader {
 public:
  enum WireType : uint32_t {
    kVarint = 0,
    kFixed64 = 1,
    kLengthDelimited = 2,
    kStartGroup = 3,
    kEndGroup = 4,
    kFixed32 = 5,
  };
  // protobuf's default recursion limit: levels of nesting below the outermost message.
  static constexpr int kMaxDepth = 100;

  struct Field {
    uint32_t number = 0;
    uint32_t wire_type = kVarint;
    uint64_t value = 0;      // kVarint, kFixed64, kFixed32
    std::string_view bytes;  // kLengthDelimited
  };

  // Reads `message`, which has `depth` levels of nesting left below it (a message found
  // inside another one and read on its own has fewer than kMaxDepth). Error offsets count
  // from `origin` (the outermost message's start; null: `message`'s).
  explicit ProtoReader(std::string_view message, int depth = kMaxDepth, const char* origin = nullptr);
  ProtoReader(const ProtoReader&) = delete;
  ProtoReader& operator=(const ProtoReader&) = delete;

  // The next field (a group is skipped and not returned): true; false at the end of the
  // message or on an error (then !ok()).
  bool Next(Field& field);

  // A length-delimited field's bytes as a message one level down: same error, offsets
  // from the same start. When that is too deep the reader returned has failed.
  ProtoReader Nested(std::string_view bytes);

  // Reads a nested message with `decode(ProtoReader&) -> bool`; false on an error.
  template <typename Decode>
  bool Message(std::string_view bytes, const Decode& decode) {
    ProtoReader nested = Nested(bytes);
    return nested.ok() && decode(nested) && nested.ok();
  }

  // A `string` field's value: false (an error) when it is not valid UTF-8.
  bool String(const Field& field, std::string_view& out);

  // A packed repeated field's values (the bytes of a length-delimited field): varints,
  // or little-endian 4- or 8-byte values. False (an error) when they do not fill it.
  bool PackedVarints(const Field& field, std::vector<uint64_t>& out);
  bool PackedFixed32(const Field& field, std::vector<uint32_t>& out);
  bool PackedFixed64(const Field& field, std::vector<uint64_t>& out);

  // Records an error at `at` (a position inside the input); the first one is kept.
  // Returns false.
  bool Fail(const char* at, std::string_view what);

  bool ok() const { return error_->empty(); }
  // "at byte 17: varint cut short"; empty while ok().
  const std::string& error() const { return *error_; }

 private:
  ProtoReader(std::string_view message, int depth, const char* origin, std::string* error);
  bool ReadBase128(int max_bytes, std::string_view what, uint64_t& out);
  bool ReadVarint(uint64_t& out);
  bool ReadTag(uint32_t& out);
  bool ReadLength(size_t& out);
  bool SkipGroup(uint32_t number, int depth);

  const char* p_;
  const char* end_;
  const char* origin_;
  int depth_;
  std::string own_error_;
  std::string* error_;
};

// Whether `text` is valid UTF-8 (no overlong forms, surrogates or code points past
// U+10FFFF), as protobuf checks proto3 strings.
bool IsValidUtf8(std::string_view text);

}  // namespace planview::base

#endif  // PLANVIEW_BASE_PROTO_READER_H_
