#include "planfile/internal/zip_archive.h"

#include <zlib.h>

#include <cstring>
#include <vector>

#include <fmt/format.h>

// A read-only ZIP reader over bytes in memory, on zlib (Debian ships no static libzip, and
// the release binaries are static). It reads the central directory, checks each member's
// local header against it, and inflates stored or deflated members, checking their CRC-32
// and size. Every offset and length is checked against the bytes before it is used.

namespace planview::planfile::internal {

namespace {

// One member, as the central directory describes it.
struct Entry {
  std::string name;
  uint16_t flags = 0;
  uint16_t method = 0;
  uint32_t crc = 0;
  uint64_t packed_size = 0;
  uint64_t size = 0;
  uint64_t local_offset = 0;
};

}  // namespace

struct ZipArchive::Handle {
  std::string_view bytes;
  std::vector<Entry> entries;

  const Entry* Find(std::string_view name) const {
    for (const Entry& e : entries) {
      if (e.name == name) return &e;
    }
    return nullptr;
  }
};

namespace {

constexpr uint32_t kEndSignature = 0x06054b50;
constexpr uint32_t kCentralSignature = 0x02014b50;
constexpr uint32_t kLocalSignature = 0x04034b50;
constexpr size_t kEndSize = 22;
constexpr size_t kCentralSize = 46;
constexpr size_t kLocalSize = 30;

uint16_t U16(std::string_view b, size_t at) {
  return static_cast<uint16_t>(static_cast<uint8_t>(b[at]) | static_cast<uint8_t>(b[at + 1]) << 8);
}
uint32_t U32(std::string_view b, size_t at) { return U16(b, at) | static_cast<uint32_t>(U16(b, at + 2)) << 16; }

// Where the end-of-central-directory record starts, or npos: it is the last 22 bytes
// unless an archive comment (at most 65535 bytes) follows it.
size_t FindEnd(std::string_view b) {
  if (b.size() < kEndSize) return std::string_view::npos;
  size_t lowest = b.size() - kEndSize > 65535 ? b.size() - kEndSize - 65535 : 0;
  for (size_t at = b.size() - kEndSize + 1; at-- > lowest;) {
    if (U32(b, at) == kEndSignature && at + kEndSize + U16(b, at + 20) == b.size()) return at;
  }
  return std::string_view::npos;
}

// Reads the central directory into `entries`; an error text, or empty.
std::string ReadDirectory(std::string_view b, std::vector<Entry>& entries) {
  size_t end = FindEnd(b);
  if (end == std::string_view::npos) return "Not a zip archive";  // libzip's words, kept
  uint16_t count = U16(b, end + 10);
  uint32_t dir_size = U32(b, end + 12);
  uint32_t dir_offset = U32(b, end + 16);
  if (U16(b, end + 4) != 0 || U16(b, end + 6) != 0 || U16(b, end + 8) != count) return "multi-disk archives are not supported";
  if (count == 0xFFFF || dir_size == 0xFFFFFFFF || dir_offset == 0xFFFFFFFF) return "ZIP64 archives are not supported";
  if (uint64_t{dir_offset} + dir_size > end) return "the central directory lies outside the archive";
  size_t at = dir_offset;
  for (uint16_t i = 0; i < count; ++i) {
    if (at + kCentralSize > end || U32(b, at) != kCentralSignature) return "damaged central directory";
    Entry e;
    e.flags = U16(b, at + 8);
    e.method = U16(b, at + 10);
    e.crc = U32(b, at + 16);
    e.packed_size = U32(b, at + 20);
    e.size = U32(b, at + 24);
    size_t name_length = U16(b, at + 28);
    size_t rest = name_length + U16(b, at + 30) + U16(b, at + 32);
    e.local_offset = U32(b, at + 42);
    if (at + kCentralSize + rest > end) return "damaged central directory";
    e.name = std::string(b.substr(at + kCentralSize, name_length));
    if (e.packed_size == 0xFFFFFFFF || e.size == 0xFFFFFFFF || e.local_offset == 0xFFFFFFFF) {
      return "ZIP64 archives are not supported";
    }
    entries.push_back(std::move(e));
    at += kCentralSize + rest;
  }
  return "";
}

// The member's stored bytes, after checking its local header; an error text otherwise.
std::string MemberData(std::string_view b, const Entry& e, std::string_view& data) {
  if (e.local_offset + kLocalSize > b.size() || U32(b, e.local_offset) != kLocalSignature) return "bad local header";
  size_t name_length = U16(b, e.local_offset + 26);
  uint64_t start = e.local_offset + kLocalSize + name_length + U16(b, e.local_offset + 28);
  if (start > b.size() || b.substr(e.local_offset + kLocalSize, name_length) != e.name) {
    return "local header inconsistent with the central directory";
  }
  if (e.packed_size > b.size() - start) return "data past the end of the archive";
  if (e.flags & 1) return "encrypted members are not supported";
  if (e.method != 0 && e.method != 8) return fmt::format("compression method {} not supported", e.method);
  data = b.substr(start, e.packed_size);
  return "";
}

}  // namespace

ZipArchive::ZipArchive(std::unique_ptr<Handle> handle, uint64_t max_inflated)
    : handle_(std::move(handle)), budget_(max_inflated) {}

ZipArchive::~ZipArchive() = default;

std::unique_ptr<ZipArchive> ZipArchive::Open(std::string_view bytes, uint64_t max_inflated, std::string& error) {
  auto handle = std::make_unique<Handle>();
  handle->bytes = bytes;
  if (std::string problem = ReadDirectory(bytes, handle->entries); !problem.empty()) {
    error = fmt::format("not a readable ZIP archive ({})", problem);
    return nullptr;
  }
  return std::unique_ptr<ZipArchive>(new ZipArchive(std::move(handle), max_inflated));
}

bool ZipArchive::Has(std::string_view name) const { return handle_->Find(name) != nullptr; }

std::optional<std::string> ZipArchive::Read(std::string_view name, std::string& error) {
  const Entry* e = handle_->Find(name);
  if (e == nullptr) {
    error = fmt::format("the ZIP archive has no {} member", name);
    return std::nullopt;
  }
  auto damaged = [&](std::string_view why) {
    error = fmt::format("ZIP member {} is damaged ({})", name, why);
    return std::nullopt;
  };
  auto too_big = [&] {
    error = fmt::format("ZIP member {} inflates to more than the {} bytes planview reads from a plan file", name,
                        budget_);
    return std::nullopt;
  };
  if (e->size > budget_) return too_big();
  std::string_view data;
  if (std::string problem = MemberData(handle_->bytes, *e, data); !problem.empty()) return damaged(problem);
  std::string out;
  if (e->method == 0) {
    if (data.size() != e->size) return damaged("stored size differs from its length");
    out.assign(data);
  } else {
    out.resize(static_cast<size_t>(e->size));
    z_stream z{};
    if (inflateInit2(&z, -MAX_WBITS) != Z_OK) return damaged("zlib could not start");
    z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(data.data()));
    z.avail_in = static_cast<uInt>(data.size());
    z.next_out = reinterpret_cast<Bytef*>(out.data());
    z.avail_out = static_cast<uInt>(out.size());
    int status = inflate(&z, Z_FINISH);
    // One byte more room shows whether the stream holds more than the directory says.
    unsigned char extra = 0;
    size_t produced = out.size() - z.avail_out;
    if (status == Z_BUF_ERROR && z.avail_out == 0) {
      z.next_out = &extra;
      z.avail_out = 1;
      status = inflate(&z, Z_FINISH);
      if (z.avail_out == 0) {
        inflateEnd(&z);
        return damaged("inflates to more than its recorded size");
      }
    }
    inflateEnd(&z);
    if (status != Z_STREAM_END) return damaged("invalid deflate data");
    if (produced != e->size) return damaged("inflated size differs from its recorded size");
  }
  if (crc32(0, reinterpret_cast<const Bytef*>(out.data()), static_cast<uInt>(out.size())) != e->crc) {
    return damaged("CRC error");
  }
  budget_ -= out.size();
  return out;
}

}  // namespace planview::planfile::internal
