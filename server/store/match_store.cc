#include "server/store/match_store.h"


#include <algorithm>
#include <bit>
#include <unordered_set>
#include <variant>

#include <nlohmann/json.hpp>
#include <sqlite3.h>

#include "server/store/batch_plan.h"
#include "server/store/options_json.h"
#include "server/store/quick_check.h"
#include "server/store/schema.h"
#include "server/store/store_write.h"
#include "server/store/token_hash.h"

namespace skirmish::store {

namespace {

// The turns of a match stored whole, or of a run, as the move log writes them.
std::vector<MoveLog::DirectTurn> direct_turns(const std::vector<const TurnPlayed*>& turns) {
  std::vector<MoveLog::DirectTurn> direct;
  direct.reserve(turns.size());
  for (const TurnPlayed* turn : turns) direct.push_back({static_cast<std::int64_t>(turn->turn_index), &turn->turn});
  return direct;
}

engine::Options options_from_json(const std::string& path, const std::string& id,
                                  const std::string& text) {
  try {
    return read_options_json(nlohmann::json::parse(text));
  } catch (const std::exception& error) {  // StoreError, or nlohmann's parse error
    throw StoreError("database " + path + ": match " + id + " has unreadable options " + text + ": " +
                     error.what());
  }
}

std::int64_t seat_index(engine::Seat seat) {
  if (!engine::is_seat(seat))
    throw StoreError("seat " + std::to_string(seat) + " is not 0 or 1");
  return seat;
}

}  // namespace

MatchStore::MatchStore(const std::filesystem::path& data_dir, Sync sync,
                       WalCheckpointer::Policy log_policy, MoveLog::Policy moves_policy)
    : data_dir_(data_dir), sync_(sync), lock_(data_dir), db_((data_dir / kFileName).string()) {
  // The first read of the file: a file that is not SQLite fails here, naming the path.
  {
    Statement wal(db_, "PRAGMA journal_mode = WAL");
    if (!wal.step() || wal.text(0) != "wal")
      throw StoreError("database " + path() + ": cannot switch to WAL mode (got " +
                       wal.text(0) + ")");
  }
  db_.exec(sync == Sync::Full ? "PRAGMA synchronous = FULL" : "PRAGMA synchronous = NORMAL");
  fit_cache_to_live_matches();
  require_intact(db_);
  found_schema_version_ = prepare_schema(db_);
  // Off, though the schema declares them: every write is checked against this store's own
  // record of its match (live_, batch_plan.h) before it reaches SQLite, and SQLite's
  // checks only repeated that, at 10-16% of a write's cost (store_bench). Set after the
  // schema is ready, as a migration turns them on again.
  db_.exec("PRAGMA foreign_keys = OFF");
  // Prove now that we can write (directory permissions, WAL and lock files), not mid-game;
  // and file what a stopped server left in the log, so that every move is in `moves` now.
  Transaction probe(db_);
  db_.exec("UPDATE schema_version SET version = version");
  move_log_.emplace(db_, moves_policy);
  probe.commit();
  load_live_matches();
  apply_journal(data_dir);
  open_reader();
  // Checkpoints run on their own thread (WalCheckpointer), never inside a game's commit.
  db_.exec("PRAGMA wal_autocheckpoint = 0");
  // When the log starts over, cut its file back to what WalCheckpointer lets it reach
  // (restart_above_pages): without this it keeps the size of its longest run, e.g. a whole
  // database copied by a schema migration.
  {
    Statement page_size(db_, "PRAGMA page_size");
    page_size.step();
    db_.exec("PRAGMA journal_size_limit = " +
             std::to_string(std::int64_t{log_policy.restart_above_pages} * page_size.integer(0)));
  }
  checkpointer_.emplace(path(), sync == Sync::Full, log_policy, [this] { restart_log(); });
  // After every commit of this connection: how long the log is now.
  sqlite3_wal_hook(
      db_.handle(),
      [](void* checkpointer, sqlite3*, const char*, int pages) {
        static_cast<WalCheckpointer*>(checkpointer)->log_grew(pages);
        return SQLITE_OK;
      },
      &*checkpointer_);
}

MatchStore::~MatchStore() {
  try {
    commit_pending();  // what was stored but not yet announced is kept, as after a crash
  } catch (const StoreError&) {
  }
  sqlite3_wal_hook(db_.handle(), nullptr, nullptr);  // the checkpointer stops first
}

void MatchStore::apply_journal(const std::filesystem::path& data_dir) {
  std::uint64_t held_from = 0;
  {
    Statement select(db_, "SELECT seq, held_from FROM journal_applied");
    if (!select.step()) throw StoreError("database " + path() + " has an empty journal_applied table");
    journal_applied_ = static_cast<std::uint64_t>(select.integer(0));
    held_from = static_cast<std::uint64_t>(select.integer(1));
  }
  const std::uint64_t applied = journal_applied_;
  const bool held = held_from != 0 && held_from <= applied;
  const auto entries = Journal::read_after(data_dir, held ? held_from - 1 : applied);
  if (held && Journal::files_in(data_dir).empty()) {
    // A backup restored without its journal (docs/operations.md): the games it held back
    // were only in the journal, and the restore rewinds to before them.
    lost_held_from_ = held_from;
    Transaction transaction(db_);
    set_journal_applied(applied, 0);
    transaction.commit();
    return;
  }
  if (held && (entries.empty() || entries.front().seq != held_from))
    throw StoreError("the journal in " + data_dir.string() + " has lost the writes from number " +
                     std::to_string(held_from) + " on, which " + path() +
                     " does not hold: restore the data directory from a backup (see docs/operations.md)");
  if (entries.empty()) return;
  // Up to `applied`, the file holds every write but those of the matches held back: the
  // ones created there that it does not have.
  std::unordered_set<std::string> held_matches;
  for (const JournalEntry& entry : entries) {
    if (entry.seq > applied) break;
    const auto* created = std::get_if<MatchCreated>(&entry.write);
    if (created && !has_match(created->match)) held_matches.insert(created->match);
  }
  Transaction transaction(db_);
  for (const JournalEntry& entry : entries) {
    if (entry.seq <= applied && !held_matches.contains(match_of(entry.write))) continue;
    try {
      apply(entry.write, *this);
    } catch (const StoreError& error) {
      throw StoreError("cannot apply journal " + (data_dir / entry.where).string() + " (" +
                       describe(entry.write) + "): " + error.what());
    }
  }
  set_journal_applied(std::max(applied, entries.back().seq), 0);
  transaction.commit();
}

bool MatchStore::has_match(const std::string& id) {
  Statement& select = cached("SELECT 1 FROM matches WHERE id = ?");
  select.bind(1, id);
  const bool found = select.step();
  select.reset();
  return found;
}

void MatchStore::set_journal_applied(std::uint64_t seq, std::uint64_t held_from) {
  Statement& update = cached("UPDATE journal_applied SET seq = ?, held_from = ?");
  update.bind(1, static_cast<std::int64_t>(seq)).bind(2, static_cast<std::int64_t>(held_from));
  update.step();
  journal_applied_ = seq;
}

void MatchStore::open_reader() {
  // Once the tables exist (and any migration is committed): the reader never sees a
  // half-made schema. query_only: it can never write, so it never waits for the writer.
  reader_.emplace(path());
  reader_->exec("PRAGMA query_only = ON");
  // Every 1,000 virtual machine steps (microseconds): a nonzero answer ends the statement
  // with SQLITE_INTERRUPT. Unlike sqlite3_interrupt, it cannot miss a statement that
  // starts just after cancel_reads().
  sqlite3_progress_handler(
      reader_->handle(), 1000,
      [](void* cancelled) { return static_cast<std::atomic<bool>*>(cancelled)->load() ? 1 : 0; },
      &reads_cancelled_);
}

void MatchStore::defer_commits() {
  std::lock_guard lock(mutex_);
  defer_ = true;
}

template <typename Body>
void MatchStore::write(Body&& body) {
  std::lock_guard lock(mutex_);
  if (broken_) throw StoreError("database " + path() + ": " + broken_.load());
  if (defer_ && !in_transaction_) {
    db_.exec("BEGIN IMMEDIATE");
    in_transaction_ = true;
  }
  try {
    body();
  } catch (const StoreError&) {
    // One failed statement is undone by SQLite alone; an I/O error or a full disk may roll
    // back the whole open transaction, the other matches' writes with it.
    if (in_transaction_ && sqlite3_get_autocommit(db_.handle()) != 0) {
      in_transaction_ = false;
      no_transaction_.notify_all();
      broken_ = "a failed write rolled back the uncommitted writes of other matches";
    }
    throw;
  }
}

void MatchStore::mark_journal_applied(std::uint64_t seq, std::uint64_t held_from) {
  write([&] { set_journal_applied(seq, held_from); });
}

void MatchStore::rollback_pending() {
  std::lock_guard lock(mutex_);
  if (!in_transaction_) return;
  in_transaction_ = false;
  no_transaction_.notify_all();
  if (sqlite3_get_autocommit(db_.handle()) == 0)
    sqlite3_exec(db_.handle(), "ROLLBACK", nullptr, nullptr, nullptr);
}

void MatchStore::commit_pending() {
  std::lock_guard lock(mutex_);
  commit_locked();
}

void MatchStore::commit_locked() {
  if (broken_) throw StoreError("database " + path() + ": " + broken_.load());
  if (in_transaction_) {
    in_transaction_ = false;
    no_transaction_.notify_all();
    try {
      db_.exec("COMMIT");
    } catch (const StoreError& error) {
      if (sqlite3_get_autocommit(db_.handle()) == 0)
        sqlite3_exec(db_.handle(), "ROLLBACK", nullptr, nullptr, nullptr);
      broken_ = "a commit failed, its writes are lost";
      throw;
    }
  }
  fit_cache_to_live_matches();
}

void MatchStore::fit_cache_to_live_matches() {
  const std::size_t wanted_kib =
      std::clamp<std::size_t>(std::bit_floor(live_.size() * kCacheKibPerLiveMatch), kMinCacheKib, kMaxCacheKib);
  if (wanted_kib == cache_kib_) return;
  db_.exec("PRAGMA cache_size = -" + std::to_string(wanted_kib));
  cache_kib_ = wanted_kib;
}

void MatchStore::restart_log() {
  std::unique_lock lock(mutex_);
  // A group commit takes a fraction of a millisecond; a store that stopped committing is
  // left alone (the log waits for the next round).
  if (!no_transaction_.wait_for(lock, std::chrono::seconds(1), [this] { return !in_transaction_; }))
    return;
  if (broken_) return;
  // On this connection, which holds no transaction now. Only a reader could be in the way
  // (a history query on reader_, a backup from outside): rather than hold every move back
  // waiting for it, give up at once (busy timeout 0) and start the log over next time.
  sqlite3_busy_timeout(db_.handle(), 0);
  sqlite3_wal_checkpoint_v2(db_.handle(), nullptr, SQLITE_CHECKPOINT_RESTART, nullptr, nullptr);
  sqlite3_busy_timeout(db_.handle(), SqliteDb::kBusyTimeoutMs);
}

Statement& MatchStore::cached(const char* sql) {
  auto& slot = statements_[sql];
  if (!slot) slot = std::make_unique<Statement>(db_, sql, true);
  slot->reset();
  return *slot;
}

void MatchStore::load_live_matches() {
  Statement select(db_,
                   "SELECT id, seq, status, "
                   "coalesce((SELECT max(turn) + 1 FROM moves WHERE match_seq = seq), 0) "
                   "FROM matches WHERE status IN ('open', 'running')");
  while (select.step())
    live_[select.text(0)] = {select.integer(1),
                             select.text(2) == "running" ? MatchState::Running : MatchState::Open,
                             static_cast<std::size_t>(select.integer(3))};
}

MatchStore::LiveMatch& MatchStore::live(const std::string& id, std::string_view what,
                                        std::span<const MatchState> states) {
  auto it = live_.find(id);
  if (it == live_.end() || std::find(states.begin(), states.end(), it->second.state) == states.end()) {
    std::string expected;
    for (const MatchState state : states)
      expected += (expected.empty() ? "" : " or ") + std::string(to_string(state));
    throw StoreError("database " + path() + ": " + std::string(what) + ": match " + id + " is not " +
                     expected);
  }
  return it->second;
}

void MatchStore::require_changed(const std::string& id, std::string_view what) {
  if (sqlite3_changes(db_.handle()) == 0)
    throw StoreError("database " + path() + ": " + std::string(what) + ": no match " + id +
                     " in the expected state");
}

void MatchStore::create_match(const std::string& id, const std::string& game,
                              const OptionsText& resolved, const OptionsText& settings,
                              std::int64_t created_ms) {
  write([&] {
    Statement& insert = cached(
                     "INSERT INTO matches (id, game, options, settings, status, created_ms) "
                     "VALUES (?, ?, ?, ?, 'open', ?)");
    insert.bind(1, id).bind(2, game).bind(3, resolved.json)
        .bind(4, settings.json).bind(5, created_ms).run();
    live_[id] = {sqlite3_last_insert_rowid(db_.handle()), MatchState::Open, 0};
  });
}

void MatchStore::record_join(const std::string& id, engine::Seat seat, const std::string& name,
                             std::string_view token, std::int64_t joined_ms) {
  record_join_hashed(id, seat, name, hash_token(token), joined_ms);
}

void MatchStore::record_join_hashed(const std::string& id, engine::Seat seat, const std::string& name,
                                    const std::string& token_hash, std::int64_t joined_ms) {
  write([&] {
    const LiveMatch& match = live(id, "join", kSeatStates);
    put_seat(match.seq, seat, name, token_hash, joined_ms);
  });
}

void MatchStore::put_seat(std::int64_t match_seq, engine::Seat seat, const std::string& name,
                          const std::string& token_hash, std::int64_t joined_ms) {
  Statement& insert = cached(
      "INSERT OR REPLACE INTO seats (match_seq, seat, name, token_hash, joined_ms) VALUES (?, ?, ?, ?, ?)");
  insert.bind(1, match_seq).bind(2, seat_index(seat)).bind(3, name).bind(4, token_hash).bind(5, joined_ms).run();
}

void MatchStore::record_leave(const std::string& id, engine::Seat seat) {
  write([&] {
    const LiveMatch& match = live(id, "leave", kSeatStates);
    Statement& remove = cached("DELETE FROM seats WHERE match_seq = ? AND seat = ?");
    remove.bind(1, match.seq).bind(2, seat_index(seat)).run();
  });
}

void MatchStore::start_match(const std::string& id, std::int64_t started_ms) {
  write([&] {
    LiveMatch& match = live(id, "start", kStartStates);
    Statement& update = cached(
                     "UPDATE matches SET status = 'running', started_ms = ? "
                     "WHERE seq = ? AND status = 'open'");
    update.bind(1, started_ms).bind(2, match.seq).run();
    require_changed(id, "start");
    match.state = MatchState::Running;
  });
}

std::string_view MatchStore::checked_actors(const std::string& id, std::size_t turn_index,
                                            const TurnRecord& turn) {
  const std::string_view actors = actors_of(turn);
  if (actors.empty())
    throw StoreError("match " + id + " turn " + std::to_string(turn_index) + ": no seat acted");
  return actors;
}

MatchStore::LiveMatch& MatchStore::next_turn_of(const std::string& id, std::size_t turn_index) {
  // Only the next turn of a running match: a lost or repeated move never goes unnoticed.
  LiveMatch& match = live(id, "store a turn", kTurnStates);
  if (match.turns != turn_index)
    throw StoreError("database " + path() + ": match " + id + ": cannot store turn " +
                     std::to_string(turn_index) + ", the next turn is " + std::to_string(match.turns));
  return match;
}

void MatchStore::append_turn(const std::string& id, std::size_t turn_index,
                             const TurnRecord& turn) {
  const std::string_view actors = checked_actors(id, turn_index, turn);
  write([&] {
    LiveMatch& match = next_turn_of(id, turn_index);
    move_log_->append(match.seq, static_cast<std::int64_t>(turn_index), actors, turn);
    ++match.turns;
  });
}

void MatchStore::append_turn_run(const TurnRun& run) {
  if (run.turns.empty()) return;
  const std::string& id = run.turns.front()->match;
  for (const TurnPlayed* turn : run.turns) checked_actors(id, turn->turn_index, turn->turn);
  write([&] {
    LiveMatch& match = next_turn_of(id, run.turns.front()->turn_index);
    move_log_->file_match(match.seq);  // the filed turns stay the match's first ones
    for (std::size_t i = 0; i < run.turns.size(); ++i)
      if (run.turns[i]->match != id || run.turns[i]->turn_index != match.turns + i)
        throw StoreError("database " + path() + ": match " + id + ": a run of turns out of order");
    move_log_->file_directly(match.seq, direct_turns(run.turns));
    match.turns += run.turns.size();
  });
}

void MatchStore::finish_match(const std::string& id, const engine::Outcome& result,
                              std::int64_t finished_ms) {
  write([&] {
    const LiveMatch& match = live(id, "finish", kFinishStates);
    Statement& update = cached(
                     "UPDATE matches SET status = 'finished', finished_ms = ?, winner = ?, reason = ? "
                     "WHERE seq = ? AND status IN ('open', 'running')");
    update.bind(1, finished_ms).bind(2, std::int64_t{result.winner})
        .bind(3, engine::to_string(result.reason)).bind(4, match.seq).run();
    require_changed(id, "finish");
    move_log_->file_match(match.seq);
    live_.erase(id);
  });
}

void MatchStore::cancel_match(const std::string& id, std::int64_t finished_ms) {
  write([&] {
    const LiveMatch& match = live(id, "cancel", kCancelStates);
    Statement& update = cached(
                     "UPDATE matches SET status = 'cancelled', finished_ms = ? "
                     "WHERE seq = ? AND status = 'open'");
    update.bind(1, finished_ms).bind(2, match.seq).run();
    require_changed(id, "cancel");
    live_.erase(id);
  });
}

void MatchStore::store_whole_match(const WholeMatch& match) {
  if (!match.created || (!match.finished && !match.cancelled))
    throw StoreError("database " + path() + ": a match stored whole needs its creation and its end");
  const MatchCreated& created = *match.created;
  std::optional<std::int64_t> started_ms;
  if (match.started) started_ms = match.started->at_ms;
  std::optional<std::int64_t> winner;
  std::optional<std::string> reason;
  if (match.finished) {
    winner = match.finished->result.winner;
    reason = std::string(engine::to_string(match.finished->result.reason));
  }
  const std::int64_t finished_ms = match.finished ? match.finished->at_ms : match.cancelled->at_ms;
  write([&] {
    Statement& insert = cached(
        "INSERT INTO matches (id, game, options, settings, status, created_ms, started_ms, "
        "finished_ms, winner, reason) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
    insert.bind(1, created.match).bind(2, created.game).bind(3, created.options.json)
        .bind(4, created.settings.json).bind(5, to_string(match.finished ? MatchState::Finished : MatchState::Cancelled))
        .bind(6, created.at_ms).bind(7, started_ms).bind(8, finished_ms).bind(9, winner).bind(10, reason)
        .run();
    const std::int64_t seq = sqlite3_last_insert_rowid(db_.handle());
    for (const SeatTaken* seat : match.seats)
      if (seat) put_seat(seq, seat->seat, seat->name, seat->token_hash, seat->at_ms);
    move_log_->file_directly(seq, direct_turns(match.turns));
  });
}

std::vector<MatchRecord> MatchStore::query_matches(SqliteDb& db, const std::string& where,
                                                   std::optional<std::string_view> bound, const std::string& order,
                                                   std::size_t limit, bool with_turns) {
  std::vector<MatchRecord> records;
  std::vector<std::int64_t> live_seqs;  // by record, 0 for an ended match
  {
    Statement select(db,
                     "SELECT id, game, options, status, created_ms, started_ms, finished_ms, "
                     "winner, reason, (SELECT count(*) FROM moves WHERE match_seq = matches.seq), "
                     "settings, seq "
                     "FROM matches " + where + " ORDER BY " + order + " LIMIT ?");
    int next = 1;
    if (bound) select.bind(next++, *bound);
    select.bind(next, static_cast<std::int64_t>(limit));
    while (select.step()) {
      MatchRecord record;
      record.id = select.text(0);
      record.game = select.text(1);
      record.options = options_from_json(path(), record.id, select.text(2));
      const auto state = match_state_from_string(select.text(3));
      if (!state)
        throw StoreError("database " + path() + ": match " + record.id + " has unknown status " +
                         select.text(3));
      record.state = *state;
      record.created_ms = select.integer(4);
      record.started_ms = select.optional_integer(5);
      record.finished_ms = select.optional_integer(6);
      if (record.state == MatchState::Finished) {
        const auto reason = engine::end_reason_from_string(select.text(8));
        if (!reason)
          throw StoreError("database " + path() + ": match " + record.id +
                           " has unknown end reason " + select.text(8));
        const auto winner = static_cast<int>(select.integer(7));
        record.result = winner < 0 ? engine::Outcome::draw(*reason)
                                   : engine::Outcome::win(winner, *reason);
      }
      record.turn_count = static_cast<std::size_t>(select.integer(9));
      record.settings = options_from_json(path(), record.id, select.text(10));
      const bool ended = record.state == MatchState::Finished || record.state == MatchState::Cancelled;
      live_seqs.push_back(ended ? 0 : select.integer(11));
      records.push_back(std::move(record));
    }
  }
  count_unfiled_turns(db, records, live_seqs);
  for (auto& record : records) load_details(db, record, with_turns);
  return records;
}

// An ended match has every move filed (finish_match); a live one may have its newest in
// recent_moves. One scan of that small table counts them for every listed match (a scan per
// match would cost a listing of a thousand running matches seconds).
void MatchStore::count_unfiled_turns(SqliteDb& db, std::vector<MatchRecord>& records,
                                     const std::vector<std::int64_t>& live_seqs) {
  if (std::all_of(live_seqs.begin(), live_seqs.end(), [](std::int64_t seq) { return seq == 0; }))
    return;
  std::unordered_map<std::int64_t, std::size_t> logged_turns;  // by match seq
  Statement logged(db, "SELECT match_seq, max(turn) + 1 FROM recent_moves GROUP BY match_seq");
  while (logged.step())
    logged_turns[logged.integer(0)] = static_cast<std::size_t>(logged.integer(1));
  for (std::size_t i = 0; i < records.size(); ++i) {
    const auto it = logged_turns.find(live_seqs[i]);
    // Turns are numbered from 0 without gaps, and filed in order: the highest tells the count.
    if (it != logged_turns.end()) records[i].turn_count = std::max(records[i].turn_count, it->second);
  }
}

void MatchStore::load_details(SqliteDb& db, MatchRecord& record, bool with_turns) {
  Statement seats(db,
                  "SELECT seat, name, token_hash, joined_ms FROM seats "
                  "WHERE match_seq = (SELECT seq FROM matches WHERE id = ?) ORDER BY seat");
  seats.bind(1, record.id);
  while (seats.step())
    record.seats.push_back({static_cast<engine::Seat>(seats.integer(0)), seats.text(1),
                            seats.text(2), seats.integer(3)});
  if (!with_turns) return;
  Statement moves(db,
                  "SELECT turn, actors, move0, move1, ms0, ms1 FROM all_moves "
                  "WHERE match_seq = (SELECT seq FROM matches WHERE id = ?) ORDER BY turn");
  moves.bind(1, record.id);
  while (moves.step()) {
    if (moves.integer(0) != static_cast<std::int64_t>(record.turns.size()))
      throw StoreError("database " + path() + ": match " + record.id + " is missing turn " +
                       std::to_string(record.turns.size()));
    TurnRecord turn;
    const std::string actors = moves.text(1);
    turn.acted = {actors != "1", actors != "0"};
    turn.moves = {moves.optional_text(2), moves.optional_text(3)};
    turn.millis = {moves.optional_integer(4), moves.optional_integer(5)};
    record.turns.push_back(std::move(turn));
  }
}

std::vector<MatchRecord> MatchStore::load_unfinished() {
  std::lock_guard lock(mutex_);
  commit_locked();
  return query_matches(db_, "WHERE status IN ('open', 'running')", std::nullopt, "created_ms, id", 1u << 30,
                       true);
}

void MatchStore::for_each_match_id(const std::function<void(const std::string&)>& take) {
  std::lock_guard lock(mutex_);
  commit_locked();
  Statement select(db_, "SELECT id FROM matches");
  while (select.step()) take(select.text(0));
}

// list and get read on their own connection (reader_), under their own lock: a history
// query of any length never holds back the writer, its group commits, nor the moves that
// wait for them. In WAL mode a reader sees only committed transactions, never the
// writer's open one: what the HTTP history shows is durable (and never less than a client
// was told: the server's history reads wait for the store thread, DurabilityGate::
// await_stored). One read transaction per call: the summaries and their seats come from
// one snapshot.
template <typename Body>
auto MatchStore::read(Body&& body) {
  const auto cancelled = [this] {
    return ReadsCancelled("database " + path() + ": read cancelled: the server is stopping");
  };
  std::lock_guard lock(read_mutex_);
  if (reads_cancelled_) throw cancelled();
  try {
    ReadTransaction snapshot(*reader_);
    return body();
  } catch (const StoreError&) {
    if (reads_cancelled_) throw cancelled();  // SQLITE_INTERRUPT, not a fault of the store
    throw;
  }
}

std::vector<MatchRecord> MatchStore::list(std::optional<MatchState> state, std::size_t limit) {
  return read([&] {
    // Private matches (with an invite code) are unlisted.
    const std::string listed = "json_extract(settings, '$." + std::string(kInviteHashSetting) + "') IS NULL";
    if (!state) return query_matches(*reader_, "WHERE " + listed, std::nullopt, "created_ms DESC, id", limit, false);
    return query_matches(*reader_, "WHERE status = ? AND " + listed, to_string(*state), "created_ms DESC, id",
                         limit, false);
  });
}

std::optional<MatchRecord> MatchStore::get(const std::string& id) {
  return read([&]() -> std::optional<MatchRecord> {
    auto records = query_matches(*reader_, "WHERE id = ?", id, "id", 1, true);
    if (records.empty()) return std::nullopt;
    return std::move(records.front());
  });
}

void MatchStore::cancel_reads() { reads_cancelled_ = true; }

void MatchStore::backup_to(const std::filesystem::path& target) {
  std::lock_guard lock(mutex_);
  commit_locked();
  SqliteDb destination(target.string());
  sqlite3_backup* backup = sqlite3_backup_init(destination.handle(), "main", db_.handle(), "main");
  if (!backup) destination.fail("cannot start a backup of " + path());
  const int rc = sqlite3_backup_step(backup, -1);
  sqlite3_backup_finish(backup);
  if (rc != SQLITE_DONE) destination.fail("backup of " + path() + " failed");
}

}  // namespace skirmish::store
