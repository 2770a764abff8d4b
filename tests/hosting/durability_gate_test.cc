// The durability gate: a message's stamp passes only once the writes before it are in the
// journal; the store thread then puts them into SQLite; a write SQLite refuses stops the
// server (and a restart names it); stop() stores what is still queued; a new match is held
// back until it ends, unless a history read or the stop wants it; a read's wake-up does not
// keep the store thread awake.
#include <catch2/catch.hpp>

#include <atomic>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <future>
#include <memory>
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

skirmish::store::StoreWrite create(const std::string& id) {
  return skirmish::store::MatchCreated{id, "onedchess", {}, {}, 1};
}

// A match created now, young enough for the store thread to hold back (store/held_matches.h, kHoldAgeMs).
skirmish::store::StoreWrite create_now(const std::string& id, const std::string& game = "onedchess") {
  const auto now = std::chrono::system_clock::now().time_since_epoch();
  return skirmish::store::MatchCreated{id, game, {}, {},
                                       std::chrono::duration_cast<std::chrono::milliseconds>(now).count()};
}

// The writes in the journal files, read as a start reads them (up to a zero tail).
std::size_t journal_lines(const std::filesystem::path& dir) {
  return skirmish::store::Journal::read_after(dir, 0).size();
}

// The CPU time (ns) this process's thread named `name` has used, from the kernel's
// /proc/self/task/*/schedstat; -1 when no thread has that name.
long long thread_cpu_ns(const std::string& name) {
  for (const auto& task : std::filesystem::directory_iterator("/proc/self/task")) {
    std::ifstream comm(task.path() / "comm");
    std::string task_name;
    if (!std::getline(comm, task_name) || task_name != name) continue;
    std::ifstream schedstat(task.path() / "schedstat");
    long long ns = -1;
    schedstat >> ns;
    return ns;
  }
  return -1;
}

// A gate on a new, empty store; its posted handlers run on `io` (run_until).
struct GateOnFreshStore {
  explicit GateOnFreshStore(std::size_t max_backlog = DurabilityGate::kMaxBacklog)
      : gate(std::make_shared<DurabilityGate>(io.get_executor(), store, metrics, nullptr, max_backlog)) {}
  skirmish::test::TempDir dir;
  boost::asio::io_context io;
  Metrics metrics;
  std::shared_ptr<MatchStore> store = std::make_shared<MatchStore>(dir.path());
  std::shared_ptr<DurabilityGate> gate;
};

// A gate whose backlog limit is two writes, on a store that another connection holds the
// write lock of (BEGIN IMMEDIATE): the store thread cannot apply anything until it commits.
struct GateBehindLockedStore : GateOnFreshStore {
  GateBehindLockedStore() : GateOnFreshStore(2) { outside.exec("BEGIN IMMEDIATE"); }
  skirmish::test::OutsideConnection outside{dir.path() / MatchStore::kFileName};
};

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

TEST_CASE_METHOD(GateOnFreshStore, "a write is journaled as it is submitted and SQLite gets it next", "[gate]") {
  gate->submit(create("A"));
  gate->submit(create("B"));
  const auto stamp = gate->stamp();
  CHECK(stamp == 2);
  // Durable at once, with nothing run on the io_context: no message waits for a handler.
  CHECK(gate->passed(stamp));
  CHECK(journal_lines(dir.path()) == 2);
  CHECK_FALSE(gate->wait_for(stamp, [] {}));  // already durable: nothing to wait for

  CHECK(gate->await_stored(stamp, std::chrono::seconds(2)));
  CHECK(committed_rows(dir.path(), "matches") == 2);
  CHECK(skirmish::test::query_integer(dir.path() / MatchStore::kFileName,
                                      "SELECT seq FROM journal_applied") == 2);
  CHECK(metrics.store_commits_total.load() >= 1);
  CHECK(metrics.store_writes_total.load() == 2);
  CHECK(io.poll() == 0);  // nothing was posted
  gate->stop();
}

TEST_CASE("a write SQLite refuses stops the server, and the restart names it", "[gate]") {
  skirmish::test::TempDir dir;
  std::atomic<int> failures{0};
  std::string why;
  {
    boost::asio::io_context io;
    Metrics metrics;
    auto store = std::make_shared<MatchStore>(dir.path());
    auto gate = std::make_shared<DurabilityGate>(io.get_executor(), store, metrics,
                                                 [&](const std::string& reason) {
                                                   why = reason;
                                                   ++failures;
                                                 });
    gate->submit(create("A"));
    gate->submit(skirmish::store::MatchStarted{"NOPE", 2});
    REQUIRE(run_until(io, [&] { return failures.load() > 0; }));
    CHECK(failures == 1);
    CHECK_THAT(why, Catch::Contains("cannot start match NOPE"));
    CHECK_THROWS_WITH(gate->submit(create("D")), Catch::Contains("the store has failed"));
    CHECK(metrics.store_errors_total.load() == 1);
    gate->stop();
    CHECK(failures == 1);
  }
  // The journal still holds both writes: the next start tries again and says what is wrong.
  CHECK(journal_lines(dir.path()) == 2);
  CHECK_THROWS_WITH(MatchStore(dir.path()),
                    Catch::Contains("cannot apply journal") && Catch::Contains("start match NOPE") &&
                        Catch::Contains(".log:2"));
}

