// A streaming JSON writer that formats the way Go's encoding/json does (what `tofu show
// -json` prints): compact, or indented by two spaces like json.MarshalIndent; `<`, `>`
// and `&` escaped as \u003c, \u003e, \u0026; U+2028/U+2029 escaped.
//
// Output accumulates in a buffer that is handed to `sink` whenever it passes `flush_at`
// bytes and on Flush(), so arbitrarily large documents need no large buffer. The writer
// does not check that the calls form valid JSON; Key() must come before each member.
#ifndef PLANVIEW_BENCH_JSON_WRITER_H_
#define PLANVIEW_BENCH_JSON_WRITER_H_

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace planview::bench {

using Sink = std::function<void(std::string_view)>;

class JsonWriter {
 public:
  JsonWriter(Sink sink, bool indent, size_t flush_at = size_t{1} << 20);
  ~JsonWriter();
  JsonWriter(const JsonWriter&) = delete;
  JsonWriter& operator=(const JsonWriter&) = delete;

  void BeginObject();
  void EndObject();
  void BeginArray();
  void EndArray();
  void Key(std::string_view key);
  void String(std::string_view text);
  // `text` must be a JSON number.
  void Number(std::string_view text);
  void Int(int64_t value);
  void Bool(bool value);
  void Null();
  // Already-encoded compact JSON (only valid when not indenting, or for scalars).
  void Raw(std::string_view json);

  // Bytes produced so far (flushed or not).
  uint64_t bytes() const { return flushed_ + buffer_.size(); }
  void Flush();

 private:
  void BeforeValue();
  void Newline();
  void MaybeFlush();

  Sink sink_;
  bool indent_;
  size_t flush_at_;
  std::string buffer_;
  uint64_t flushed_ = 0;
  // Per open container: whether it has a member/element yet.
  std::vector<bool> has_items_;
  bool after_key_ = false;
};

}  // namespace planview::bench

#endif  // PLANVIEW_BENCH_JSON_WRITER_H_
