#include "bench/json_writer.h"

#include <fmt/format.h>

namespace planview::bench {

void AppendJsonString(std::string& out, std::string_view text) {
  static constexpr char kHex[] = "0123456789abcdef";
  out += '"';
  size_t run = 0;  // start of the pending run of bytes that need no escape
  auto escape = [&](size_t i, std::string_view with) {
    out.append(text.substr(run, i - run));
    out.append(with);
  };
  for (size_t i = 0; i < text.size(); ++i) {
    unsigned char c = static_cast<unsigned char>(text[i]);
    if (c >= 0x20 && c != '"' && c != '\\' && c != '<' && c != '>' && c != '&' && c != 0xE2) continue;
    switch (c) {
      case '"': escape(i, "\\\""); break;
      case '\\': escape(i, "\\\\"); break;
      case '\n': escape(i, "\\n"); break;
      case '\r': escape(i, "\\r"); break;
      case '\t': escape(i, "\\t"); break;
      case 0xE2:
        // U+2028 and U+2029 are E2 80 A8 / E2 80 A9.
        if (i + 2 < text.size() && static_cast<unsigned char>(text[i + 1]) == 0x80 &&
            (static_cast<unsigned char>(text[i + 2]) & 0xFE) == 0xA8) {
          escape(i, text[i + 2] == '\xA8' ? "\\u2028" : "\\u2029");
          i += 2;
          run = i + 1;
        }
        continue;
      default: {
        char u[7] = {'\\', 'u', '0', '0', kHex[c >> 4], kHex[c & 15], 0};
        escape(i, std::string_view(u, 6));
        break;
      }
    }
    run = i + 1;
  }
  out.append(text.substr(run));
  out += '"';
}

JsonWriter::JsonWriter(Sink sink, bool indent, size_t flush_at)
    : sink_(std::move(sink)), indent_(indent), flush_at_(flush_at) {
  buffer_.reserve(flush_at_ + 4096);
}

JsonWriter::~JsonWriter() { Flush(); }

void JsonWriter::Flush() {
  if (buffer_.empty()) return;
  flushed_ += buffer_.size();
  sink_(buffer_);
  buffer_.clear();
}

void JsonWriter::MaybeFlush() {
  if (buffer_.size() >= flush_at_) Flush();
}

void JsonWriter::Newline() {
  buffer_ += '\n';
  buffer_.append(2 * has_items_.size(), ' ');
}

void JsonWriter::BeforeValue() {
  if (after_key_) {
    after_key_ = false;
    return;
  }
  if (has_items_.empty()) return;
  if (has_items_.back()) buffer_ += ',';
  has_items_.back() = true;
  if (indent_) Newline();
}

void JsonWriter::BeginObject() {
  BeforeValue();
  buffer_ += '{';
  has_items_.push_back(false);
}

void JsonWriter::EndObject() {
  bool had = has_items_.back();
  has_items_.pop_back();
  if (indent_ && had) Newline();
  buffer_ += '}';
  MaybeFlush();
}

void JsonWriter::BeginArray() {
  BeforeValue();
  buffer_ += '[';
  has_items_.push_back(false);
}

void JsonWriter::EndArray() {
  bool had = has_items_.back();
  has_items_.pop_back();
  if (indent_ && had) Newline();
  buffer_ += ']';
  MaybeFlush();
}

void JsonWriter::Key(std::string_view key) {
  BeforeValue();
  AppendJsonString(buffer_, key);
  buffer_ += indent_ ? ": " : ":";
  after_key_ = true;
}

void JsonWriter::String(std::string_view text) {
  BeforeValue();
  AppendJsonString(buffer_, text);
  MaybeFlush();
}

void JsonWriter::Number(std::string_view text) {
  BeforeValue();
  buffer_.append(text);
}

void JsonWriter::Int(int64_t value) {
  BeforeValue();
  fmt::format_to(std::back_inserter(buffer_), "{}", value);
}

void JsonWriter::Bool(bool value) {
  BeforeValue();
  buffer_.append(value ? "true" : "false");
}

void JsonWriter::Null() {
  BeforeValue();
  buffer_.append("null");
}

void JsonWriter::Raw(std::string_view json) {
  BeforeValue();
  buffer_.append(json);
  MaybeFlush();
}

}  // namespace planview::bench
