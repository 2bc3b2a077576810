#include "bench/json_writer.h"

#include <fmt/format.h>

#include "structured/json_text.h"

namespace planview::bench {

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
  structured::AppendGoJsonString(buffer_, key);
  buffer_ += indent_ ? ": " : ":";
  after_key_ = true;
}

void JsonWriter::String(std::string_view text) {
  BeforeValue();
  structured::AppendGoJsonString(buffer_, text);
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
