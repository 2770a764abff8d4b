// SIGKILL at an arbitrary moment under load: six threads play games of all three kinds one
// after another on a separate skirmish-server process, moves in flight everywhere, when it
// is killed. After the restart every game holds every turn anyone was told of (and at most
// the one in flight, stored before anyone was told), every seat resumes, every game is
// played to its end, and the store's record of each is the moves the players made.
#include <catch2/catch.hpp>

#include <algorithm>
#include <csignal>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

#include "engine/registry.h"
#include "tests/hosting/http_get.h"
#include "tests/hosting/scripted_match.h"
#include "tests/hosting/server_process.h"
#include "tests/problem_list.h"
#include "tests/store/temp_dir.h"

namespace {

using skirmish::test::Json;
using skirmish::test::ScriptedMatch;
using skirmish::test::ServerProcess;

constexpr std::size_t kThreadsPerGame = 2;
constexpr std::uint64_t kMatchesPerThread = 1000;  // far more than a thread plays before the kill
constexpr auto kPlayBeforeKill = std::chrono::milliseconds(700);

std::unique_ptr<ServerProcess> start_server(const std::filesystem::path& data_dir,
                                            const std::filesystem::path& log, int threads) {
  return std::make_unique<ServerProcess>(
      skirmish::test::server_binary(),
      std::vector<std::string>{"--port", "0", "--threads", std::to_string(threads), "--rate-limit", "0",
                               "--data-dir", data_dir.string(), "--log-level", "info"},
      std::map<std::string, std::string>{}, log);
}

// The matches every thread started, in the order started; each thread adds its own.
struct StartedMatches {
  std::mutex mutex;
  std::vector<std::unique_ptr<ScriptedMatch>> matches;

  ScriptedMatch& add(std::unique_ptr<ScriptedMatch> match) {
    std::lock_guard lock(mutex);
    matches.push_back(std::move(match));
    return *matches.back();
  }
  std::size_t count(const std::string& game) {
    std::lock_guard lock(mutex);
    return static_cast<std::size_t>(std::count_if(matches.begin(), matches.end(),
                                                  [&](const auto& match) { return match->game() == game; }));
  }
};

// Plays games of `game` one after another until the server stops answering.
void play_until_killed(const std::string& game, std::uint64_t seed, unsigned short port, StartedMatches& started,
                       skirmish::test::ProblemList& problems) {
  for (std::uint64_t n = 0; n < kMatchesPerThread; ++n) {
    skirmish::engine::Options options;
    if (game == "tactego") options = {{"seed", "load-" + std::to_string(seed + n)}, {"fog", "true"}};
    auto match = std::make_unique<ScriptedMatch>(game, options, seed + n);
    try {
      match->start(port);
    } catch (const std::exception&) {
      return;  // killed while this match was being set up: nobody played in it
    }
    try {
      if (!started.add(std::move(match)).play_until_cut_off()) return;
    } catch (const std::exception& error) {  // a refused move
      problems.add(error.what());
      return;
    }
  }
  problems.add(game + ": every match ended before the kill; play longer ones or kill sooner");
}

// The mirror's result as the history API writes it (the last state a seat got may be from
// before the game's last move, when that move was the one in flight).
Json result_json(const ScriptedMatch& match) {
  const skirmish::engine::Outcome outcome = match.outcome();
  const auto* info = skirmish::engine::find_game(match.game());
  return {{"winner", outcome.is_draw() ? Json(nullptr) : Json(info->seat_names[static_cast<std::size_t>(outcome.winner)])},
          {"draw", outcome.is_draw()},
          {"reason", std::string(skirmish::engine::to_string(outcome.reason))}};
}

}  // namespace

TEST_CASE("SIGKILL under load: every turn anyone was told of survives and every game ends as played") {
  // Two network threads (a strand per connection), or one (held messages written inline).
  const int threads = GENERATE(2, 1);
  INFO("server threads: " << threads);
  skirmish::test::TempDir dir;
  skirmish::test::ProblemList problems;
  StartedMatches started;
  {
    auto first = start_server(dir.path() / "data", dir.path() / "first.log", threads);
    const auto port = first->wait_for_port();
    std::vector<std::thread> players;
    std::uint64_t seed = 1000;
    for (const char* game : {"tactego", "dcms", "onedchess"})
      for (std::size_t t = 0; t < kThreadsPerGame; ++t, seed += 1000)
        players.emplace_back(play_until_killed, game, seed, port, std::ref(started), std::ref(problems));
    // Killed once the threads have played a while, each of the long games' threads in a
    // game of its own by then (a busy machine may be slow to get them going).
    std::this_thread::sleep_for(kPlayBeforeKill);
    for (int i = 0; i < 500 && (started.count("tactego") < kThreadsPerGame || started.count("dcms") < kThreadsPerGame); ++i)
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
    first->signal(SIGKILL);
    // Not what is tested: the kernel's tearing down a killed process. Under ASan, with
    // six tests at once on two cores, it once took over 5 s (a disk write in flight?).
    REQUIRE(first->wait_exit(std::chrono::seconds(30)) == 128 + SIGKILL);
    for (auto& player : players) player.join();  // each stops at its first unanswered request
  }

  auto second = start_server(dir.path() / "data", dir.path() / "second.log", threads);
  const auto port = second->wait_for_port();
  INFO(second->log_text());
  int cut_off = 0;
  for (const auto& match : started.matches) {
    const auto before = skirmish::test::http_get(port, "/api/matches/" + match->id());
    if (before.status != 200) {
      problems.add(match->id() + " is gone after the restart: " + before.body);
      continue;
    }
    try {
      match->follow_stored_turns(Json::parse(before.body).at("turns").get<std::size_t>());
      if (!match->over()) {
        ++cut_off;
        match->resume(port);
        match->play_to_end();
      }
    } catch (const std::exception& error) {
      problems.add(error.what());
      continue;
    }
    // The store's record is the game as played.
    const auto after = skirmish::test::http_get(port, "/api/matches/" + match->id());
    const Json stored = Json::parse(after.body);
    if (stored.at("state") != "finished" || stored.at("turns").get<std::size_t>() != match->turns().size() ||
        stored.at("result") != result_json(*match))
      problems.add(match->game() + " match " + match->id() + " was stored as " + stored.dump().substr(0, 300));
    for (const std::string& problem : match->seq_problems()) problems.add(match->id() + ": " + problem);
  }
  problems.check();
  CHECK(cut_off >= 2);  // games were cut off mid-way, not only between games
}
