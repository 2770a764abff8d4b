#pragma once
// The durable record of every match: SQLite in WAL mode, one file (skirmish.db) in the data
// directory. Every call is thread-safe. By default each write returns once committed.
// With defer_commits() (the server's store thread, server/durability_gate.h), writes join
// one open transaction that commit_pending() commits. The server journals every write
// first (journal.h); opening the store applies what only the journal holds.
//
// Durability: commits go to the write-ahead log; with Sync::Normal (the default) a commit
// survives the server process dying (SIGKILL, crash) but the last commits may be lost if
// the machine loses power; Sync::Full also fsyncs every commit (survives power loss).
#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "engine/common/options.h"
#include "engine/common/outcome.h"
#include "server/store/data_dir_lock.h"
#include "server/store/journal.h"
#include "server/store/match_record.h"
#include "server/store/move_log.h"
#include "server/store/options_json.h"
#include "server/store/sqlite_db.h"
#include "server/store/wal_checkpointer.h"

namespace skirmish::store {

struct TurnRun;
struct WholeMatch;

// A history read refused or ended early because cancel_reads() was called (a stop).
class ReadsCancelled : public StoreError {
 public:
  using StoreError::StoreError;
};

class MatchStore {
 public:
  enum class Sync { Normal, Full };
  static constexpr const char* kFileName = "skirmish.db";

  // Opens or creates <data_dir>/skirmish.db. Throws StoreError naming the path when the
  // directory cannot be created or written, another server uses it (DataDirLock), the file
  // is not a Skirmish database, is corrupt, read-only, or has a newer schema: the server
  // fails at start, not later.
  // `log_policy`: when the write-ahead log is checkpointed and started over (the defaults
  // but in tests).
  // `moves_policy`: when moves are filed from recent_moves into moves (move_log.h).
  explicit MatchStore(const std::filesystem::path& data_dir, Sync sync = Sync::Normal,
                      WalCheckpointer::Policy log_policy = {}, MoveLog::Policy moves_policy = {});
  ~MatchStore();
  MatchStore(const MatchStore&) = delete;
  MatchStore& operator=(const MatchStore&) = delete;

  const std::string& path() const { return db_.path(); }
  const std::filesystem::path& data_dir() const { return data_dir_; }
  Sync sync() const { return sync_; }
  // The schema version the file had when opened (0: created now); lower than
  // kSchemaVersion when it was migrated.
  int found_schema_version() const { return found_schema_version_; }

  // Group commit: from now on writes are committed by commit_pending(), many at once.
  void defer_commits();
  // Commits the open transaction, if any. Throws StoreError if the commit fails; the store
  // is then broken (the writes are lost): every later call throws, the server must stop.
  void commit_pending();
  // Undoes the writes made since the last commit (a batch of journal writes that failed:
  // the journal keeps them, to be applied again at the next start).
  void rollback_pending();
  bool broken() const { return broken_.load() != nullptr; }
  // The writer's page cache, in KiB (fit_cache_to_live_matches).
  std::size_t page_cache_kib() const { return cache_kib_.load(); }

