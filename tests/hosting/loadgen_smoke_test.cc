// The load generator (bench/loadgen) against a real skirmish-server process: a short run of
// each game ends by itself with moves played and no errors. Not a timing test: it checks
// that the tool whose figures the README reports plays real games to their end, and that
// the server's threads carry the names its CPU breakdown by thread shows.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <regex>
#include <set>
#include <string>

#include "tests/hosting/server_process.h"
#include "tests/store/temp_dir.h"

namespace {

using skirmish::test::ServerProcess;

long long number_after(const std::string& text, const std::string& pattern) {
  std::smatch match;
  if (!std::regex_search(text, match, std::regex(pattern))) return -1;
  return std::stoll(match[1].str());
}

// The names of process `pid`'s threads (/proc/<pid>/task/*/comm).
std::set<std::string> thread_names(int pid) {
  std::set<std::string> names;
  for (const auto& task : std::filesystem::directory_iterator("/proc/" + std::to_string(pid) + "/task")) {
    std::ifstream comm(task.path() / "comm");
    std::string name;
    if (std::getline(comm, name)) names.insert(name);
  }
  return names;
}

}  // namespace

TEST_CASE("the load generator plays every game against a server without an error", "[hosting][loadgen]") {
  const std::string game = GENERATE(std::string("onedchess"), std::string("tactego"), std::string("dcms"));
  const std::string store = GENERATE(std::string("off"), std::string("on"));
  skirmish::test::TempDir dir;
  ServerProcess server(skirmish::test::server_binary(),
                       {"--port", "0", "--threads", "1", "--rate-limit", "0", "--store", store, "--data-dir",
                        (dir.path() / "data").string(), "--log-level", "info"},
                       {}, dir.path() / "server.log");
  const unsigned short port = server.wait_for_port();

  ServerProcess loadgen(SKIRMISH_LOADGEN_BINARY,
                        {"--server", "ws://127.0.0.1:" + std::to_string(port), "--server-pid",
                         std::to_string(server.pid()), "--matches", "4", "--duration", "1",
                         "--game", game},
                        {}, dir.path() / "loadgen.log");
  const auto status = loadgen.wait_exit(std::chrono::seconds(60));
  const std::string output = loadgen.log_text();
  INFO(game << ", store " << store << ":\n" << output << "\nserver log:\n" << server.log_text());
  REQUIRE(status == 0);
  CHECK(number_after(output, R"(measured [0-9.]+ s: ([0-9]+) moves)") > 0);
  CHECK(number_after(output, R"(([0-9]+) games finished)") > 0);
  CHECK(number_after(output, R"(errors: ([0-9]+))") == 0);
  CHECK(number_after(output, R"(\(([0-9]+) connections held)") == 8);
  CHECK(output.find("server CPU (user+system)") != std::string::npos);
  // The network thread works through every move: it is always in the breakdown.
  CHECK(std::regex_search(output, std::regex(R"(server CPU by thread: (.*, )?net [0-9.]+)")));
  // The server's threads carry the names the breakdown shows; the store's only with a store.
  const std::set<std::string> names = thread_names(server.pid());
  CHECK(names.count("net") == 1);
  CHECK(names.count("store") == (store == "on" ? 1u : 0u));
  CHECK(names.count("wal-checkpoint") == (store == "on" ? 1u : 0u));
  CHECK(number_after(output, R"(own lag \(a 10 ms timer firing late\): p50 ([0-9]+) us)") >= 0);
}

TEST_CASE("the load generator's bots wait their think time before each move, first moves spread",
          "[hosting][loadgen]") {
  // 1D Chess: one seat moves per turn. DCMS: both seats move every turn, each think time
  // drawn within 50% of the mean (--think-jitter).
  const auto [game, jitter_pct, movers] =
      GENERATE(table<std::string, int, int>({{"onedchess", 0, 1}, {"dcms", 50, 2}}));
  skirmish::test::TempDir dir;
  ServerProcess server(skirmish::test::server_binary(),
                       {"--port", "0", "--threads", "1", "--rate-limit", "0", "--store", "off",
                        "--log-level", "info"},
                       {}, dir.path() / "server.log");
  const unsigned short port = server.wait_for_port();

  constexpr int kMatches = 20, kThinkMs = 200;
  ServerProcess loadgen(SKIRMISH_LOADGEN_BINARY,
                        {"--server", "ws://127.0.0.1:" + std::to_string(port), "--matches",
                         std::to_string(kMatches), "--think-ms", std::to_string(kThinkMs),
                         "--think-jitter", std::to_string(jitter_pct), "--duration", "1", "--game", game},
                        {}, dir.path() / "loadgen.log");
  const auto status = loadgen.wait_exit(std::chrono::seconds(60));
  const std::string output = loadgen.log_text();
  INFO(game << ":\n" << output << "\nserver log:\n" << server.log_text());
  REQUIRE(status == 0);
  CHECK(output.find(jitter_pct > 0 ? "think 200 ms +- 50%" : "think 200 ms\n") != std::string::npos);
  // The first moves are spread over one think time, not made together: 20 random offsets
  // in [0, 200) ms all fall within 50 ms of each other with a chance of about 1e-10.
  CHECK(number_after(output, R"(first moves spread over ([0-9]+) ms)") >= kThinkMs / 4);
  const long long moves = number_after(output, R"(measured [0-9.]+ s: ([0-9]+) moves)");
  CHECK(moves > 0);
  // A seat makes at most one move per think time, the shortest one drawn (a closed loop
  // makes thousands a second here); a slow machine only makes fewer. The window is rounded
  // up to whole seconds.
  const long long window_s = number_after(output, R"(measured ([0-9]+)\.[0-9]+ s)") + 1;
  const long long shortest_ms = kThinkMs - kThinkMs * jitter_pct / 100;
  CHECK(moves <= kMatches * movers * (window_s * 1000 / shortest_ms + 2));
  CHECK(number_after(output, R"(errors: ([0-9]+))") == 0);
}

TEST_CASE("the load generator stops at once, saying why, when the server will not make its matches",
          "[hosting][loadgen]") {
  skirmish::test::TempDir dir;
  ServerProcess server(skirmish::test::server_binary(),
                       {"--port", "0", "--threads", "1", "--store", "off", "--max-open-matches-per-ip",
                        "1", "--log-level", "info"},
                       {}, dir.path() / "server.log");
  const unsigned short port = server.wait_for_port();
  ServerProcess loadgen(SKIRMISH_LOADGEN_BINARY,
                        {"--server", "ws://127.0.0.1:" + std::to_string(port), "--matches", "6",
                         "--duration", "1", "--game", "onedchess"},
                        {}, dir.path() / "loadgen.log");
  // Well within its own 60 s set-up guard: it stops on the first refusal.
  const auto status = loadgen.wait_exit(std::chrono::seconds(20));
  const std::string output = loadgen.log_text();
  INFO(output);
  CHECK(status != 0);
  CHECK(output.find("too_many_open_matches") != std::string::npos);
  CHECK(output.find("--max-open-matches-per-ip 0") != std::string::npos);
}
