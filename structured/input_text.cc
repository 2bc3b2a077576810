#include "structured/input_text.h"

#include <utility>

#include "structured/internal/mapped_file.h"

namespace planview::structured {

InputText::InputText(std::shared_ptr<internal::MappedFile> mapped) : mapped_(std::move(mapped)) {}

InputText InputText::Borrowed(std::string_view bytes) {
  InputText text;
  text.borrowed_ = bytes;
  return text;
}

std::string_view InputText::view() const {
  if (borrowed_) return *borrowed_;
  if (mapped_ != nullptr) return std::string_view(mapped_->data(), mapped_->size());
  return string_;
}

std::string InputText::TakeString() && {
  if (mapped_ == nullptr && !borrowed_) return std::move(string_);
  std::string copy(view());
  mapped_.reset();
  borrowed_.reset();
  return copy;
}

InputText::Shared InputText::Share(size_t padding) && {
  Shared shared;
  if (borrowed_) {
    shared.data = borrowed_->data();
    shared.size = borrowed_->size();
    shared.padded = false;
    borrowed_.reset();
    return shared;
  }
  if (mapped_ != nullptr && mapped_->padding() < padding) string_ = std::move(*this).TakeString();
  if (mapped_ != nullptr) {
    shared.data = mapped_->data();
    shared.size = mapped_->size();
    shared.owner = std::move(mapped_);
    return shared;
  }
  const size_t size = string_.size();
  if (string_.capacity() < size + padding) string_.reserve(size + padding);
  string_.resize(size + padding, '\0');
  auto owner = std::make_shared<std::string>(std::move(string_));
  shared.data = owner->data();
  shared.size = size;
  shared.owner = std::move(owner);
  return shared;
}

}  // namespace planview::structured