  // A new open match; `resolved` holds every game option, the seed included; `settings`
  // the server's own match options (time limit, reconnect grace, spectators) as text.
  void create_match(const std::string& id, const std::string& game,
                    const OptionsText& resolved, const OptionsText& settings, std::int64_t created_ms);
  // A seat taken; only the token's SHA-256 is stored.
  void record_join(const std::string& id, engine::Seat seat, const std::string& name,
                   std::string_view token, std::int64_t joined_ms);
  // The same with the token's hash (hash_token) already made: the server hashes each token
  // once, for its own checks, and hands only the hash to the store thread.
  void record_join_hashed(const std::string& id, engine::Seat seat, const std::string& name,
                          const std::string& token_hash, std::int64_t joined_ms);
  // A seat freed before the game started.
  void record_leave(const std::string& id, engine::Seat seat);
  void start_match(const std::string& id, std::int64_t started_ms);
  // Appends turn number `turn_index` (0-based: the number of turns stored before it) of a
  // running match. Throws StoreError for an unknown or not running match, or a turn out of
  // order (a lost or repeated move must never go unnoticed).
  void append_turn(const std::string& id, std::size_t turn_index, const TurnRecord& turn);
  void finish_match(const std::string& id, const engine::Outcome& result, std::int64_t finished_ms);
  // An open match that ended before it started (every seat left).
  void cancel_match(const std::string& id, std::int64_t finished_ms);
  // A match created and ended since the last commit, all its rows at once (batch_plan.h):
  // the same rows as its writes one by one would leave.
  void store_whole_match(const WholeMatch& match);
  // Consecutive turns of a running match, the first being its next, straight into `moves`
  // (batch_plan.h) after its turns still in the move log. Throws as append_turn does.
  void append_turn_run(const TurnRun& run);

  // Every open or running match with its seats and turns, oldest first: what a restarted
  // server rebuilds (MatchRecord::game_record + engine::replay).
  std::vector<MatchRecord> load_unfinished();
  // Calls `take` with the id of every stored match, in no order (the ids a new match must
  // not take again: server/used_match_ids.h).
  void for_each_match_id(const std::function<void(const std::string&)>& take);
  // Summaries (seats, result, turn_count; no turns), newest first; all states when nullopt.
  // Private matches (kInviteHashSetting) are left out: they are unlisted.
  // list and get read committed (durable) data only, on a connection of their own: they
  // never wait for the writer nor hold it back (the HTTP history runs them).
  std::vector<MatchRecord> list(std::optional<MatchState> state, std::size_t limit = 1000);
  // One match in full, or nullopt.
  std::optional<MatchRecord> get(const std::string& id);
  // At a stop: the read running now ends within moments (SQLite's progress handler), and
  // every later one at once, throwing ReadsCancelled: a long query no longer holds up the
  // stop. For good; thread-safe.
  void cancel_reads();

  // The number of the last journal write (journal.h) this file holds; the constructor
  // applies the ones a stopped server left only in the journal.
  std::uint64_t journal_applied() const { return journal_applied_; }
  // Records, with the writes made since the last commit, that they are journal writes up
  // to `seq` (the store thread applies journal writes in order), but for those of the
  // matches it held back (batch_plan.h, HoldBack), which begin at `held_from` (0: none).
  // Held matches are absent from the file: a restart applies their writes from the journal.
  void mark_journal_applied(std::uint64_t seq, std::uint64_t held_from = 0);
  // Nonzero when the file said writes from this number on were held back but the data
  // directory had no journal at all (a backup restored alone): those games were dropped.
  std::uint64_t lost_held_from() const { return lost_held_from_; }

  // Copies the live database to `target` with SQLite's online backup (writers continue).
  void backup_to(const std::filesystem::path& target);

