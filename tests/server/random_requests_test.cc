// Clients sending random requests at once, of every type, about each other's matches, with
// the store on: creating matches with odd options, joining, watching, resuming with right
// and wrong tokens, moving at random, resigning, leaving, dropping the connection. Whatever
// they do, each request is answered (echoing its id), nothing is an internal error, no
// fogged board shows anyone what they may not see, the store stays healthy and every game
// it holds replays through the rules, and a game played beside them ends as its moves say.
#include <catch2/catch.hpp>

#include <atomic>
#include <filesystem>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "engine/record.h"
#include "server/store/match_store.h"
#include "tests/problem_list.h"
#include "tests/server/match_helpers.h"
#include "tests/server/random_client.h"
#include "tests/server/server_fixture.h"
#include "tests/store/temp_dir.h"

namespace skirmish::test {
namespace {

constexpr int kClients = 6;
constexpr int kRequestsPerClient = 400;

// White's quickest win when black only shuffles a knight (as in concurrency_test.cc).
void play_known_game(unsigned short port, ProblemList& problems) {
  struct Plan {
    int white_position;
    int black_position;
    const char* black_direction;
  };
  constexpr Plan kPlan[] = {{2, 7, "LEFT"}, {4, 5, "RIGHT"}, {6, 7, "LEFT"}};
  TwoSeatMatch m = start_match(port, "onedchess");
  for (const Plan& step : kPlan) {
    const Json white =
        m.seat0->request({{"type", "move"}, {"position", step.white_position}, {"direction", "RIGHT"}});
    if (white.at("type") != "state") return problems.add("the game beside them: " + white.dump());
    if (white.at("status") == "over") break;  // the king is taken
    const Json black = m.seat1->request(
        {{"type", "move"}, {"position", step.black_position}, {"direction", step.black_direction}});
    if (black.at("type") != "state") return problems.add("the game beside them: " + black.dump());
  }
  const Json over = m.seat1->wait_for_over();
  if (over.at("outcome").at("winner") != "white" || over.at("outcome").at("reason") != "king_taken")
    problems.add("the game beside them ended " + over.at("outcome").dump());
}

// Every game the store holds replays through the rules (what a restart does with the
// unfinished ones); a game the rules ended was stored with their result, any other one
// ended by the server's word (resignation, timeout, forfeit, crash) or has not ended.
void check_stored_games(const std::filesystem::path& data_dir, ProblemList& problems) {
  using store::MatchState;
  store::MatchStore stored(data_dir);
  const auto summaries = stored.list(std::nullopt, 100'000);
  if (summaries.empty()) problems.add("the store holds no match");
  for (const store::MatchRecord& summary : summaries) {
    const std::optional<store::MatchRecord> record = stored.get(summary.id);
    if (!record) {
      problems.add("match " + summary.id + " is listed but cannot be read");
      continue;
    }
    std::unique_ptr<engine::GameState> state;
    try {
      state = engine::replay(record->game_record());
    } catch (const std::exception& error) {
      problems.add("match " + record->id + " does not replay: " + error.what());
      continue;
    }
    const engine::Outcome rules = state->outcome();
    const bool ended = record->state == MatchState::Finished;
    if (rules.over && (!ended || !record->result || !(*record->result == rules)))
      problems.add("match " + record->id + ": the rules ended it (" + std::string(engine::to_string(rules.reason)) +
                   ") but the store says otherwise");
    if (!rules.over && ended && record->result) {
      const engine::EndReason reason = record->result->reason;
      if (reason != engine::EndReason::Resignation && reason != engine::EndReason::Timeout &&
          reason != engine::EndReason::Forfeit && reason != engine::EndReason::Crash)
        problems.add("match " + record->id + " ended by " + std::string(engine::to_string(reason)) +
                     " but the rules have not ended it");
    }
  }
}

TEST_CASE("clients sending random requests at once get an answer each and break nothing",
          "[server][random]") {
  TempDir dir;
  std::atomic<int> store_failures{0};
  server::Config config = test_config();
  // Two threads give each connection a strand; one runs them on the io_context itself,
  // where the store's flush writes held messages inline.
  config.threads = GENERATE(2, 1);
  INFO("server threads: " << config.threads);
  config.data_dir = dir.path().string();
  config.on_store_failure = [&](const std::string&) { ++store_failures; };
  config.rate_limit_per_second = 10'000;  // the requests come as fast as the replies
  config.rate_burst = 10'000;
  auto server = std::make_unique<RunningServer>(config);

  SharedKnowledge known;
  ProblemList problems;
  std::atomic<int> moves_applied{0};
  std::atomic<int> fog_states_checked{0};
  std::vector<std::thread> threads;
  for (int number = 0; number < kClients; ++number)
    threads.emplace_back([&, number] {
      try {
        RandomClient client(server->port(), number, known);
        for (int step = 0; step < kRequestsPerClient && client.step(problems); ++step) {
        }
        client.finish(problems);
        moves_applied += client.moves_applied();
        fog_states_checked += client.fog_states_checked();
      } catch (const std::exception& error) {  // a connection refused, a hello unanswered
        problems.add("client " + std::to_string(number) + ": " + error.what());
      }
    });
  try {
    play_known_game(server->port(), problems);
  } catch (const std::exception& error) {
    problems.add(std::string("the game beside them: ") + error.what());
  }
  for (auto& thread : threads) thread.join();

  CHECK(store_failures == 0);
  CHECK(moves_applied > 0);       // games were played, not only refused
  CHECK(fog_states_checked > 0);  // and some of them fogged
  {
    // The server still serves a newcomer.
    TestClient newcomer(server->port(), "newcomer");
    newcomer.hello();
    CHECK(newcomer.request({{"type", "ping"}}).at("type") == "pong");
  }
  server.reset();
  check_stored_games(dir.path(), problems);
  problems.check();  // the clients' problems and the store's
}

}  // namespace
}  // namespace skirmish::test
