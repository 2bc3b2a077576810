#include "planfile/internal/zip_archive.h"

#include <libdeflate.h>
#include <minizip/unzip.h>

#include <algorithm>
#include <cstring>
#include <new>
#include <optional>

#include <fmt/format.h>

#include "base/huge_pages.h"

// The archive is read by minizip (zlib's contrib unzip, Debian's libminizip, which ships a
// static library for the release binaries) through an in-memory stream, so the bytes are
// never copied or written to disk. minizip reads the central directory, checks each
// member's local header against it and inflates; this file adds the caps (the total
// inflated size, and no more memory reserved than the compressed bytes can inflate to)
// and turns minizip's status codes into one-line messages.
//
// A deflated member is first inflated in one call by libdeflate (about 3x zlib's speed)
// straight from the archive's bytes into a buffer of its recorded size; that is the
// result when the stream ends exactly there and the CRC matches. Anything else (a size
// that lies, damaged data, bytes past the end) reads the member again through minizip,
// whose diagnosis is the message: one decoder decides what is an error and says why.

namespace planview::planfile::internal {

namespace {

// The bytes as a seekable read-only stream, in the shape minizip's I/O callbacks take.
// A read that ends early is an error, as it is for a file read past its end: minizip
// reads single fields byte by byte and would otherwise take a missing byte for zero.
struct MemoryStream {
  std::string_view bytes;
  uint64_t at = 0;
  bool short_read = false;
};

voidpf OpenStream(voidpf opaque, const void* /*name*/, int mode) {
  // Read-only: refuse to open for writing.
  if ((mode & ZLIB_FILEFUNC_MODE_READWRITEFILTER) != ZLIB_FILEFUNC_MODE_READ) return nullptr;
  return opaque;
}

uLong ReadStream(voidpf /*opaque*/, voidpf stream, void* buf, uLong size) {
  auto* s = static_cast<MemoryStream*>(stream);
  uint64_t left = s->bytes.size() - s->at;
  uint64_t n = std::min<uint64_t>(size, left);
  std::memcpy(buf, s->bytes.data() + s->at, static_cast<size_t>(n));
  s->at += n;
  s->short_read = n < size;
  return static_cast<uLong>(n);
}

uLong WriteStream(voidpf, voidpf, const void*, uLong) { return 0; }

ZPOS64_T TellStream(voidpf /*opaque*/, voidpf stream) { return static_cast<MemoryStream*>(stream)->at; }

long SeekStream(voidpf /*opaque*/, voidpf stream, ZPOS64_T offset, int origin) {
  auto* s = static_cast<MemoryStream*>(stream);
  uint64_t base = 0;
  switch (origin) {
    case ZLIB_FILEFUNC_SEEK_SET: base = 0; break;
    case ZLIB_FILEFUNC_SEEK_CUR: base = s->at; break;
    case ZLIB_FILEFUNC_SEEK_END: base = s->bytes.size(); break;
    default: return -1;
  }
  // No position outside the bytes: a damaged offset fails here instead of reading later.
  if (offset > s->bytes.size() - base) return -1;
  s->at = base + offset;
  s->short_read = false;
  return 0;
}

int CloseStream(voidpf, voidpf) { return 0; }
int StreamError(voidpf /*opaque*/, voidpf stream) { return static_cast<MemoryStream*>(stream)->short_read ? 1 : 0; }

// minizip's status codes (and zlib's, which it passes through) as words.
std::string_view StatusText(int status) {
  switch (status) {
    case UNZ_ERRNO: return "read past the end of the archive";
    case UNZ_EOF: return "unexpected end of data";
    case UNZ_PARAMERROR: return "invalid parameter";
    case UNZ_BADZIPFILE: return "bad local header or compression method";
    case UNZ_INTERNALERROR: return "internal error";
    case UNZ_CRCERROR: return "CRC error";
    case Z_DATA_ERROR: return "invalid deflate data";
    case Z_MEM_ERROR: return "out of memory";
    case Z_STREAM_ERROR: return "inflate stream error";
    case Z_BUF_ERROR: return "incomplete deflate data";
    default: return "unknown error";
  }
}

// The most a deflate stream of `packed` bytes can inflate to (deflate's best ratio is
// about 1032:1), to bound what a member's recorded size may make us reserve.
uint64_t MostInflated(uint64_t packed) { return packed * 1040 + 1024; }

struct FreeDecompressor {
  void operator()(libdeflate_decompressor* d) const { libdeflate_free_decompressor(d); }
};

// The deflated member `info` describes (the current one of `zip`, read from `bytes`),
// inflated in one call; nothing when it does not inflate to exactly its recorded size
// with its recorded CRC, using exactly its recorded compressed size.
std::optional<MemberBytes> InflateWhole(unzFile zip, std::string_view bytes, const unz_file_info64& info) {
  if (info.uncompressed_size > MostInflated(info.compressed_size)) return std::nullopt;
  // Opened raw, minizip checks the local header against the central directory and
  // says where the compressed bytes start.
  if (unzOpenCurrentFile2(zip, nullptr, nullptr, /*raw*/ 1) != UNZ_OK) return std::nullopt;
  uint64_t at = unzGetCurrentFileZStreamPos64(zip);
  unzCloseCurrentFile(zip);
  if (at > bytes.size() || info.compressed_size > bytes.size() - at) return std::nullopt;
  std::unique_ptr<libdeflate_decompressor, FreeDecompressor> decompressor(libdeflate_alloc_decompressor());
  if (decompressor == nullptr) return std::nullopt;
  MemberBytes out(static_cast<size_t>(info.uncompressed_size));
  size_t used = 0;
  size_t inflated = 0;
  libdeflate_result result =
      libdeflate_deflate_decompress_ex(decompressor.get(), bytes.data() + at, static_cast<size_t>(info.compressed_size),
                                       out.data(), out.size(), &used, &inflated);
  if (result != LIBDEFLATE_SUCCESS || inflated != out.size() || used != info.compressed_size) return std::nullopt;
  if (libdeflate_crc32(0, out.data(), out.size()) != info.crc) return std::nullopt;
  return out;
}

}  // namespace

MemberBytes::MemberBytes(size_t size) : data_(static_cast<char*>(std::malloc(std::max<size_t>(size, 1)))), size_(size) {
  if (data_ == nullptr) throw std::bad_alloc();
  base::AdviseHugePages(data_.get(), size);
}

struct ZipArchive::Handle {
  MemoryStream stream;
  unzFile zip = nullptr;
  ~Handle() {
    if (zip != nullptr) unzClose(zip);
  }
};

ZipArchive::ZipArchive(std::unique_ptr<Handle> handle, uint64_t max_inflated)
    : handle_(std::move(handle)), budget_(max_inflated) {}

ZipArchive::~ZipArchive() = default;

base::Expected<std::unique_ptr<ZipArchive>> ZipArchive::Open(std::string_view bytes, uint64_t max_inflated) {
  auto handle = std::make_unique<Handle>();
  handle->stream.bytes = bytes;
  zlib_filefunc64_def io{};
  io.zopen64_file = OpenStream;
  io.zread_file = ReadStream;
  io.zwrite_file = WriteStream;
  io.ztell64_file = TellStream;
  io.zseek64_file = SeekStream;
  io.zclose_file = CloseStream;
  io.zerror_file = StreamError;
  io.opaque = &handle->stream;
  handle->zip = unzOpen2_64("plan file", &io);
  if (handle->zip == nullptr) {
    return base::Error("not a readable ZIP archive (Not a zip archive)");
  }
  return std::unique_ptr<ZipArchive>(new ZipArchive(std::move(handle), max_inflated));
}

bool ZipArchive::Has(std::string_view name) const {
  // Names with a NUL byte cannot be looked up (and no member has one).
  if (name.find('\0') != std::string_view::npos) return false;
  return unzLocateFile(handle_->zip, std::string(name).c_str(), /*case sensitive*/ 1) == UNZ_OK;
}

base::Expected<MemberBytes> ZipArchive::Read(std::string_view name) {
  if (!Has(name)) return base::Error(fmt::format("the ZIP archive has no {} member", name));
  unzFile zip = handle_->zip;
  auto damaged = [&](std::string_view why) {
    return base::Error(fmt::format("ZIP member {} is damaged ({})", name, why));
  };
  auto too_big = [&] {
    return base::Error(
        fmt::format("ZIP member {} inflates to more than the {} bytes planview reads from a plan file", name, budget_));
  };
  unz_file_info64 info{};
  if (int status = unzGetCurrentFileInfo64(zip, &info, nullptr, 0, nullptr, 0, nullptr, 0); status != UNZ_OK) {
    return damaged(StatusText(status));
  }
  if (info.size_filename != name.size()) return damaged("name differs in the central directory");
  if (info.flag & 1) return damaged("encrypted members are not supported");
  if (info.compression_method != 0 && info.compression_method != Z_DEFLATED) {
    return damaged(fmt::format("compression method {} not supported", info.compression_method));
  }
  if (info.uncompressed_size > budget_) return too_big();
  if (info.compression_method == Z_DEFLATED) {
    if (std::optional<MemberBytes> whole = InflateWhole(zip, handle_->stream.bytes, info)) {
      budget_ -= whole->size();
      return std::move(*whole);
    }
  }
  if (int status = unzOpenCurrentFile(zip); status != UNZ_OK) return damaged(StatusText(status));
  std::string out;
  out.reserve(static_cast<size_t>(std::min<uint64_t>(info.uncompressed_size, MostInflated(info.compressed_size))));
  char buffer[1 << 16];
  while (true) {
    int n = unzReadCurrentFile(zip, buffer, sizeof buffer);
    if (n < 0) {
      unzCloseCurrentFile(zip);
      return damaged(StatusText(n));
    }
    if (n == 0) break;
    if (static_cast<uint64_t>(n) > budget_ - out.size()) {
      unzCloseCurrentFile(zip);
      return too_big();
    }
    out.append(buffer, static_cast<size_t>(n));
  }
  // minizip checks the CRC on close only once the recorded size was read in full.
  if (out.size() != info.uncompressed_size) {
    unzCloseCurrentFile(zip);
    return damaged("inflated size differs from its recorded size");
  }
  if (int status = unzCloseCurrentFile(zip); status != UNZ_OK) return damaged(StatusText(status));
  budget_ -= out.size();
  MemberBytes bytes(out.size());
  if (!out.empty()) std::memcpy(bytes.data(), out.data(), out.size());
  return bytes;
}

}  // namespace planview::planfile::internal
