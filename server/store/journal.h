#pragma once
// The move journal: where a store write is made durable before anyone is told of it.
//
// SQLite commits cost tens of microseconds each and want a thread of their own; an append
// to the end of a file costs far less and can run where the move was played. So the server
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
//
// Appends are copied into the file through a small shared mapping, not written with
// write(): each write() to the file cost a few microseconds in the filesystem (block
// reservation, the file's times), about 4% of the network thread's time with 1,000
// thinking 1D Chess games, one append per move. A mapped page costs that once per 4 KiB.
// The file's space is reserved when it is started (a full disk is an error then, never a
// SIGBUS later), and a file is cut to its length when the next one starts. A server killed
// while a file was current leaves zeros after its last line: reading stops at the first
// zero byte (a line never holds one), so a copy the kill cut short is left out as before.
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

  // Appends `lines` (whole lines numbered first_seq..last_seq, in order). Not thread-safe:
  // the caller orders appends. Throws StoreError if not all is written.
  void append(std::string_view lines, std::uint64_t first_seq, std::uint64_t last_seq);
  // Deletes the files whose every line is numbered `applied` or lower (thread-safe with append).
  void forget_through(std::uint64_t applied);

  static std::vector<std::filesystem::path> files_in(const std::filesystem::path& dir);

  // How much of the current file is mapped at a time: what the journal adds to RSS.
  static constexpr std::size_t kWindowBytes = 64 << 10;

 private:
  // Starts a file whose space holds `capacity` bytes (after ending the current one).
  void open_segment(std::uint64_t first_seq, std::size_t capacity);
  // Cuts the current file to its length and closes it.
  void close_segment();
  // Maps the window of the current file that holds byte `offset`.
  void map_window(std::size_t offset);
  void unmap_window();

  std::filesystem::path dir_;
  bool sync_;
  std::size_t segment_bytes_;
  int fd_ = -1;
  std::filesystem::path current_;
  std::size_t current_bytes_ = 0;     // written to the current file
  std::size_t current_capacity_ = 0;  // its reserved size
  char* window_ = nullptr;            // mapped bytes window_offset_.. of the current file
  std::size_t window_offset_ = 0;
  std::mutex finished_mutex_;
  std::deque<std::pair<std::filesystem::path, std::uint64_t>> finished_;  // file, last seq in it
  std::uint64_t current_last_ = 0;
};

}  // namespace skirmish::store
