// The match store against real games: every turn of random playouts of every game is
// stored, the store is closed and reopened (a restart), and the reloaded records rebuild
// exactly the same states through engine::replay.
#include <catch2/catch.hpp>

#include <atomic>
#include <fstream>
#include <map>
#include <sstream>
#include <thread>
#include <tuple>

#include "engine/record.h"
#include "engine/registry.h"

#include "server/store/match_store.h"
#include "server/store/token_hash.h"
#include "tests/store/outside_connection.h"
#include "tests/store/temp_dir.h"

namespace {

using skirmish::engine::JointMove;
using skirmish::engine::Options;
using skirmish::engine::Outcome;
using skirmish::engine::Rng;
using skirmish::store::MatchRecord;
using skirmish::store::MatchState;
using skirmish::store::MatchStore;
using skirmish::store::StoreError;
using skirmish::store::TurnRecord;

Options resolved_options(const std::string& game, Options given) {
  const auto* info = skirmish::engine::find_game(game);
  REQUIRE(info != nullptr);
  return skirmish::engine::resolve_options(info->options, given);
}

// Plays up to `max_turns` random turns of a live game, storing each before applying it,
// the way the server does. DCMS turns after setup sometimes carry a null move.
struct LiveGame {
  std::string id;
  std::string game;
  Options options;
  std::unique_ptr<skirmish::engine::GameState> state;
  std::vector<TurnRecord> turns;

  LiveGame(MatchStore& store, std::string match_id, std::string game_name, Options given)
      : id(std::move(match_id)), game(std::move(game_name)),
        options(resolved_options(game, std::move(given))),
        state(skirmish::engine::create_game(game, options)) {
    store.create_match(id, game, options, {{"move_time_ms", "0"}, {"spectators", "public"}}, 1000);
    store.record_join(id, 0, "alice", "token-" + id + "-0", 1001);
    store.record_join(id, 1, "bob", "token-" + id + "-1", 1002);
    store.start_match(id, 1003);
  }

  void play(MatchStore& store, int max_turns, Rng& rng) {
    for (int i = 0; i < max_turns && !state->outcome().over; ++i) {
      const auto acting = state->to_act();
      TurnRecord turn;
      for (int seat = 0; seat < 2; ++seat) {
        if (!acting.contains(seat)) continue;
        const auto s = static_cast<std::size_t>(seat);
        turn.acted[s] = true;
        turn.millis[s] = static_cast<std::int64_t>(rng() % 5000);
        const bool null_move = state->simultaneous() && state->turn() >= 1 && rng() % 5 == 0;
        if (!null_move) turn.moves[s] = state->random_move(seat, rng);
      }
      store.append_turn(id, turns.size(), turn);
      state->apply(turn.moves);
      turns.push_back(turn);
    }
  }
};

}  // namespace

TEST_CASE("a stored match reads back with its options, seats, turns and result") {
  skirmish::test::TempDir dir;
  MatchStore store(dir.path());
  Rng rng(7);
  LiveGame live(store, "m1", "onedchess", {{"max_turns", "300"}});
  live.play(store, 1000, rng);
  REQUIRE(live.state->outcome().over);
  store.finish_match(live.id, live.state->outcome(), 5000);

  const auto record = store.get("m1");
  REQUIRE(record);
  CHECK(record->game == "onedchess");
  CHECK(record->options == live.options);
  CHECK(record->options.integer("max_turns") == 300);
  CHECK(record->settings == Options{{"move_time_ms", "0"}, {"spectators", "public"}});
  CHECK(record->state == MatchState::Finished);
  CHECK(record->created_ms == 1000);
  CHECK(record->started_ms == 1003);
  CHECK(record->finished_ms == 5000);
  REQUIRE(record->seats.size() == 2);
  CHECK(record->seats[0].name == "alice");
  CHECK(record->seats[1].name == "bob");
  CHECK(skirmish::store::token_matches("token-m1-1", record->seats[1].token_hash));
  CHECK(record->turns == live.turns);
  CHECK(record->turn_count == live.turns.size());
  REQUIRE(record->result);
  CHECK(*record->result == live.state->outcome());
  CHECK(skirmish::engine::replay(record->game_record())->state_key() == live.state->state_key());
  CHECK_FALSE(store.get("nope"));
  CHECK_FALSE(store.get(""));  // an id like any other (GET /api/matches// once bound it wrongly)
}

