// The store thread behind the durability gate: a message's stamp passes only once the
// writes before it are committed; a failed write stops the store (and everything queued
// behind it) and says so once; stop() stores what is still queued.
#include <catch2/catch.hpp>

#include <atomic>
#include <chrono>
#include <string>
#include <thread>

#include <boost/asio/io_context.hpp>

#include "server/durability_gate.h"
#include "tests/store/outside_connection.h"
#include "tests/store/temp_dir.h"

namespace {

using skirmish::server::DurabilityGate;
using skirmish::server::Metrics;
using skirmish::store::MatchStore;

// Rows of `table` as another connection (a backup tool) sees them: committed ones only.
long long committed_rows(const std::filesystem::path& dir, const char* table) {
  return skirmish::test::query_integer(dir / MatchStore::kFileName,
                                       std::string("SELECT count(*) FROM ") + table);
}

DurabilityGate::Write create(const std::string& id) {
  return [id](MatchStore& store) { store.create_match(id, "onedchess", {}, {}, 1); };
}

// Runs the io_context's handlers (the gate's flush) until `done` or about two seconds.
template <typename Done>
bool run_until(boost::asio::io_context& io, Done done) {
  for (int i = 0; i < 400 && !done(); ++i) {
    io.restart();
    io.poll();
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  return done();
}

}  // namespace

TEST_CASE("a stamp passes once the writes before it are committed", "[gate]") {
  skirmish::test::TempDir dir;
  boost::asio::io_context io;
  Metrics metrics;
  auto store = std::make_shared<MatchStore>(dir.path());
  auto gate = std::make_shared<DurabilityGate>(io.get_executor(), store, metrics, nullptr);

  gate->submit("create match A", create("A"));
  gate->submit("create match B", create("B"));
  const auto stamp = gate->stamp();
  CHECK(stamp == 2);
  // Nothing is stored before the flush runs on the io_context: the writes wait for it.
  std::this_thread::sleep_for(std::chrono::milliseconds(50));
  CHECK_FALSE(gate->passed(stamp));
  CHECK(committed_rows(dir.path(), "matches") == 0);

  std::atomic<bool> resumed{false};
  std::thread::id resumed_on;
  CHECK(gate->wait_for(stamp, [&] {
    resumed_on = std::this_thread::get_id();
    resumed = true;
  }));
  REQUIRE(run_until(io, [&] { return resumed.load(); }));
  // Handed back to the io_context (run here), not run on the store thread.
  CHECK(resumed_on == std::this_thread::get_id());
  CHECK(gate->passed(stamp));
  CHECK(committed_rows(dir.path(), "matches") == 2);
  CHECK_FALSE(gate->wait_for(stamp, [] {}));  // already durable: nothing to wait for
  CHECK(metrics.store_commits_total.load() >= 1);
  gate->stop();
}

TEST_CASE("a failed write stops the store, and nothing queued behind it is stored", "[gate]") {
  skirmish::test::TempDir dir;
  boost::asio::io_context io;
  Metrics metrics;
  auto store = std::make_shared<MatchStore>(dir.path());
  std::atomic<int> failures{0};
  std::string why;
  auto gate = std::make_shared<DurabilityGate>(io.get_executor(), store, metrics,
                                               [&](const std::string& reason) {
                                                 why = reason;
                                                 ++failures;
                                               });
  gate->submit("create match A", create("A"));
  const auto before_failure = gate->stamp();
  gate->submit("start match NOPE", [](MatchStore& s) { s.start_match("NOPE", 2); });
  gate->submit("create match C", create("C"));
  const auto after_failure = gate->stamp();

  REQUIRE(run_until(io, [&] { return failures.load() > 0; }));
  CHECK(failures == 1);
  CHECK_THAT(why, Catch::Contains("cannot start match NOPE"));
  // What came before the failure is stored and may be announced; nothing after it.
  CHECK(gate->passed(before_failure));
  CHECK_FALSE(gate->passed(after_failure));
  CHECK(committed_rows(dir.path(), "matches") == 1);
  CHECK_THROWS_WITH(gate->submit("create match D", create("D")),
                    Catch::Contains("the store has failed"));
  CHECK(metrics.store_errors_total.load() == 1);
  gate->stop();
  CHECK(failures == 1);
}

TEST_CASE("stop() stores and commits what is still queued", "[gate]") {
  skirmish::test::TempDir dir;
  boost::asio::io_context io;  // never run: no flush comes
  Metrics metrics;
  auto store = std::make_shared<MatchStore>(dir.path());
  auto gate = std::make_shared<DurabilityGate>(io.get_executor(), store, metrics, nullptr);
  for (const char* id : {"A", "B", "C"}) gate->submit(std::string("create match ") + id, create(id));
  gate->stop();
  CHECK(gate->passed(gate->stamp()));
  CHECK(committed_rows(dir.path(), "matches") == 3);
  CHECK_THROWS_WITH(gate->submit("create match D", create("D")), Catch::Contains("stopping"));
}
