#pragma once
// Where the store writes a move first, and how it gets to its place.
//
// A match's moves belong in `moves`, keyed by (match, turn): one match's history is one
// range of that table. Written there one at a time, though, every match moving at once has
// its insertion point on a page of its own (its earlier moves lie between it and the next
// match), and each group commit copies all those 4 KiB pages into the write-ahead log:
// about one page per move. In long games (Tactego, DCMS) that was most of the store's
// cost: a commit of 32 Tactego moves took 136 µs, against 28 µs when every insert
// went to the end of one table.
//
// So a move is appended to `recent_moves`, in the order stored (its newest page takes the
// moves of every match), and later filed into `moves` as a run of one match's turns, a
// page or two per run:
//  - once a match has `file_after_turns` unfiled turns, and when it finishes;
//  - when its oldest unfiled move is about to leave the log's window (the newest
//    `window_rows` rows), after which the rows before the window are deleted: the log stays
//    small enough for a reader to scan.
// Filing inserts the run from a copy kept in memory, not from the log: a match's rows lie
// far apart in it (every other match moved in between), so reading them back cost a page
// read each, and that filing was a third of the store thread's work with 1,000 thinking
// 1D Chess games. The copies are the unfiled moves, all within the window (2–3 MB at most).
// The store thread's whole matches and runs of turns (batch_plan.h) skip the log: their
// moves go straight into `moves` (file_directly), a run after its match's logged moves.
// A move is in `moves`, in `recent_moves`, or (filed, not yet deleted) in both with the
// same values: the view `all_moves` gives each once. Every call runs in the writer's
// transaction (MatchStore::write); a crash between filing and deleting leaves duplicates
// that the next start files away (the constructor).
#include <array>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include "server/store/match_record.h"
#include "server/store/sqlite_db.h"

namespace skirmish::store {

class MoveLog {
 public:
  struct Policy {
    // Also bounds the copies kept for filing (UnfiledMove): at most 16 per running match,
    // about 1.4 MB for 1,000 long games that think (0.7 KiB per connection).
    std::size_t file_after_turns = 16;
    // About 1–2 MB of rows: a history read scans it in a few milliseconds.
    std::int64_t window_rows = 32768;
  };

  // On the writer's connection, once the schema is in place, in a transaction, before
  // any other write: files every move a stopped server left unfiled and empties the log.
  MoveLog(SqliteDb& db, Policy policy);

  // Appends turn `turn` of match `match_seq`; may file runs and delete old rows.
  void append(std::int64_t match_seq, std::int64_t turn, std::string_view actors,
              const TurnRecord& record);
  // Files the match's unfiled moves (it has ended: nothing more will be appended).
  void file_match(std::int64_t match_seq);
  // A turn written straight into `moves` (file_directly).
  struct DirectTurn {
    std::int64_t turn = 0;
    const TurnRecord* record = nullptr;
  };
  // Writes a match's turns straight into `moves`: for a match stored whole, or a run of its
  // turns (batch_plan.h), the newest, whose rows go at the table's end. Up to
  // kRowsPerInsert rows per statement: with one per row, the statements' set-up and halt
  // were a large share of the store thread's time with 1D Chess games (sqlite3VdbeHalt
  // alone 12%).
  void file_directly(std::int64_t match_seq, std::span<const DirectTurn> turns);
  static constexpr std::size_t kRowsPerInsert = 8;

 private:
  // Files the runs of the matches whose oldest unfiled row is no longer among the newest
  // `window_rows` rows (up to `newest_rowid`), then deletes the rows before the window once
  // there are enough of them.
  void keep_window(std::int64_t newest_rowid);
  // The insert of `rows` (1..kRowsPerInsert) moves into `moves`.
  Statement& insert_filed(std::size_t rows);

  Policy policy_;
  SqliteDb& db_;
  // A logged move not yet in `moves`: its row, and what filing writes, packed (72 bytes
  // against 168 with a TurnRecord): thousands are held at once.
  struct UnfiledMove {
    std::int64_t rowid = 0;
    std::int64_t turn = 0;
    std::array<std::int64_t, engine::kSeatCount> millis{};
    std::string moves;             // seat 0's move text, then seat 1's
    std::uint32_t first_size = 0;  // the length of seat 0's
    std::uint8_t flags = 0;        // which of acted, moves and millis are there (move_log.cc)

    static UnfiledMove pack(std::int64_t rowid, std::int64_t turn, const TurnRecord& record);
    TurnRecord unpack() const;
  };

  Statement insert_;
  Statement insert_filed_;
  // Inserts of 2..kRowsPerInsert moves into `moves` (file_directly), prepared when first used.
  std::array<std::unique_ptr<Statement>, kRowsPerInsert - 1> insert_filed_rows_;
  Statement cut_;
  // A run is filed whole or not at all (savepoint): then a failed insert can be retried.
  Statement begin_run_;
  Statement end_run_;
  Statement undo_run_;
  // Each match's unfiled moves, oldest first, by match seq.
  std::unordered_map<std::int64_t, std::vector<UnfiledMove>> unfiled_;
  // (oldest unfiled row, match seq) in log order; an entry is stale once that row is filed.
  std::deque<std::pair<std::int64_t, std::int64_t>> oldest_unfiled_;
  std::int64_t deleted_below_ = 0;  // rows before this one are deleted (none at start)
};

}  // namespace skirmish::store