TEST_CASE("options and settings read back exactly, whatever characters they hold") {
  skirmish::test::TempDir dir;
  const Options odd{{"quote\"back\\slash", "line\nfeed\ttab\rreturn\b\f"},
                    {"control", std::string("a\x01b\x1f", 4)},
                    {"empty", ""},
                    {"utf8", "caf\xc3\xa9 \xe2\x80\x93 \xf0\x9f\x8e\xb2"},
                    {"plain", "move_time_ms"}};
  const Options ascii{{"a\"b", "c\\d\n"}, {"z", "\x7f"}};
  {
    MatchStore store(dir.path());
    store.create_match("odd", "onedchess", odd, ascii, 1);
    store.create_match("ascii", "onedchess", ascii, odd, 2);
    store.record_join_hashed("odd", 0, "alice", skirmish::store::hash_token("t"), 3);
  }
  MatchStore store(dir.path());  // read back by a fresh connection, after a restart
  for (const auto& [id, options, settings] :
       {std::tuple{"odd", odd, ascii}, std::tuple{"ascii", ascii, odd}}) {
    const auto record = store.get(id);
    REQUIRE(record);
    CHECK(record->options == options);
    CHECK(record->settings == settings);
  }
  const auto odd_record = store.get("odd");
  REQUIRE(odd_record->seats.size() == 1);
  CHECK(skirmish::store::token_matches("t", odd_record->seats[0].token_hash));
}

TEST_CASE("seat tokens are never written to the database file, only their hashes") {
  skirmish::test::TempDir dir;
  {
    MatchStore store(dir.path());
    store.create_match("m", "onedchess", resolved_options("onedchess", {}), {}, 1);
    store.record_join("m", 0, "alice", "PLAINTEXT-TOKEN-XYZZY", 2);
  }  // closing checkpoints the WAL into the main file
  std::string bytes;
  for (const auto& entry : std::filesystem::directory_iterator(dir.path())) {
    std::ifstream in(entry.path(), std::ios::binary);
    std::string content(std::filesystem::file_size(entry.path()), '\0');
    in.read(content.data(), static_cast<std::streamsize>(content.size()));
    bytes += content;
  }
  CHECK(bytes.find("alice") != std::string::npos);
  CHECK(bytes.find("PLAINTEXT-TOKEN-XYZZY") == std::string::npos);
  CHECK(bytes.find(skirmish::store::hash_token("PLAINTEXT-TOKEN-XYZZY")) != std::string::npos);
}

TEST_CASE("after a restart, unfinished matches of every game replay to the same state") {
  skirmish::test::TempDir dir;
  std::vector<std::unique_ptr<LiveGame>> games;
  const std::size_t game_count = skirmish::engine::all_games().size();
  {
    MatchStore store(dir.path());
    Rng rng(2024);
    for (const auto* game : skirmish::engine::all_games()) {
      Options options;  // long enough for 9 turns, where the game has a turn limit
      for (const auto& option : game->options)
        if (option.name == "max_turns") options.set("max_turns", "90");
      games.push_back(std::make_unique<LiveGame>(store, game->name, game->name, options));
    }
    games.push_back(std::make_unique<LiveGame>(store, "done", "onedchess", Options{}));
    for (auto& game : games) game->play(store, 9, rng);
    games.back()->play(store, 10000, rng);
    store.finish_match("done", games.back()->state->outcome(), 9);
    store.create_match("waiting", "dcms", resolved_options("dcms", {}), {}, 10);
    store.record_join("waiting", 1, "carol", "tok", 11);
  }
  MatchStore reopened(dir.path());
  const auto unfinished = reopened.load_unfinished();
  REQUIRE(unfinished.size() == game_count + 1);
  // Oldest first: "waiting" was created at 10, the playouts at 1000 (then by id).
  CHECK(unfinished[0].id == "waiting");
  CHECK(unfinished[0].state == MatchState::Open);
  REQUIRE(unfinished[0].seats.size() == 1);
  CHECK(unfinished[0].seats[0].seat == 1);
  CHECK(skirmish::store::token_matches("tok", unfinished[0].seats[0].token_hash));
  std::map<std::string, const MatchRecord*> by_id;
  for (const auto& record : unfinished) by_id[record.id] = &record;
  CHECK_FALSE(by_id.count("done"));
  for (std::size_t i = 0; i < game_count; ++i) {
    const auto& live = *games[i];
    INFO(live.game);
    REQUIRE(by_id.count(live.id));
    const auto& record = *by_id[live.id];
    CHECK(record.state == MatchState::Running);
    CHECK(record.turns == live.turns);
    CHECK(record.turns.size() == 9);
    CHECK(skirmish::engine::replay(record.game_record())->state_key() == live.state->state_key());
  }
}