TEST_CASE("a journal append that fails refuses its write, announces nothing and stops the server", "[gate]") {
  skirmish::test::TempDir dir;
  std::atomic<int> failures{0};
  std::string why;
  boost::asio::io_context io;
  Metrics metrics;
  auto store = std::make_shared<MatchStore>(dir.path());
  auto gate = std::make_shared<DurabilityGate>(io.get_executor(), store, metrics, [&](const std::string& reason) {
    why = reason;
    ++failures;
  });
  // Matches whose options fill the journal's first file in about 2,000 writes. The write
  // that does not fit starts the next file, and a directory stands where that file goes.
  const auto big = [](std::uint64_t n) {
    return skirmish::store::StoreWrite{skirmish::store::MatchCreated{
        "M" + std::to_string(n), "onedchess", {{"padding", std::string(4000, 'x')}}, {}, 1}};
  };
  std::size_t bytes = 0;
  std::uint64_t overflowing = 1;
  for (std::string line;; ++overflowing, line.clear()) {
    skirmish::store::append_journal_line(line, overflowing, big(overflowing));
    if (bytes + line.size() > skirmish::store::Journal::kSegmentBytes) break;
    bytes += line.size();
  }
  const std::string next_file = "journal-" + std::string(20 - std::to_string(overflowing).size(), '0') +
                                std::to_string(overflowing) + ".log";
  REQUIRE(next_file.size() == std::string("journal-00000000000000000001.log").size());
  std::filesystem::create_directory(dir.path() / next_file);

  for (std::uint64_t n = 1; n < overflowing; ++n) gate->submit(big(n));
  CHECK(gate->passed(overflowing - 1));
  auto refused = big(overflowing);
  CHECK_THROWS_WITH(gate->submit(std::move(refused)), Catch::Contains("cannot create the journal file") &&
                                                           Catch::Contains(next_file));
  CHECK(std::get<skirmish::store::MatchCreated>(refused).match == "M" + std::to_string(overflowing));  // not taken
  CHECK(gate->stamp() == overflowing - 1);  // nothing stamped after it can wait for it
  CHECK(gate->failed());
  CHECK(failures == 1);
  CHECK_THAT(why, Catch::Contains(next_file));
  CHECK(metrics.store_errors_total.load() == 1);
  CHECK_THROWS_WITH(gate->submit(big(overflowing + 1)), Catch::Contains("the store has failed"));
  gate->stop();
  CHECK(failures == 1);
  // Every write journaled before it reaches SQLite at the stop.
  CHECK(committed_rows(dir.path(), "matches") == static_cast<long long>(overflowing - 1));
}

TEST_CASE("after a write SQLite refused the stop ends at once though a match is held back", "[gate][hold]") {
  skirmish::test::TempDir dir;
  std::atomic<int> failures{0};
  boost::asio::io_context io;
  Metrics metrics;
  auto store = std::make_shared<MatchStore>(dir.path());
  auto gate = std::make_shared<DurabilityGate>(io.get_executor(), store, metrics,
                                               [&](const std::string&) { ++failures; });
  gate->submit(create_now("HELD"));  // a young 1D Chess match: the store thread holds it back
  REQUIRE(run_until(io, [&] { return gate->passed(gate->stamp()); }));
  const auto batches = [&] { return metrics.store_commits_total.load(); };
  for (int i = 0; i < 300 && batches() == 0; ++i) std::this_thread::sleep_for(std::chrono::milliseconds(10));
  REQUIRE(batches() >= 1);  // its batch is applied, the match held
  gate->submit(skirmish::store::MatchStarted{"NOPE", 2});
  REQUIRE(run_until(io, [&] { return failures.load() > 0; }));
  // The store thread, asked to apply what is held while nothing more may be applied, spun
  // at full speed and the stop waited for it for ever.
  auto stopped = std::async(std::launch::async, [&] { gate->stop(); });
  CHECK(stopped.wait_for(std::chrono::seconds(5)) == std::future_status::ready);
}

