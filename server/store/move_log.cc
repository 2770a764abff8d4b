#include "server/store/move_log.h"

#include <algorithm>
#include <string>

#include <sqlite3.h>

namespace skirmish::store {
namespace {

// The columns of a move, in both tables; insert_move binds them in this order.
constexpr std::string_view kMoveColumns = "match_seq, turn, actors, move0, move1, ms0, ms1";

// An insert of `rows` moves at once.
std::string insert_sql(std::string_view table, std::size_t rows = 1) {
  std::string sql = "INSERT INTO " + std::string(table) + " (" + std::string(kMoveColumns) + ") VALUES ";
  for (std::size_t row = 0; row < rows; ++row) sql += row == 0 ? "(?, ?, ?, ?, ?, ?, ?)" : ", (?, ?, ?, ?, ?, ?, ?)";
  return sql;
}

// Binds one move's values as row `row` (0-based) of an insert_sql statement.
void bind_move(Statement& insert, std::size_t row, std::int64_t match_seq, std::int64_t turn,
               std::string_view actors, const TurnRecord& record) {
  const int at = static_cast<int>(row) * 7;
  insert.bind(at + 1, match_seq).bind(at + 2, turn).bind(at + 3, actors).bind(at + 4, record.moves[0])
      .bind(at + 5, record.moves[1]).bind(at + 6, record.millis[0]).bind(at + 7, record.millis[1]);
}

// Runs an insert_sql statement with one move's values.
void insert_move(Statement& insert, std::int64_t match_seq, std::int64_t turn, std::string_view actors,
                 const TurnRecord& record) {
  insert.reset();
  bind_move(insert, 0, match_seq, turn, actors, record);
  insert.run();
}

void step(Statement& statement) {
  statement.reset();
  statement.run();
}

// UnfiledMove::flags: each of these for seat 0, and shifted left by one for seat 1.
constexpr std::uint8_t kActed = 1 << 0;
constexpr std::uint8_t kHasMove = 1 << 2;
constexpr std::uint8_t kHasMillis = 1 << 4;

constexpr std::uint8_t of_seat(std::uint8_t flag, std::size_t seat) { return static_cast<std::uint8_t>(flag << seat); }

}  // namespace

MoveLog::UnfiledMove MoveLog::UnfiledMove::pack(std::int64_t rowid, std::int64_t turn, const TurnRecord& record) {
  UnfiledMove move;
  move.rowid = rowid;
  move.turn = turn;
  for (std::size_t seat = 0; seat < engine::kSeatCount; ++seat) {
    if (record.acted[seat]) move.flags |= of_seat(kActed, seat);
    if (record.moves[seat]) {
      move.flags |= of_seat(kHasMove, seat);
      move.moves += *record.moves[seat];
    }
    if (record.millis[seat]) {
      move.flags |= of_seat(kHasMillis, seat);
      move.millis[seat] = *record.millis[seat];
    }
    if (seat == 0) move.first_size = static_cast<std::uint32_t>(move.moves.size());
  }
  return move;
}

TurnRecord MoveLog::UnfiledMove::unpack() const {
  TurnRecord record;
  for (std::size_t seat = 0; seat < engine::kSeatCount; ++seat) {
    record.acted[seat] = (flags & of_seat(kActed, seat)) != 0;
    if (flags & of_seat(kHasMove, seat))
      record.moves[seat] = seat == 0 ? moves.substr(0, first_size) : moves.substr(first_size);
    if (flags & of_seat(kHasMillis, seat)) record.millis[seat] = millis[seat];
  }
  return record;
}

MoveLog::MoveLog(SqliteDb& db, Policy policy)
    : policy_(policy),
      db_(db),
      insert_(db, insert_sql("recent_moves"), true),
      insert_filed_(db, insert_sql("moves"), true),
      cut_(db, "DELETE FROM recent_moves WHERE rowid < ?", true),
      begin_run_(db, "SAVEPOINT file_run", true),
      end_run_(db, "RELEASE file_run", true),
      undo_run_(db, "ROLLBACK TO file_run", true) {
  policy_.file_after_turns = std::max<std::size_t>(policy_.file_after_turns, 1);
  policy_.window_rows = std::max<std::int64_t>(policy_.window_rows, 1);
  // What a stopped server left unfiled (a filed move only once), then an empty log: no
  // row is unfiled that unfiled_ does not know of.
  const std::string columns(kMoveColumns);
  db.exec("INSERT INTO moves (" + columns + ") SELECT " + columns + " FROM recent_moves AS r "
          "WHERE NOT EXISTS (SELECT 1 FROM moves AS m WHERE m.match_seq = r.match_seq AND m.turn = r.turn) "
          "ORDER BY match_seq, turn;"
          "DELETE FROM recent_moves;");
}

void MoveLog::append(std::int64_t match_seq, std::int64_t turn, std::string_view actors,
                     const TurnRecord& record) {
  insert_move(insert_, match_seq, turn, actors, record);
  const std::int64_t rowid = sqlite3_last_insert_rowid(db_.handle());
  auto& moves = unfiled_[match_seq];
  if (moves.empty()) oldest_unfiled_.emplace_back(rowid, match_seq);
  moves.push_back(UnfiledMove::pack(rowid, turn, record));
  if (moves.size() >= policy_.file_after_turns) file_match(match_seq);
  keep_window(rowid);
}

Statement& MoveLog::insert_filed(std::size_t rows) {
  if (rows == 1) return insert_filed_;
  std::unique_ptr<Statement>& prepared = insert_filed_rows_[rows - 2];
  if (!prepared) prepared = std::make_unique<Statement>(db_, insert_sql("moves", rows), true);
  return *prepared;
}

void MoveLog::file_directly(std::int64_t match_seq, std::span<const DirectTurn> turns) {
  while (!turns.empty()) {
    const std::size_t rows = std::min(turns.size(), kRowsPerInsert);
    Statement& insert = insert_filed(rows);
    insert.reset();
    for (std::size_t row = 0; row < rows; ++row)
      bind_move(insert, row, match_seq, turns[row].turn, actors_of(*turns[row].record), *turns[row].record);
    insert.run();
    turns = turns.subspan(rows);
  }
}

void MoveLog::file_match(std::int64_t match_seq) {
  const auto it = unfiled_.find(match_seq);
  if (it == unfiled_.end()) return;
  const std::vector<UnfiledMove>& moves = it->second;
  const bool run = moves.size() > 1;  // one insert is whole or not by itself
  if (run) step(begin_run_);
  try {
    for (const UnfiledMove& move : moves) {
      const TurnRecord record = move.unpack();
      insert_move(insert_filed_, match_seq, move.turn, actors_of(record), record);
    }
  } catch (const StoreError&) {
    // Undone, unless SQLite rolled back the whole transaction already (MatchStore::write
    // then writes nothing more).
    if (run && sqlite3_get_autocommit(db_.handle()) == 0) {
      step(undo_run_);
      step(end_run_);
    }
    throw;
  }
  if (run) step(end_run_);
  unfiled_.erase(it);  // its entry in oldest_unfiled_ is now stale
}

void MoveLog::keep_window(std::int64_t newest_rowid) {
  const std::int64_t first_kept = newest_rowid - policy_.window_rows + 1;
  while (!oldest_unfiled_.empty() && oldest_unfiled_.front().first < first_kept) {
    const auto [rowid, match_seq] = oldest_unfiled_.front();
    oldest_unfiled_.pop_front();
    const auto it = unfiled_.find(match_seq);
    if (it != unfiled_.end() && it->second.front().rowid == rowid) file_match(match_seq);
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
