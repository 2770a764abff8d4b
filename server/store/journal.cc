#include "server/store/journal.h"

#include <vector>

#include <fcntl.h>
#include <sys/mman.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <system_error>
#include <utility>

#include "server/store/sqlite_db.h"

namespace skirmish::store {

namespace fs = std::filesystem;

namespace {

constexpr std::string_view kPrefix = "journal-";
constexpr std::string_view kSuffix = ".log";

std::string segment_name(std::uint64_t first_seq) {
  char name[48];
  std::snprintf(name, sizeof name, "journal-%020llu.log", static_cast<unsigned long long>(first_seq));
  return name;
}

std::string system_error_text(int error) { return std::error_code(error, std::generic_category()).message(); }

}  // namespace

std::vector<fs::path> Journal::files_in(const fs::path& dir) {
  std::vector<fs::path> files;
  std::error_code error;
  for (const auto& entry : fs::directory_iterator(dir, error)) {
    const std::string name = entry.path().filename().string();
    if (name.size() > kPrefix.size() + kSuffix.size() && name.starts_with(kPrefix) && name.ends_with(kSuffix))
      files.push_back(entry.path());
  }
  std::sort(files.begin(), files.end());  // the numbers have 20 digits: by name is by number
  return files;
}

std::vector<JournalEntry> Journal::read_after(const fs::path& dir, std::uint64_t applied) {
  std::vector<JournalEntry> entries;
  std::uint64_t last = 0;  // the number of the line before, once there is one
  const auto files = files_in(dir);
  for (std::size_t f = 0; f < files.size(); ++f) {
    std::ifstream in(files[f], std::ios::binary);
    std::error_code size_error;
    std::string text(static_cast<std::size_t>(fs::file_size(files[f], size_error)), '\0');
    if (!in || size_error || !in.read(text.data(), static_cast<std::streamsize>(text.size())))
      throw StoreError("cannot read the journal file " + files[f].string());
    // The reserved space a killed server had not written yet (see the header).
    if (const std::size_t unwritten = text.find('\0'); unwritten != std::string::npos) text.resize(unwritten);
    std::size_t start = 0;
    for (std::size_t line_number = 1; start < text.size(); ++line_number) {
      const std::size_t end = text.find('\n', start);
      const std::string where = files[f].filename().string() + ":" + std::to_string(line_number);
      if (end == std::string::npos) {
        // Cut short: only the very end can be, and what was cut was never announced.
        if (f + 1 == files.size()) break;
        throw StoreError("journal " + where + " is cut short, and a later journal file follows it");
      }
      try {
        auto [seq, write] = parse_journal_line(std::string_view(text).substr(start, end - start));
        if (last != 0 && seq != last + 1)
          throw StoreError("its number " + std::to_string(seq) + " does not follow " + std::to_string(last));
        last = seq;
        if (seq > applied) entries.push_back({seq, std::move(write), where});
      } catch (const StoreError& error) {
        throw StoreError("journal " + (dir / where).string() + ": " + error.what() +
                         "; the data directory was damaged or edited (see docs/operations.md, Backups)");
      }
      start = end + 1;
    }
  }
  if (!entries.empty() && entries.front().seq != applied + 1)
    throw StoreError("journal in " + dir.string() + " starts at write " + std::to_string(entries.front().seq) +
                     " but the database holds writes up to " + std::to_string(applied) +
                     " only: journal files are missing");
  return entries;
}

Journal::Journal(fs::path dir, std::uint64_t next_seq, bool sync_each_append, std::size_t segment_bytes)
    : dir_(std::move(dir)), sync_(sync_each_append), segment_bytes_(segment_bytes) {
  for (const auto& file : files_in(dir_)) {
    std::error_code error;
    fs::remove(file, error);
    if (error) throw StoreError("cannot remove the applied journal file " + file.string() + ": " + error.message());
  }
  open_segment(next_seq, segment_bytes_);
}

Journal::~Journal() {
  try {
    close_segment();
  } catch (const StoreError&) {
    // Left with its zero tail: the next start reads up to it.
  }
}

void Journal::open_segment(std::uint64_t first_seq, std::size_t capacity) {
  if (fd_ >= 0) {
    close_segment();
    std::lock_guard lock(finished_mutex_);
    finished_.emplace_back(current_, current_last_);
  }
  const fs::path path = dir_ / segment_name(first_seq);
  const int fd = ::open(path.c_str(), O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
  if (fd < 0) throw StoreError("cannot create the journal file " + path.string() + ": " + system_error_text(errno));
  capacity = (capacity + kWindowBytes - 1) / kWindowBytes * kWindowBytes;
  if (const int error = ::posix_fallocate(fd, 0, static_cast<off_t>(capacity)); error != 0) {
    ::close(fd);
    throw StoreError("cannot reserve " + std::to_string(capacity) + " bytes for the journal file " + path.string() +
                     ": " + system_error_text(error));
  }
  fd_ = fd;
  current_ = path;
  current_bytes_ = 0;
  current_capacity_ = capacity;
}

void Journal::close_segment() {
  if (fd_ < 0) return;
  unmap_window();
  const int fd = std::exchange(fd_, -1);
  const bool cut = ::ftruncate(fd, static_cast<off_t>(current_bytes_)) == 0;
  const int cut_error = errno;
  ::close(fd);
  if (!cut)
    throw StoreError("cannot cut the journal file " + current_.string() + " to its length: " +
                     system_error_text(cut_error));
}

void Journal::map_window(std::size_t offset) {
  unmap_window();
  window_offset_ = offset / kWindowBytes * kWindowBytes;
  void* window = ::mmap(nullptr, kWindowBytes, PROT_READ | PROT_WRITE, MAP_SHARED, fd_,
                        static_cast<off_t>(window_offset_));
  if (window == MAP_FAILED)
    throw StoreError("cannot map the journal file " + current_.string() + ": " + system_error_text(errno));
  window_ = static_cast<char*>(window);
}

void Journal::unmap_window() {
  if (window_ != nullptr) ::munmap(std::exchange(window_, nullptr), kWindowBytes);
}

void Journal::append(std::string_view lines, std::uint64_t first_seq, std::uint64_t last_seq) {
  if (current_bytes_ >= segment_bytes_ || current_bytes_ + lines.size() > current_capacity_)
    open_segment(first_seq, std::max(segment_bytes_, lines.size()));
  while (!lines.empty()) {
    if (window_ == nullptr || current_bytes_ >= window_offset_ + kWindowBytes) map_window(current_bytes_);
    const std::size_t at = current_bytes_ - window_offset_;
    const std::size_t count = std::min(lines.size(), kWindowBytes - at);
    std::memcpy(window_ + at, lines.data(), count);
    lines.remove_prefix(count);
    current_bytes_ += count;
  }
  // fdatasync writes back the pages dirtied through the mapping too.
  if (sync_ && ::fdatasync(fd_) != 0)
    throw StoreError("cannot sync the journal file " + current_.string() + ": " + system_error_text(errno));
  current_last_ = last_seq;
}

void Journal::forget_through(std::uint64_t applied) {
  // Removed after the lock: the store thread calls this, at the lowest CPU priority, and the
  // network thread takes the lock when it starts a segment.
  std::vector<fs::path> done;
  {
    std::lock_guard lock(finished_mutex_);
    while (!finished_.empty() && finished_.front().second <= applied) {
      done.push_back(std::move(finished_.front().first));
      finished_.pop_front();
    }
  }
  for (const fs::path& path : done) {
    std::error_code error;
    fs::remove(path, error);  // left behind, it is skipped at the next start
  }
}

}  // namespace skirmish::store
