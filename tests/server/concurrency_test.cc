// 100 matches running at the same time, each played to its end by its own pair of
// connections, spread over a few client threads.
#include <catch2/catch.hpp>

#include <atomic>
#include <mutex>
#include <thread>

#include "tests/server/match_helpers.h"
#include "tests/server/server_fixture.h"

namespace skirmish::test {
namespace {

constexpr int kMatches = 100;
constexpr int kThreads = 4;

// White's quickest win when black only shuffles a knight: the knight at 2 jumps to 4, 6
// (taking a knight) and 8 (taking the king).
struct Plan {
  int white_position;
  int black_position;
  const char* black_direction;
};
constexpr Plan kPlan[] = {{2, 7, "LEFT"}, {4, 5, "RIGHT"}, {6, 7, "LEFT"}};

TEST_CASE("100 concurrent matches are played to their end", "[server][concurrency]") {
  server::Config config = test_config();
  // Two threads give each connection a strand; one thread runs them on the io_context itself.
  config.threads = GENERATE(2, 1);
  INFO("server threads: " << config.threads);
  RunningServer server(config);
  std::vector<TwoSeatMatch> matches;
  matches.reserve(kMatches);
  for (int i = 0; i < kMatches; ++i) matches.push_back(start_match(server.port(), "onedchess"));

  // Every match is running at once.
  TestClient lobby(server.port(), "lobby");
  lobby.hello();
  const Json listed = lobby.request({{"type", "list_matches"}, {"game", "onedchess"}});
  CHECK(listed.at("matches").size() == kMatches);
  int running = 0;
  for (const Json& match : listed.at("matches")) running += match.at("status") == "running";
  CHECK(running == kMatches);

  std::atomic<int> white_wins{0};
  std::mutex errors_mutex;
  std::vector<std::string> errors;  // Catch2's macros are not thread-safe: report after join
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t)
    threads.emplace_back([&, t] {
      try {
        // Round-robin over this thread's matches: one ply per match per round.
        for (const Plan& plan : kPlan) {
          for (int i = t; i < kMatches; i += kThreads) {
            TwoSeatMatch& m = matches[static_cast<std::size_t>(i)];
            const Json white = m.seat0->request(
                {{"type", "move"}, {"position", plan.white_position}, {"direction", "RIGHT"}});
            if (white.at("type") != "state") throw std::runtime_error(white.dump());
            if (white.at("status") == "over") {
              if (white.at("outcome").at("winner") == "white") ++white_wins;
              continue;
            }
            const Json black = m.seat1->request({{"type", "move"},
                                                 {"position", plan.black_position},
                                                 {"direction", plan.black_direction}});
            if (black.at("type") != "state") throw std::runtime_error(black.dump());
          }
        }
      } catch (const std::exception& error) {
        std::lock_guard lock(errors_mutex);
        errors.push_back("thread " + std::to_string(t) + ": " + error.what());
      }
    });
  for (auto& thread : threads) thread.join();
  for (const auto& error : errors) FAIL_CHECK(error);
  CHECK(white_wins == kMatches);
  // Black saw the end of every game too.
  for (auto& m : matches)
    CHECK(m.seat1->wait_for_over().at("outcome").at("reason") == "king_taken");
}

}  // namespace
}  // namespace skirmish::test
