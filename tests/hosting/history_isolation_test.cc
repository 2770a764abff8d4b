// A slow history query (GET /api/matches on a big store) must not hold up anyone's game:
// it runs on the history worker's thread and the store's read connection, never on a
// network thread nor under the writer's lock (QA report qa6, A5).
#include <catch2/catch.hpp>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <mutex>
#include <optional>
#include <thread>
#include <vector>

#include "engine/registry.h"
#include "server/store/match_store.h"
#include "tests/hosting/http_get.h"
#include "tests/hosting/scripted_match.h"
#include "tests/server/server_fixture.h"
#include "tests/store/temp_dir.h"

namespace {

using Clock = std::chrono::steady_clock;
using skirmish::store::MatchStore;
using skirmish::store::TurnRecord;

double ms_since(Clock::time_point start) {
  return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

// `count` finished 1D Chess matches of `turns` turns each, written straight to the store,
// a thousand per transaction (seconds, where playing them would take minutes).
void fill_history(const std::filesystem::path& dir, int count, int turns) {
  MatchStore store(dir);
  store.defer_commits();
  const auto options = skirmish::engine::resolve_options(
      skirmish::engine::find_game("onedchess")->options, {});
  for (int i = 0; i < count; ++i) {
    const std::string id = "HIST" + std::to_string(i);
    store.create_match(id, "onedchess", options, {{"move_time_ms", "0"}}, i);
    store.record_join(id, 0, "alice", "token-a-" + id, i);
    store.record_join(id, 1, "bob", "token-b-" + id, i);
    store.start_match(id, i);
    for (int t = 0; t < turns; ++t)
      store.append_turn(id, static_cast<std::size_t>(t), TurnRecord::single(t % 2, "1 right", 5));
    store.finish_match(id, skirmish::engine::Outcome::draw(skirmish::engine::EndReason::MaxTurns),
                       i + 1);
    if (i % 1000 == 999) store.commit_pending();
  }
  store.commit_pending();
}

}  // namespace

TEST_CASE("slow history queries do not hold up the moves of a game") {
  skirmish::test::TempDir dir;
  fill_history(dir.path(), 20000, 6);
  auto config = skirmish::test::test_config();
  config.threads = 1;  // one network thread: a query run on it would stall every game
  config.data_dir = dir.path().string();
  config.rate_limit_per_second = 0;
  skirmish::test::RunningServer server(config);
  const unsigned short port = server.port();

  // One client asks for the largest page the API allows, again and again: one query at a
  // time, so that each reply's wait is that query's own work, not a queue behind others.
  std::atomic<bool> done{false};
  std::mutex mutex;
  std::vector<double> query_ms;
  std::vector<std::pair<Clock::time_point, Clock::time_point>> query_windows;  // sent, answered
  std::vector<std::string> problems;
  std::vector<std::thread> askers;
  for (int i = 0; i < 1; ++i)
    askers.emplace_back([&] {
      while (!done) {
        const auto start = Clock::now();
        try {
          const auto reply = skirmish::test::http_get(
              port, "/api/matches?state=finished&limit=1000", std::chrono::seconds(30));
          std::lock_guard lock(mutex);
          if (reply.status == 200) {
            query_ms.push_back(ms_since(start));
            query_windows.emplace_back(start, Clock::now());
          }
          else
            problems.push_back(std::to_string(reply.status) + " " + reply.body);
        } catch (const std::exception& error) {
          std::lock_guard lock(mutex);
          problems.push_back(error.what());
        }
      }
    });
  const auto answered = [&] {
    std::lock_guard lock(mutex);
    return query_ms.size();
  };

  // Meanwhile games are played, one turn at a time, each turn timed (the move, its commit
  // and the states to both seats), until the history has answered several times. A new
  // game's start (connect, hello, create, two joins) is timed too.
  double worst_turn_ms = 0;
  double worst_start_ms = 0;
  int turns = 0;
  std::vector<Clock::time_point> turn_ends;
  const auto deadline = Clock::now() + std::chrono::seconds(60);
  const auto more = [&] { return (answered() < 6 || turns < 20) && Clock::now() < deadline; };
  for (std::uint64_t seed = 31; more(); ++seed) {
    skirmish::test::ScriptedMatch game("onedchess", {}, seed);
    const auto started = Clock::now();
    game.start(port);
    worst_start_ms = std::max(worst_start_ms, ms_since(started));
    while (!game.over() && more()) {
      const auto start = Clock::now();
      game.play(1);
      worst_turn_ms = std::max(worst_turn_ms, ms_since(start));
      turn_ends.push_back(Clock::now());
      ++turns;
    }
  }
  done = true;
  for (auto& asker : askers) asker.join();

  REQUIRE(problems.empty());
  REQUIRE(query_ms.size() >= 6);
  REQUIRE(turns >= 20);
  // Whole turns (a move, its commit, the states to both seats) that began and ended while
  // one query was being answered. Served on the network thread, or under the writer's
  // lock, a query would let no turn end until it was done: at most one, at its edges.
  // Counted rather than timed against a bound, so a slow or busy machine slows both sides.
  std::size_t most_turns_within_a_query = 0;
  for (const auto& [sent, answered_at] : query_windows) {
    const auto inside = std::count_if(turn_ends.begin(), turn_ends.end(), [&](Clock::time_point end) {
      return end > sent && end < answered_at;
    });
    most_turns_within_a_query = std::max(most_turns_within_a_query, static_cast<std::size_t>(inside));
  }
  const double slowest_query_ms = *std::max_element(query_ms.begin(), query_ms.end());
  INFO(turns << " turns, the slowest took " << worst_turn_ms << " ms; the slowest start took "
             << worst_start_ms << " ms; " << query_ms.size() << " history answers, the slowest took "
             << slowest_query_ms << " ms");
  CHECK(most_turns_within_a_query >= 3);
}

// At a stop, history requests still waiting are answered or their connections closed, at
// once: the network threads keep running for them (a connection waiting for the history
// worker has no operation of its own pending) and the store closes after the worker.
TEST_CASE("a stop while history requests wait ends them promptly") {
  skirmish::test::TempDir dir;
  fill_history(dir.path(), 20000, 6);
  auto config = skirmish::test::test_config();
  config.threads = 1;
  config.data_dir = dir.path().string();
  std::optional<skirmish::test::RunningServer> server(std::in_place, config);
  const unsigned short port = server->port();

  std::atomic<int> ended{0};
  std::vector<std::thread> askers;
  for (int i = 0; i < 10; ++i)
    askers.emplace_back([&] {
      try {
        skirmish::test::http_get(port, "/api/matches?limit=1000", std::chrono::seconds(10));
      } catch (const std::exception&) {  // closed by the stop: fine, as long as it is prompt
      }
      ++ended;
    });
  std::this_thread::sleep_for(std::chrono::milliseconds(100));  // the requests are queued
  const auto stopping = Clock::now();
  server.reset();
  const double stop_ms = ms_since(stopping);
  for (auto& asker : askers) asker.join();
  const double all_ended_ms = ms_since(stopping);
  INFO("stopped in " << stop_ms << " ms; every request ended after " << all_ended_ms << " ms");
  CHECK(ended == 10);
  // The running query is cut short (MatchStore::cancel_reads: under ASan on a busy machine
  // it takes over a second); nothing waits for a timeout (the network threads' 2 s, the
  // client's 10 s).
  CHECK(stop_ms < 1500);
  CHECK(all_ended_ms < 1500);
}
