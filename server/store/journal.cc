#include "server/store/journal.h"

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <fstream>
#include <system_error>

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
  open_segment(next_seq);
}

Journal::~Journal() {
  if (fd_ >= 0) ::close(fd_);
}

void Journal::open_segment(std::uint64_t first_seq) {
  const fs::path path = dir_ / segment_name(first_seq);
  const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0600);
  if (fd < 0) throw StoreError("cannot create the journal file " + path.string() + ": " + system_error_text(errno));
  if (fd_ >= 0) {
    ::close(fd_);
    std::lock_guard lock(finished_mutex_);
    finished_.emplace_back(current_, current_last_);
  }
  fd_ = fd;
  current_ = path;
  current_bytes_ = 0;
}

void Journal::append(std::string_view lines, std::uint64_t first_seq, std::uint64_t last_seq) {
  if (current_bytes_ >= segment_bytes_) open_segment(first_seq);
  while (!lines.empty()) {
    const ssize_t written = ::write(fd_, lines.data(), lines.size());
    if (written < 0 && errno == EINTR) continue;
    if (written <= 0)
      throw StoreError("cannot write to the journal file " + current_.string() + ": " +
                       (written < 0 ? system_error_text(errno) : "nothing written"));
    lines.remove_prefix(static_cast<std::size_t>(written));
    current_bytes_ += static_cast<std::size_t>(written);
  }
  if (sync_ && ::fdatasync(fd_) != 0)
    throw StoreError("cannot sync the journal file " + current_.string() + ": " + system_error_text(errno));
  current_last_ = last_seq;
}

void Journal::forget_through(std::uint64_t applied) {
  std::lock_guard lock(finished_mutex_);
  while (!finished_.empty() && finished_.front().second <= applied) {
    std::error_code error;
    fs::remove(finished_.front().first, error);  // left behind, it is skipped at the next start
    finished_.pop_front();
  }
}

}  // namespace skirmish::store
