#include "server/store/move_log.h"

#include <algorithm>
#include <string>

#include <sqlite3.h>

namespace skirmish::store {
namespace {

// Copies log rows into `moves`; each use adds which rows and in what order.
constexpr const char* kFileFromLog =
    "INSERT INTO moves (match_seq, turn, actors, move0, move1, ms0, ms1) "
    "SELECT match_seq, turn, actors, move0, move1, ms0, ms1 FROM recent_moves AS r ";

// Runs an insert of the seven columns of a move, in kFileFromLog's order.
void insert_move(Statement& insert, std::int64_t match_seq, std::int64_t turn, std::string_view actors,
                 const TurnRecord& record) {
  insert.reset();
  insert.bind(1, match_seq).bind(2, turn).bind(3, actors).bind(4, record.moves[0])
      .bind(5, record.moves[1]).bind(6, record.millis[0]).bind(7, record.millis[1]).run();
}

}  // namespace

MoveLog::MoveLog(SqliteDb& db, Policy policy)
    : policy_(policy),
      db_(db),
      insert_(db,
              "INSERT INTO recent_moves (match_seq, turn, actors, move0, move1, ms0, ms1) "
              "VALUES (?, ?, ?, ?, ?, ?, ?)",
              true),
      insert_filed_(db,
                    "INSERT INTO moves (match_seq, turn, actors, move0, move1, ms0, ms1) "
                    "VALUES (?, ?, ?, ?, ?, ?, ?)",
                    true),
      file_row_(db, std::string(kFileFromLog) + "WHERE rowid IN (SELECT value FROM json_each(?)) ORDER BY turn",
                true),
      cut_(db, "DELETE FROM recent_moves WHERE rowid < ?", true) {
  policy_.file_after_turns = std::max<std::size_t>(policy_.file_after_turns, 1);
  policy_.window_rows = std::max<std::int64_t>(policy_.window_rows, 1);
  // What a stopped server left unfiled (a filed move only once), then an empty log: no
  // row is unfiled that unfiled_ does not know of.
  db.exec(std::string(kFileFromLog) +
          "WHERE NOT EXISTS (SELECT 1 FROM moves AS m WHERE m.match_seq = r.match_seq AND m.turn = r.turn) "
          "ORDER BY match_seq, turn;"
          "DELETE FROM recent_moves;");
}

void MoveLog::append(std::int64_t match_seq, std::int64_t turn, std::string_view actors,
                     const TurnRecord& record) {
  insert_move(insert_, match_seq, turn, actors, record);
  const std::int64_t rowid = sqlite3_last_insert_rowid(db_.handle());
  auto& rows = unfiled_[match_seq];
  if (rows.empty()) oldest_unfiled_.emplace_back(rowid, match_seq);
  rows.push_back(rowid);
  if (rows.size() >= policy_.file_after_turns) file_match(match_seq);
  keep_window(rowid);
}

void MoveLog::file_directly(std::int64_t match_seq, std::int64_t turn, std::string_view actors,
                            const TurnRecord& record) {
  insert_move(insert_filed_, match_seq, turn, actors, record);
}

void MoveLog::file_match(std::int64_t match_seq) {
  const auto it = unfiled_.find(match_seq);
  if (it == unfiled_.end()) return;
  // One statement for the run: the row numbers as a JSON array.
  std::string rowids = "[";
  for (const std::int64_t rowid : it->second) {
    if (rowids.size() > 1) rowids += ',';
    rowids += std::to_string(rowid);
  }
  rowids += ']';
  file_row_.reset();
  file_row_.bind(1, rowids).run();
  unfiled_.erase(it);  // its entry in oldest_unfiled_ is now stale
}

void MoveLog::keep_window(std::int64_t newest_rowid) {
  const std::int64_t first_kept = newest_rowid - policy_.window_rows + 1;
  while (!oldest_unfiled_.empty() && oldest_unfiled_.front().first < first_kept) {
    const auto [rowid, match_seq] = oldest_unfiled_.front();
    oldest_unfiled_.pop_front();
    const auto it = unfiled_.find(match_seq);
    if (it != unfiled_.end() && it->second.front() == rowid) file_match(match_seq);
  }
  // Every row before first_kept is filed now. Deleted in batches of an eighth of the
  // window: one statement per few thousand moves, each freeing whole pages.
  if (first_kept - deleted_below_ >= std::max<std::int64_t>(policy_.window_rows / 8, 1)) {
    cut_.reset();
    cut_.bind(1, first_kept).run();
    deleted_below_ = first_kept;
  }
}

}  // namespace skirmish::store