 private:
  void open_reader();
  // Runs `body` on the reader's connection in one snapshot; see cancel_reads().
  template <typename Body>
  auto read(Body&& body);
  void apply_journal(const std::filesystem::path& data_dir);
  void set_journal_applied(std::uint64_t seq, std::uint64_t held_from);
  bool has_match(const std::string& id);
  // On `db`, the writer's connection (load_unfinished) or the reader's (list, get).
  void load_details(SqliteDb& db, MatchRecord& record, bool with_turns);
  // What the writes of an open or running match need, kept in memory so that a write reads
  // nothing first: the row number that keys its seats and moves, its state, its turns.
  struct LiveMatch {
    std::int64_t seq = 0;
    MatchState state = MatchState::Open;
    std::size_t turns = 0;
  };
  void load_live_matches();
  // Takes (or takes again) a seat of the match numbered `match_seq`. With mutex_ held.
  void put_seat(std::int64_t match_seq, engine::Seat seat, const std::string& name,
                const std::string& token_hash, std::int64_t joined_ms);
  // The seats that acted in `turn` ("0", "1", "both"); throws when none did.
  static std::string_view checked_actors(const std::string& id, std::size_t turn_index, const TurnRecord& turn);
  // The live match `id` if `turn_index` is its next turn; throws otherwise. With mutex_ held.
  LiveMatch& next_turn_of(const std::string& id, std::size_t turn_index);
  // The live match `id` in one of `states`; throws naming `what` otherwise.
  LiveMatch& live(const std::string& id, std::string_view what, std::span<const MatchState> states);
  // `bound`: the value of `where`'s one `?`, if it has one ("" is a value like any other).
  std::vector<MatchRecord> query_matches(SqliteDb& db, const std::string& where,
                                         std::optional<std::string_view> bound, const std::string& order,
                                         std::size_t limit, bool with_turns);
  // Adds the turns still only in recent_moves to the counts of the live matches listed
  // (`live_seqs[i]`: records[i]'s seq, 0 when it has ended).
  void count_unfiled_turns(SqliteDb& db, std::vector<MatchRecord>& records,
                           const std::vector<std::int64_t>& live_seqs);
  void require_changed(const std::string& id, std::string_view what);
  // Runs one write's statements under the lock, in the open transaction when deferring.
  template <typename Body>
  void write(Body&& body);
  void commit_locked();  // commit_pending with mutex_ held; load_unfinished calls it first
  // The writer's page cache follows the number of live matches (between transactions, in
  // powers of two). A small server's cache stays at 512 KiB (a quarter of SQLite's
  // default): the cache fills up whatever its size, and at 2 MiB it was a sixth of a small
  // server's memory (100 Tactego matches). A busy one reads and dirties a page or more of
  // `moves`, `matches` and the match ids' index per match and batch, all over the file: with
  // 9,900 thinking 1D Chess matches, 8 MiB instead of 512 KiB took the store thread's CPU
  // down by about 30% (page reads, and dirty pages spilled to the log mid-transaction), for
  // 0.4 KiB more per connection.
  void fit_cache_to_live_matches();
  static constexpr std::size_t kCacheKibPerLiveMatch = 1;
  static constexpr std::size_t kMinCacheKib = 512;
  static constexpr std::size_t kMaxCacheKib = 16 << 10;
  // Between two transactions, with the writes held back: copies the whole write-ahead
  // log into the database so that the next commit starts it over (WalCheckpointer).
  void restart_log();
  // The hot writes are prepared once and reused (parsing SQL costs more than running it).
  // Only for statements that run to completion (no open read left behind).
  Statement& cached(const char* sql);

  std::filesystem::path data_dir_;
  Sync sync_;
  std::mutex mutex_;
  std::condition_variable no_transaction_;  // in_transaction_ became false
  DataDirLock lock_;  // before db_: no one else may open the file
  SqliteDb db_;
  std::unordered_map<const char*, std::unique_ptr<Statement>> statements_;  // by SQL literal
  std::unordered_map<std::string, LiveMatch> live_;  // open and running matches, by id
  std::optional<MoveLog> move_log_;  // once the schema is in place
  int found_schema_version_ = 0;
  std::uint64_t journal_applied_ = 0;
  std::atomic<std::size_t> cache_kib_{0};  // the writer's page cache (fit_cache_to_live_matches)
  std::uint64_t lost_held_from_ = 0;       // see lost_held_from()
  bool defer_ = false;
  bool in_transaction_ = false;
  std::atomic<const char*> broken_{nullptr};  // why the store can no longer be trusted
  // The history's connection (list, get), after db_: closed first, so that db_'s close,
  // the last, checkpoints the log and removes it. read_mutex_ guards it alone.
  std::mutex read_mutex_;
  // Before reader_, whose progress handler reads it: it outlives the connection.
  std::atomic<bool> reads_cancelled_{false};
  std::optional<SqliteDb> reader_;
  std::optional<WalCheckpointer> checkpointer_;  // after db_: stops before db_ closes
};

}  // namespace skirmish::store