TEST_CASE("a DCMS null move is stored as null and still counts as the seat's turn") {
  skirmish::test::TempDir dir;
  MatchStore store(dir.path());
  Rng rng(3);
  LiveGame live(store, "d", "dcms", {});
  live.play(store, 1, rng);  // the setup
  TurnRecord turn = TurnRecord::both({std::nullopt, live.state->random_move(1, rng)}, {40, 50});
  store.append_turn("d", 1, turn);
  live.state->apply(turn.moves);
  const auto record = store.get("d");
  REQUIRE(record);
  REQUIRE(record->turns.size() == 2);
  CHECK_FALSE(record->turns[1].moves[0].has_value());
  CHECK(record->turns[1].acted == std::array<bool, 2>{true, true});
  CHECK(record->turns[1].millis[0] == 40);
  CHECK(skirmish::engine::replay(record->game_record())->state_key() == live.state->state_key());
}

TEST_CASE("a turn out of order, or for a match not running, is refused") {
  skirmish::test::TempDir dir;
  MatchStore store(dir.path());
  store.create_match("m", "onedchess", resolved_options("onedchess", {}), {}, 1);
  const auto turn = TurnRecord::single(0, "a", 10);
  CHECK_THROWS_WITH(store.append_turn("m", 0, turn), Catch::Contains("not running"));
  store.start_match("m", 2);
  CHECK_THROWS_WITH(store.append_turn("m", 1, turn), Catch::Contains("next turn is 0"));
  store.append_turn("m", 0, turn);
  CHECK_THROWS_WITH(store.append_turn("m", 0, turn), Catch::Contains("next turn is 1"));
  CHECK_THROWS_AS(store.append_turn("ghost", 0, turn), StoreError);
  CHECK_THROWS_WITH(store.append_turn("m", 1, TurnRecord{}), Catch::Contains("no seat acted"));
  store.finish_match("m", Outcome::win(1, skirmish::engine::EndReason::Resignation), 3);
  CHECK_THROWS_WITH(store.append_turn("m", 1, turn), Catch::Contains("not running"));
  CHECK_THROWS_AS(store.finish_match("m", Outcome::draw(skirmish::engine::EndReason::MaxTurns), 4),
                  StoreError);
}

TEST_CASE("list filters by state, newest first, and seats leave and matches cancel") {
  skirmish::test::TempDir dir;
  MatchStore store(dir.path());
  const auto options = resolved_options("onedchess", {});
  for (int i = 0; i < 4; ++i) store.create_match("m" + std::to_string(i), "onedchess", options, {}, i);
  store.start_match("m1", 10);
  store.start_match("m2", 10);
  store.finish_match("m2", Outcome::draw(skirmish::engine::EndReason::MaxTurns), 11);
  store.record_join("m3", 0, "dave", "t", 12);
  store.record_leave("m3", 0);
  store.cancel_match("m3", 13);

  auto ids = [](const std::vector<MatchRecord>& records) {
    std::vector<std::string> out;
    for (const auto& r : records) out.push_back(r.id);
    return out;
  };
  CHECK(ids(store.list(MatchState::Open)) == std::vector<std::string>{"m0"});
  CHECK(ids(store.list(MatchState::Running)) == std::vector<std::string>{"m1"});
  CHECK(ids(store.list(MatchState::Finished)) == std::vector<std::string>{"m2"});
  CHECK(ids(store.list(MatchState::Cancelled)) == std::vector<std::string>{"m3"});
  CHECK(ids(store.list(std::nullopt)) == std::vector<std::string>{"m3", "m2", "m1", "m0"});
  CHECK(ids(store.list(std::nullopt, 2)) == std::vector<std::string>{"m3", "m2"});
  CHECK(store.get("m3")->seats.empty());
  const auto finished = store.list(MatchState::Finished);
  REQUIRE(finished[0].result);
  CHECK(finished[0].result->is_draw());
  CHECK(finished[0].turns.empty());  // summaries only
}

