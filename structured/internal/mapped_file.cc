#include "structured/internal/mapped_file.h"

#include <signal.h>
#include <sys/mman.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstdint>
#include <cstring>
#include <mutex>
#include <string>

#include "structured/internal/page_size.h"

namespace planview::structured::internal {
namespace {

// The guard's table: the file pages of each live mapping and its message. The signal
// handler reads it, so it is fixed in size and written through atomics only.
constexpr int kSlots = 16;
struct Slot {
  std::atomic<bool> claimed{false};
  std::atomic<uintptr_t> begin{0};
  std::atomic<uintptr_t> end{0};
  std::atomic<const char*> message{nullptr};
  std::atomic<size_t> message_size{0};
};
Slot slots[kSlots];
struct sigaction previous_action;

void OnBusError(int number, siginfo_t* info, void* context) {
  const uintptr_t at = reinterpret_cast<uintptr_t>(info->si_addr);
  for (Slot& slot : slots) {
    if (at < slot.begin.load(std::memory_order_acquire) || at >= slot.end.load(std::memory_order_acquire)) continue;
    const char* message = slot.message.load(std::memory_order_acquire);
    size_t size = slot.message_size.load(std::memory_order_acquire);
    while (size > 0) {
      ssize_t n = write(STDERR_FILENO, message, size);
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) break;
      message += n;
      size -= static_cast<size_t>(n);
    }
    _exit(1);
  }
  // Not a mapped input: what was there before decides.
  if ((previous_action.sa_flags & SA_SIGINFO) != 0 && previous_action.sa_sigaction != nullptr) {
    previous_action.sa_sigaction(number, info, context);
    return;
  }
  if ((previous_action.sa_flags & SA_SIGINFO) == 0 && previous_action.sa_handler != SIG_DFL &&
      previous_action.sa_handler != SIG_IGN) {
    previous_action.sa_handler(number);
    return;
  }
  // The default action: the fault repeats on return and ends the process as it would have.
  struct sigaction fallback {};
  fallback.sa_handler = SIG_DFL;
  sigemptyset(&fallback.sa_mask);
  sigaction(SIGBUS, &fallback, nullptr);
}

void InstallGuard() {
  static std::once_flag once;
  std::call_once(once, [] {
    struct sigaction action {};
    action.sa_sigaction = OnBusError;
    action.sa_flags = SA_SIGINFO | SA_ONSTACK;
    sigemptyset(&action.sa_mask);
    sigaction(SIGBUS, &action, &previous_action);
  });
}

int ClaimSlot() {
  for (int i = 0; i < kSlots; ++i) {
    bool free = false;
    if (slots[i].claimed.compare_exchange_strong(free, true, std::memory_order_acq_rel)) return i;
  }
  return -1;
}

// The message of slot i, alive while the slot is claimed.
std::string slot_messages[kSlots];

}  // namespace

std::shared_ptr<MappedFile> MappedFile::Map(int fd, size_t size, size_t padding, std::string_view name) {
  const size_t page = PageSize();
  // Whole pages are mapped; the last part page is read into anonymous memory, so the
  // padding after the text is always this process's zeros.
  const size_t whole = size / page * page;
  if (whole == 0 || size > SIZE_MAX - padding - page) return nullptr;
  const size_t length = (size + padding + page - 1) / page * page;
  const int slot = ClaimSlot();
  if (slot < 0) return nullptr;
  auto fail = [slot](void* base, size_t bytes) -> std::shared_ptr<MappedFile> {
    if (base != nullptr) munmap(base, bytes);
    slots[slot].claimed.store(false, std::memory_order_release);
    return nullptr;
  };
  void* base = mmap(nullptr, length, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (base == MAP_FAILED) return fail(nullptr, 0);
  char* bytes = static_cast<char*>(base);
  if (mmap(bytes, whole, PROT_READ, MAP_PRIVATE | MAP_FIXED, fd, 0) == MAP_FAILED) return fail(base, length);
  for (size_t at = whole; at < size;) {
    ssize_t n = pread(fd, bytes + at, size - at, static_cast<off_t>(at));
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return fail(base, length);  // the file shrank already: the caller reads it
    at += static_cast<size_t>(n);
  }
  InstallGuard();
  std::string& message = slot_messages[slot];
  message.assign(name);
  message += ": read error: the file was truncated while it was being read\n";
  Slot& guard = slots[slot];
  guard.message.store(message.data(), std::memory_order_release);
  guard.message_size.store(message.size(), std::memory_order_release);
  guard.begin.store(reinterpret_cast<uintptr_t>(bytes), std::memory_order_release);
  guard.end.store(reinterpret_cast<uintptr_t>(bytes + whole), std::memory_order_release);
  return std::shared_ptr<MappedFile>(new MappedFile(bytes, length, size, slot));
}

MappedFile::~MappedFile() {
  Slot& guard = slots[slot_];
  guard.end.store(0, std::memory_order_release);
  guard.begin.store(0, std::memory_order_release);
  munmap(base_, length_);
  guard.claimed.store(false, std::memory_order_release);
}

}  // namespace planview::structured::internal
