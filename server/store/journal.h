#pragma once
// The move journal: where a store write is made durable before anyone is told of it.
//
// SQLite commits cost tens of microseconds each and want a thread of their own; a write()
// to the end of a file costs a few and can run where the move was played. So the server
// appends every write (store_write.h) to the journal first, one line each, numbered in the
// order made, and answers once the line is written; the store thread applies the lines to
// SQLite later in large transactions and records the last number applied
// (MatchStore::journal_applied) in the same transaction. On start, the lines after that
// number are applied before anything else (MatchStore's constructor does it): a move is in
// SQLite, or in the journal, or was never announced.
//
// Files: journal-<first number, 20 digits>.log in the data directory. A file is started
// once the current one passes `segment_bytes`, and deleted once SQLite holds all of it.
// With Sync::Full every append is also fdatasync'ed (it then survives power loss).
#include <cstddef>
#include <cstdint>
#include <deque>
#include <filesystem>
#include <mutex>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "server/store/store_write.h"

namespace skirmish::store {

struct JournalEntry {
  std::uint64_t seq = 0;
  StoreWrite write;
  std::string where;  // "<file>:<line>", for errors
};

class Journal {
 public:
  static constexpr std::size_t kSegmentBytes = 8 << 20;

  // The entries numbered after `applied` in every journal file of `dir`, in order. A last
  // line cut short (the server was killed while writing it, before it told anyone) is left
  // out. Throws StoreError naming the file and line for an unreadable line or a gap.
  static std::vector<JournalEntry> read_after(const std::filesystem::path& dir, std::uint64_t applied);

  // Deletes the journal files of `dir` (everything in them must be applied) and appends
  // from number `next_seq` on. Throws StoreError if the directory is not writable.
  Journal(std::filesystem::path dir, std::uint64_t next_seq, bool sync_each_append,
          std::size_t segment_bytes = kSegmentBytes);
  ~Journal();
  Journal(const Journal&) = delete;
  Journal& operator=(const Journal&) = delete;

  // Writes `lines` (whole lines numbered first_seq..last_seq, in order) in one write().
  // Not thread-safe: the caller orders appends. Throws StoreError if not all is written.
  void append(std::string_view lines, std::uint64_t first_seq, std::uint64_t last_seq);
  // Deletes the files whose every line is numbered `applied` or lower (thread-safe with append).
  void forget_through(std::uint64_t applied);

  static std::vector<std::filesystem::path> files_in(const std::filesystem::path& dir);

 private:
  void open_segment(std::uint64_t first_seq);

  std::filesystem::path dir_;
  bool sync_;
  std::size_t segment_bytes_;
  int fd_ = -1;
  std::filesystem::path current_;
  std::size_t current_bytes_ = 0;
  std::mutex finished_mutex_;
  std::deque<std::pair<std::filesystem::path, std::uint64_t>> finished_;  // file, last seq in it
  std::uint64_t current_last_ = 0;
};

}  // namespace skirmish::store