TEST_CASE("threads storing different matches at once lose nothing") {
  skirmish::test::TempDir dir;
  MatchStore store(dir.path());
  const auto options = resolved_options("onedchess", {});
  constexpr int kThreads = 4, kTurns = 200;
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t) {
    const std::string id = "m" + std::to_string(t);
    store.create_match(id, "onedchess", options, {}, t);
    store.start_match(id, t);
    threads.emplace_back([&store, id] {
      for (int i = 0; i < kTurns; ++i)
        store.append_turn(id, static_cast<std::size_t>(i), TurnRecord::single(i % 2, "x", i));
    });
  }
  for (auto& thread : threads) thread.join();
  for (int t = 0; t < kThreads; ++t) CHECK(store.get("m" + std::to_string(t))->turns.size() == kTurns);
}

// The history reads (list, get) have a connection of their own: they run beside group
// commits and see each match as of a commit, never a part of one.
TEST_CASE("history reads run beside the writer and see only whole commits") {
  skirmish::test::TempDir dir;
  MatchStore store(dir.path());
  store.defer_commits();
  const auto options = resolved_options("onedchess", {});
  store.create_match("w", "onedchess", options, {}, 1);
  store.start_match("w", 2);
  store.commit_pending();
  constexpr std::size_t kRounds = 300;
  std::atomic<bool> done{false};
  std::vector<std::string> problems;
  std::thread reader([&] {
    std::size_t last = 0;
    while (!done) {
      try {
        const std::size_t listed = store.list(MatchState::Running).at(0).turn_count;
        const std::size_t got = store.get("w")->turns.size();
        // Each commit adds two turns; a read never goes back nor splits a commit.
        if (listed % 2 != 0 || got % 2 != 0 || listed < last || got < listed)
          problems.push_back("listed " + std::to_string(listed) + ", got " + std::to_string(got) +
                             " after " + std::to_string(last));
        last = got;
      } catch (const std::exception& error) {
        problems.push_back(error.what());
        return;
      }
    }
  });
  for (std::size_t round = 0; round < kRounds; ++round) {
    store.append_turn("w", 2 * round, TurnRecord::single(0, "x", 1));
    store.append_turn("w", 2 * round + 1, TurnRecord::single(1, "y", 1));
    store.commit_pending();
  }
  done = true;
  reader.join();
  CHECK(problems.empty());
  CHECK(store.get("w")->turns.size() == 2 * kRounds);
}

// A stop cancels the history's reads: the one running ends with ReadsCancelled (not a
// store fault), later ones are refused at once, and the writer carries on.
TEST_CASE("cancel_reads ends the history reads and leaves the writer working") {
  skirmish::test::TempDir dir;
  MatchStore store(dir.path());
  store.defer_commits();
  const auto options = resolved_options("onedchess", {});
  for (int i = 0; i < 3000; ++i) store.create_match("m" + std::to_string(i), "onedchess", options, {}, i);
  store.commit_pending();

  std::atomic<int> reads{0};
  std::atomic<bool> finished{false};
  std::string ended_with;
  std::thread reader([&] {
    try {
      for (int i = 0; i < 100000; ++i) {  // bounded: ends by itself if never cancelled
        store.list(std::nullopt, 1000);
        ++reads;
      }
    } catch (const skirmish::store::ReadsCancelled& cancelled) {
      ended_with = cancelled.what();
    } catch (const std::exception& error) {
      ended_with = std::string("not cancelled: ") + error.what();
    }
    finished = true;
  });
  while (reads == 0 && !finished) std::this_thread::yield();
  store.cancel_reads();
  reader.join();
  CHECK_THAT(ended_with, Catch::Contains("the server is stopping"));
  CHECK_THROWS_AS(store.list(std::nullopt), skirmish::store::ReadsCancelled);
  CHECK_THROWS_AS(store.get("m0"), skirmish::store::ReadsCancelled);

  store.create_match("after", "onedchess", options, {}, 5000);
  store.commit_pending();
  CHECK(store.load_unfinished().size() == 3001);
}

