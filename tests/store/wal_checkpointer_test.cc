// When the store's write-ahead log is checkpointed and started over (WalCheckpointer,
// MatchStore::restart_log): bounded while writes never stop, left alone while it is small.
#include <chrono>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <string>
#include <thread>

#include <catch2/catch.hpp>

#include "server/store/match_store.h"
#include "tests/store/outside_connection.h"
#include "tests/store/temp_dir.h"

namespace {

using skirmish::store::MatchStore;
using skirmish::store::TurnRecord;
using skirmish::store::WalCheckpointer;

// The write-ahead log header's checkpoint sequence number, which SQLite raises each time
// the log starts over (https://sqlite.org/fileformat.html#wal_file_format).
std::uint32_t log_restarts(const std::filesystem::path& log) {
  if (!std::filesystem::exists(log)) return 0;
  std::ifstream in(log, std::ios::binary);
  unsigned char header[16] = {};
  in.read(reinterpret_cast<char*>(header), sizeof header);
  if (in.gcount() != sizeof header) return 0;  // nothing written to it yet
  return (std::uint32_t{header[12]} << 24) | (std::uint32_t{header[13]} << 16) |
         (std::uint32_t{header[14]} << 8) | std::uint32_t{header[15]};
}

void start_long_game(MatchStore& store) {
  store.defer_commits();
  skirmish::engine::Options options;
  options.set("seed", "1");
  store.create_match("LONGGAME", "tactego", options, options, 1);
  store.start_match("LONGGAME", 2);
  store.commit_pending();
}

}  // namespace

TEST_CASE("the store's write-ahead log starts over while group commits never stop",
          "[store][wal]") {
  skirmish::test::TempDir dir;
  const auto log = dir.path() / (std::string(MatchStore::kFileName) + "-wal");
  std::uintmax_t largest_log = 0;
  std::uint32_t restarts = 0;
  // A 3 KB move fills a page of its own and each commit rewrites a few more: a log that
  // never started over would grow by well over a page per turn (past 100 MB in 6,000
  // turns). One that starts over stays near what is written between two of the
  // checkpointer's rounds (100 ms; some 10 MB here).
  auto log_stayed_small = [&](int turns) {
    return restarts >= 2 && largest_log < static_cast<std::uintmax_t>(turns) * 4096;
  };
  // At least kMinTurns; more (up to kMaxTurns) while the log is still large for the turns
  // played. A checkpoint syncs the database, and while another process writes to the disk
  // one sync can take seconds as the log grows: with a `dd` beside it, a fixed run of 6,000
  // turns saw 20 MB of its 24 MB bound (and most likely failed so once in CI). A longer run
  // shows whether the log comes down again.
  constexpr int kMinTurns = 6000;
  constexpr int kMaxTurns = 24000;
  int turns = 0;
  {
    WalCheckpointer::Policy policy;
    policy.checkpoint_above_pages = 16;
    policy.restart_above_pages = 64;
    MatchStore store(dir.path(), MatchStore::Sync::Normal, policy);
    start_long_game(store);
    // Each turn its own group commit, as on a server whose every commit carries one move.
    // Like the store thread, the writer pauses between its commits.
    const std::string move(3000, 'x');
    while (turns < kMaxTurns && !(turns >= kMinTurns && log_stayed_small(turns))) {
      store.append_turn("LONGGAME", static_cast<std::size_t>(turns),
                        TurnRecord::single(turns % 2, move, 5));
      store.commit_pending();
      ++turns;
      if (turns % 100 == 0) {
        largest_log = std::max(largest_log, std::filesystem::file_size(log));
        restarts = log_restarts(log);
      }
      std::this_thread::sleep_for(std::chrono::microseconds(50));
    }
    restarts = log_restarts(log);
  }
  // The file keeps the largest size it reached.
  INFO(turns << " turns; largest log seen: " << largest_log << " bytes; it started over " << restarts
             << " times");
  CHECK(restarts >= 2);
  CHECK(log_stayed_small(turns));
  const auto db_file = dir.path() / MatchStore::kFileName;
  CHECK(skirmish::test::query_integer(db_file, "SELECT count(*) FROM all_moves") == turns);
}

TEST_CASE("a quiet store's write-ahead log is not started over after every checkpoint round",
          "[store][wal]") {
  // Starting the log over syncs its header inside the next commit, so a store that
  // checkpointed its small log every round (100 ms) put an fdatasync on the path of a
  // move ten times a second. With the default policy it waits for 1,000 pages.
  skirmish::test::TempDir dir;
  const auto log = dir.path() / (std::string(MatchStore::kFileName) + "-wal");
  std::uint32_t restarts = 0;
  constexpr int kTurns = 300;  // one small move every 2 ms for 0.6 s: far below 1,000 pages
  {
    MatchStore store(dir.path());
    start_long_game(store);
    for (int turn = 0; turn < kTurns; ++turn) {
      store.append_turn("LONGGAME", static_cast<std::size_t>(turn),
                        TurnRecord::single(turn % 2, "A1-A2", 5));
      store.commit_pending();
      std::this_thread::sleep_for(std::chrono::milliseconds(2));
    }
    restarts = log_restarts(log);
  }
  INFO("the log started over " << restarts << " times");
  CHECK(restarts == 0);
  const auto db_file = dir.path() / MatchStore::kFileName;
  CHECK(skirmish::test::query_integer(db_file, "SELECT count(*) FROM all_moves") == kTurns);
}
