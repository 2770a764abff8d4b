// The write-ahead log stays bounded while writes never stop. A passive checkpoint alone
// lets it grow for as long as the server is busy; the store makes it start over once it
// passes its limit (WalCheckpointer, MatchStore::restart_log).
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

constexpr int kTurns = 6000;
constexpr int kLogRestartPages = 64;

// The write-ahead log header's checkpoint sequence number, which SQLite raises each time
// the log starts over (https://sqlite.org/fileformat.html#wal_file_format).
std::uint32_t log_restarts(const std::filesystem::path& log) {
  std::ifstream in(log, std::ios::binary);
  unsigned char header[16] = {};
  in.read(reinterpret_cast<char*>(header), sizeof header);
  REQUIRE(in.gcount() == sizeof header);
  return (std::uint32_t{header[12]} << 24) | (std::uint32_t{header[13]} << 16) |
         (std::uint32_t{header[14]} << 8) | std::uint32_t{header[15]};
}

}  // namespace

TEST_CASE("the store's write-ahead log starts over while group commits never stop",
          "[store][wal]") {
  skirmish::test::TempDir dir;
  const auto log = dir.path() / (std::string(MatchStore::kFileName) + "-wal");
  std::uintmax_t largest_log = 0;
  std::uint32_t restarts = 0;
  {
    MatchStore store(dir.path(), MatchStore::Sync::Normal, kLogRestartPages);
    store.defer_commits();
    skirmish::engine::Options options;
    options.set("seed", "1");
    store.create_match("LONGGAME", "tactego", options, options, 1);
    store.start_match("LONGGAME", 2);
    store.commit_pending();
    // Each turn its own group commit, as on a server whose every commit carries one move.
    // A 3 KB move fills a page of its own and each commit rewrites a few more: a log that
    // never started over would grow past 100 MB here. Like the store thread, the writer
    // pauses between its commits.
    const std::string move(3000, 'x');
    for (int turn = 0; turn < kTurns; ++turn) {
      store.append_turn("LONGGAME", static_cast<std::size_t>(turn),
                        TurnRecord::single(turn % 2, move, 5));
      store.commit_pending();
      if (turn % 100 == 99) largest_log = std::max(largest_log, std::filesystem::file_size(log));
      std::this_thread::sleep_for(std::chrono::microseconds(50));
    }
    restarts = log_restarts(log);
  }
  // The file keeps the largest size it reached: about what is written between two of the
  // checkpointer's rounds (100 ms; some 11 MB here), not everything written.
  INFO("largest log seen: " << largest_log << " bytes; it started over " << restarts << " times");
  CHECK(restarts >= 2);
  CHECK(largest_log < static_cast<std::uintmax_t>(kTurns) * 4096);
  const auto db_file = dir.path() / MatchStore::kFileName;
  CHECK(skirmish::test::query_integer(db_file, "SELECT count(*) FROM moves") == kTurns);
}
