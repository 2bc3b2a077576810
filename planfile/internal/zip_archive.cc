#include "planfile/internal/zip_archive.h"

#include <zip.h>

#include <fmt/format.h>

namespace planview::planfile::internal {

struct ZipArchive::Handle {
  zip_t* zip = nullptr;
  ~Handle() {
    if (zip != nullptr) zip_discard(zip);
  }
};

namespace {

std::string ZipErrorText(zip_error_t* error) {
  std::string text = zip_error_strerror(error);
  return text;
}

}  // namespace

ZipArchive::ZipArchive(std::unique_ptr<Handle> handle, uint64_t max_inflated)
    : handle_(std::move(handle)), budget_(max_inflated) {}

ZipArchive::~ZipArchive() = default;

std::unique_ptr<ZipArchive> ZipArchive::Open(std::string_view bytes, uint64_t max_inflated, std::string& error) {
  zip_error_t zerror;
  zip_error_init(&zerror);
  zip_source_t* source = zip_source_buffer_create(bytes.data(), bytes.size(), 0, &zerror);
  if (source == nullptr) {
    error = fmt::format("not a readable ZIP archive ({})", ZipErrorText(&zerror));
    zip_error_fini(&zerror);
    return nullptr;
  }
  zip_t* zip = zip_open_from_source(source, ZIP_RDONLY | ZIP_CHECKCONS, &zerror);
  if (zip == nullptr) {
    error = fmt::format("not a readable ZIP archive ({})", ZipErrorText(&zerror));
    zip_source_free(source);
    zip_error_fini(&zerror);
    return nullptr;
  }
  zip_error_fini(&zerror);
  auto handle = std::make_unique<Handle>();
  handle->zip = zip;
  return std::unique_ptr<ZipArchive>(new ZipArchive(std::move(handle), max_inflated));
}

bool ZipArchive::Has(std::string_view name) const {
  return zip_name_locate(handle_->zip, std::string(name).c_str(), 0) >= 0;
}

std::optional<std::string> ZipArchive::Read(std::string_view name, std::string& error) {
  const std::string member(name);
  zip_int64_t index = zip_name_locate(handle_->zip, member.c_str(), 0);
  if (index < 0) {
    error = fmt::format("the ZIP archive has no {} member", member);
    return std::nullopt;
  }
  zip_stat_t st;
  zip_stat_init(&st);
  if (zip_stat_index(handle_->zip, static_cast<zip_uint64_t>(index), 0, &st) != 0) {
    error = fmt::format("ZIP member {}: {}", member, zip_strerror(handle_->zip));
    return std::nullopt;
  }
  auto too_big = [&] {
    error = fmt::format("ZIP member {} inflates to more than the {} bytes planview reads from a plan file", member,
                        budget_);
  };
  if ((st.valid & ZIP_STAT_SIZE) && st.size > budget_) {
    too_big();
    return std::nullopt;
  }
  zip_file_t* file = zip_fopen_index(handle_->zip, static_cast<zip_uint64_t>(index), 0);
  if (file == nullptr) {
    error = fmt::format("ZIP member {}: {}", member, zip_strerror(handle_->zip));
    return std::nullopt;
  }
  std::string out;
  if (st.valid & ZIP_STAT_SIZE) out.reserve(static_cast<size_t>(st.size));
  char buffer[1 << 16];
  while (true) {
    zip_int64_t n = zip_fread(file, buffer, sizeof buffer);
    if (n < 0) {
      error = fmt::format("ZIP member {} is damaged ({})", member, zip_file_strerror(file));
      zip_fclose(file);
      return std::nullopt;
    }
    if (n == 0) break;
    if (static_cast<uint64_t>(n) > budget_ - out.size()) {
      too_big();
      zip_fclose(file);
      return std::nullopt;
    }
    out.append(buffer, static_cast<size_t>(n));
  }
  if (zip_fclose(file) != 0) {
    error = fmt::format("ZIP member {} is damaged ({})", member, zip_strerror(handle_->zip));
    return std::nullopt;
  }
  budget_ -= out.size();
  return out;
}

}  // namespace planview::planfile::internal