TEST_CASE("backup_to copies the live database with SQLite's online backup") {
  skirmish::test::TempDir dir;
  MatchStore store(dir.path() / "live");
  Rng rng(9);
  LiveGame live(store, "m", "tactego", {{"seed", "1"}});
  live.play(store, 12, rng);
  store.backup_to(dir.path() / "copy.db");
  std::filesystem::create_directories(dir.path() / "restored");
  std::filesystem::copy_file(dir.path() / "copy.db", dir.path() / "restored" / MatchStore::kFileName);
  MatchStore restored(dir.path() / "restored");
  const auto record = restored.get("m");
  REQUIRE(record);
  CHECK(record->turns == live.turns);
}

// The server's group commit: writes wait in one open transaction until commit_pending,
// and nothing uncommitted is visible outside the store.
TEST_CASE("deferred commits: writes join one transaction, visible only once committed") {
  skirmish::test::TempDir dir;
  Rng rng(3);
  MatchStore store(dir.path());
  store.defer_commits();
  LiveGame game(store, "g1", "onedchess", {});
  game.play(store, 3, rng);

  // Another connection (a backup tool, a second reader) sees nothing yet.
  const auto count_outside = [&] {
    return skirmish::test::query_integer(dir.path() / MatchStore::kFileName, "SELECT count(*) FROM all_moves");
  };
  CHECK(count_outside() == 0);

  store.commit_pending();
  CHECK(count_outside() == 3);

  // A refused write (a turn out of order) leaves the others in the transaction intact.
  game.play(store, 1, rng);
  CHECK_THROWS_AS(store.append_turn("g1", 99, TurnRecord::single(0, "K1-2", 1)), StoreError);
  CHECK_FALSE(store.broken());
  // The history reads (list, get) see only what is committed, i.e. durable; the server
  // tells a client of a move only after its commit, so they never show less than that.
  REQUIRE(store.get("g1"));
  CHECK(store.get("g1")->turns.size() == 3);
  CHECK(store.list(MatchState::Running).at(0).turn_count == 3);
  store.commit_pending();
  CHECK(store.get("g1")->turns.size() == 4);
  CHECK(count_outside() == 4);
}

// A busy server's writes touch pages all over the file; a small one's few. The writer's
// page cache follows the live matches at each group commit, within 512 KiB to 16 MiB.
TEST_CASE("the writer's page cache grows with the live matches and shrinks as they end") {
  skirmish::test::TempDir dir;
  MatchStore store(dir.path());
  store.defer_commits();
  CHECK(store.page_cache_kib() == 512);
  const auto options = resolved_options("onedchess", {});
  for (int i = 0; i < 2100; ++i) store.create_match("m" + std::to_string(i), "onedchess", options, {}, 1);
  CHECK(store.page_cache_kib() == 512);  // unchanged until the commit
  store.commit_pending();
  CHECK(store.page_cache_kib() == 2048);  // 2,100 live matches: 2 MiB, in powers of two
  for (int i = 0; i < 1500; ++i) store.cancel_match("m" + std::to_string(i), 2);
  store.commit_pending();
  CHECK(store.page_cache_kib() == 512);  // 600 left
}

// Checkpoints run on the store's own thread: the database file takes the write-ahead log's
// pages while the store is open, though no commit of a game checkpoints any more.
TEST_CASE("the write-ahead log is copied into the database file in the background") {
  skirmish::test::TempDir dir;
  MatchStore store(dir.path());
  const auto db_file = dir.path() / MatchStore::kFileName;
  const auto size_at_start = std::filesystem::file_size(db_file);
  Rng rng(11);
  for (int i = 0; i < 200; ++i) {
    LiveGame game(store, "bg" + std::to_string(i), "onedchess", {});
    game.play(store, 5, rng);
  }
  bool copied = false;
  for (int waited = 0; waited < 100 && !copied; ++waited) {  // up to 5 s
    copied = std::filesystem::file_size(db_file) > size_at_start + 64 * 1024;
    if (!copied) std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  CHECK(copied);
}