TEST_CASE_METHOD(GateOnFreshStore, "stop() stores what SQLite does not hold yet", "[gate]") {
  // The io_context is never run, and the store thread waits for its batch.
  for (const char* id : {"A", "B", "C"}) gate->submit(create(id));
  gate->stop();
  CHECK(gate->passed(gate->stamp()));
  CHECK(committed_rows(dir.path(), "matches") == 3);
  CHECK_THROWS_WITH(gate->submit(create("D")), Catch::Contains("stopping"));
}

TEST_CASE_METHOD(GateOnFreshStore, "a new match is held back until it ends, and a history read or the stop gets it at once",
          "[gate][hold]") {
  const auto batches_pass = [] { std::this_thread::sleep_for(3 * DurabilityGate::kApplyInterval); };

  gate->submit(create_now("H"));
  gate->submit(skirmish::store::SeatTaken{"H", 0, "hal", std::string(64, 'h'), 2});
  REQUIRE(run_until(io, [&] { return gate->passed(2); }));  // announced once journaled
  batches_pass();
  CHECK(committed_rows(dir.path(), "matches") == 0);
  CHECK(metrics.store_backlog.load() == 2);  // held writes are not in SQLite yet
  CHECK(gate->await_stored(2, std::chrono::seconds(2)));  // a history read: written now
  CHECK(committed_rows(dir.path(), "matches") == 1);
  CHECK(committed_rows(dir.path(), "seats") == 1);

  gate->submit(create_now("K"));
  REQUIRE(run_until(io, [&] { return gate->passed(3); }));
  batches_pass();
  CHECK(committed_rows(dir.path(), "matches") == 1);
  gate->submit(skirmish::store::MatchCancelled{"K", 4});  // it ends: written whole
  REQUIRE(run_until(io, [&] { return committed_rows(dir.path(), "matches") == 2; }));
  CHECK(skirmish::test::query_integer(dir.path() / MatchStore::kFileName,
                                      "SELECT held_from FROM journal_applied") == 0);

  gate->submit(create_now("S"));
  REQUIRE(run_until(io, [&] { return gate->passed(5); }));
  batches_pass();
  CHECK(skirmish::test::query_integer(dir.path() / MatchStore::kFileName,
                                      "SELECT held_from FROM journal_applied") == 5);
  gate->stop();
  CHECK(committed_rows(dir.path(), "matches") == 3);
  CHECK(metrics.store_backlog.load() == 0);
}

TEST_CASE_METHOD(GateOnFreshStore, "only the matches of short games are held back", "[gate][hold]") {
  gate->submit(create_now("CHESS"));  // 1D Chess: held until it ends
  gate->submit(create_now("TACTEGO", "tactego"));
  gate->submit(create_now("DCMS", "dcms"));
  REQUIRE(run_until(io, [&] { return gate->passed(3); }));
  // Long games are written as they go, at the next batch.
  REQUIRE(run_until(io, [&] { return committed_rows(dir.path(), "matches") == 2; }));
  std::this_thread::sleep_for(2 * DurabilityGate::kApplyInterval);
  CHECK(committed_rows(dir.path(), "matches") == 2);
  CHECK(metrics.store_backlog.load() == 1);
  CHECK(skirmish::test::query_integer(dir.path() / MatchStore::kFileName,
                                      "SELECT count(*) FROM matches WHERE id IN ('TACTEGO', 'DCMS')") == 2);
  gate->stop();
  CHECK(committed_rows(dir.path(), "matches") == 3);
}

// A history read wakes the store thread. When the batch it is applying already holds what
// the read waits for, and holds a young match back, the wake-up must not outlive the read:
// once it did, and the thread woke at once, over and over, while the match was held.
TEST_CASE("a history read that the batch in flight answers leaves the store thread asleep", "[gate][hold]") {
  using namespace std::chrono_literals;
  // The read must come while the batch is applied, after the thread took it: a read that
  // comes first makes the batch write everything. Three tries, in case a busy machine
  // keeps the store thread from taking the batch in time.
  bool read_during_batch = false;
  for (int attempt = 0; attempt < 3 && !read_during_batch; ++attempt) {
    GateOnFreshStore fresh;
    // Another connection holds the write lock: the batch waits in SQLite until COMMIT.
    skirmish::test::OutsideConnection outside(fresh.dir.path() / MatchStore::kFileName);
    outside.exec("BEGIN IMMEDIATE");
    fresh.gate->submit(create_now("LONG", "tactego"));  // written at the next batch
    fresh.gate->submit(create_now("SHORT"));            // 1D Chess: held back
    REQUIRE(run_until(fresh.io, [&] { return fresh.gate->passed(2); }));
    std::this_thread::sleep_for(3 * DurabilityGate::kApplyInterval);  // the batch is taken
    auto read = std::async(std::launch::async, [&] { return fresh.gate->await_stored(1, 10s); });
    std::this_thread::sleep_for(100ms);  // the read waits, and has woken the store thread
    outside.exec("COMMIT");
    REQUIRE(read.get());
    read_during_batch = committed_rows(fresh.dir.path(), "matches") == 1;  // SHORT held
    if (!read_during_batch) continue;

    const long long before = thread_cpu_ns("store");
    REQUIRE(before >= 0);
    std::this_thread::sleep_for(2 * DurabilityGate::kApplyInterval);
    const long long used_ns = thread_cpu_ns("store") - before;
    INFO("the store thread used " << used_ns / 1000 << " us of CPU in "
                                  << 2 * DurabilityGate::kApplyInterval.count() << " ms");
    CHECK(used_ns < std::chrono::nanoseconds(150ms).count());  // spinning took nearly all of it
    fresh.gate->stop();
    CHECK(committed_rows(fresh.dir.path(), "matches") == 2);
  }
  REQUIRE(read_during_batch);
}

