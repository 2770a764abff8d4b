// The history worker alone: one job at a time off the caller's thread, a bounded wait
// list (the next request is told "busy"), and a stop that answers every waiting job.
#include <catch2/catch.hpp>

#include <atomic>
#include <chrono>
#include <future>
#include <thread>

#include "server/history_worker.h"

namespace {

using skirmish::server::HistoryWorker;
using Submitted = HistoryWorker::Submitted;

}  // namespace

TEST_CASE("the history worker runs jobs on its own thread, one at a time, in order") {
  HistoryWorker worker(4);
  std::promise<std::thread::id> ran_on;
  std::atomic<int> order{0};
  int first = -1, second = -1;
  // Checked on this thread afterwards: Catch2's CHECK is not safe from the worker's thread.
  std::atomic<int> told_to_run{0};
  REQUIRE(worker.submit([&](bool run) {
    told_to_run += run ? 1 : 0;
    first = order++;
  }) == Submitted::Queued);
  REQUIRE(worker.submit([&](bool run) {
    told_to_run += run ? 1 : 0;
    second = order++;
    ran_on.set_value(std::this_thread::get_id());
  }) == Submitted::Queued);
  auto done = ran_on.get_future();
  REQUIRE(done.wait_for(std::chrono::seconds(5)) == std::future_status::ready);
  CHECK(done.get() != std::this_thread::get_id());
  CHECK(told_to_run == 2);
  CHECK(first == 0);
  CHECK(second == 1);
}

TEST_CASE("the history worker refuses a job when its wait list is full, and answers the "
          "waiting ones with false when it stops") {
  HistoryWorker worker(2);
  std::promise<void> started;
  std::promise<void> release;
  auto released = release.get_future().share();
  std::atomic<int> ran{0};
  std::atomic<int> cancelled{0};
  // The first job runs and blocks; two more wait; the fourth is refused.
  REQUIRE(worker.submit([&](bool run) {
    if (!run) return;
    started.set_value();
    released.wait();
    ++ran;
  }) == Submitted::Queued);
  REQUIRE(started.get_future().wait_for(std::chrono::seconds(5)) == std::future_status::ready);
  const auto counted = [&](bool run) { ++(run ? ran : cancelled); };
  CHECK(worker.submit(counted) == Submitted::Queued);
  CHECK(worker.submit(counted) == Submitted::Queued);
  CHECK(worker.submit(counted) == Submitted::Busy);

  // stop() answers the two waiting jobs at once, then waits for the running one.
  std::thread stopper([&] { worker.stop(); });
  for (int waited = 0; waited < 500 && cancelled < 2; ++waited)
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  CHECK(cancelled == 2);
  release.set_value();
  stopper.join();
  CHECK(ran == 1);
  CHECK(worker.submit(counted) == Submitted::Stopped);
  worker.stop();  // idempotent
}