TEST_CASE("a restarted gate numbers on from what the database holds", "[gate]") {
  skirmish::test::TempDir dir;
  Metrics metrics;
  for (const char* id : {"A", "B"}) {
    boost::asio::io_context io;
    auto store = std::make_shared<MatchStore>(dir.path());
    auto gate = std::make_shared<DurabilityGate>(io.get_executor(), store, metrics, nullptr);
    gate->submit(create(id));
    gate->stop();
  }
  CHECK(skirmish::test::query_integer(dir.path() / MatchStore::kFileName,
                                      "SELECT seq FROM journal_applied") == 2);
  CHECK(committed_rows(dir.path(), "matches") == 2);
}

TEST_CASE_METHOD(GateBehindLockedStore, "past the backlog limit, messages wait for SQLite as well", "[gate]") {
  gate->submit(create("A"));
  CHECK(gate->passed(1));  // one behind: announced
  gate->submit(create("B"));
  gate->submit(create("C"));
  CHECK(journal_lines(dir.path()) == 3);  // journaled, but three would be behind
  CHECK_FALSE(gate->passed(2));
  std::atomic<bool> resumed{false};
  CHECK(gate->wait_for(3, [&] { resumed = true; }));
  io.restart();
  io.poll();
  CHECK_FALSE(gate->passed(3));
  CHECK_FALSE(resumed);

  outside.exec("COMMIT");  // SQLite catches up, and the held messages go
  REQUIRE(run_until(io, [&] { return resumed.load(); }));
  CHECK(gate->passed(3));
  CHECK(committed_rows(dir.path(), "matches") == 3);
  gate->stop();
}

TEST_CASE_METHOD(GateBehindLockedStore, "a write made as SQLite catches up releases the messages that waited for it",
                 "[gate]") {
  for (const char* id : {"A", "B", "C"}) gate->submit(create(id));
  std::atomic<bool> resumed{false};
  CHECK(gate->wait_for(3, [&] { resumed = true; }));

  outside.exec("COMMIT");
  REQUIRE(gate->await_stored(3, std::chrono::seconds(2)));
  // The store thread's release is still queued on the io_context when D is written: D's
  // submit raises the durable count past B and C, so it must release their messages itself.
  gate->submit(create("D"));
  CHECK(gate->passed(4));
  CHECK_FALSE(resumed);  // not from inside the handler that wrote D
  REQUIRE(run_until(io, [&] { return resumed.load(); }));
  gate->stop();
}

TEST_CASE("with --store-sync full, appends run on a thread of their own and release through the io_context", "[gate]") {
  skirmish::test::TempDir dir;
  boost::asio::io_context io;
  Metrics metrics;
  auto store = std::make_shared<MatchStore>(dir.path(), MatchStore::Sync::Full);
  auto gate = std::make_shared<DurabilityGate>(io.get_executor(), store, metrics, nullptr);
  gate->submit(create("A"));
  gate->submit(create("B"));
  std::atomic<bool> resumed{false};
  std::thread::id resumed_on;
  CHECK(gate->wait_for(2, [&] {
    resumed_on = std::this_thread::get_id();
    resumed = true;
  }));
  REQUIRE(run_until(io, [&] { return resumed.load(); }));
  CHECK(resumed_on == std::this_thread::get_id());  // posted back, not run on the syncer
  CHECK(journal_lines(dir.path()) == 2);
  gate->submit(create("C"));  // queued at the stop: journaled and stored all the same
  gate->stop();
  CHECK(gate->passed(3));
  CHECK(committed_rows(dir.path(), "matches") == 3);
}
