// ThreadPriority moves a thread into SCHED_IDLE and back, from that thread or another, and
// its probe says whether this process may come back at all.
#include <catch2/catch.hpp>

#include <sched.h>
#include <unistd.h>

#include <atomic>
#include <thread>

#include "server/thread_priority.h"

using skirmish::server::ThreadPriority;

TEST_CASE("a thread goes to SCHED_IDLE and back when the process may leave it", "[priority]") {
  ThreadPriority unbound;
  CHECK_FALSE(unbound.set_background(true));  // no thread yet: nothing to change

  const bool can = ThreadPriority::can_leave_background();
  ThreadPriority priority;
  std::atomic<pid_t> tid{0};
  std::atomic<bool> done{false};
  std::thread worker([&] {
    priority.bind_to_this_thread();
    tid = ::gettid();
    while (!done) std::this_thread::sleep_for(std::chrono::milliseconds(1));
  });
  while (tid == 0) std::this_thread::yield();

  if (can) {
    // Set from this thread, as a history read does for the store thread.
    REQUIRE(priority.set_background(true));
    CHECK(::sched_getscheduler(tid) == SCHED_IDLE);
    REQUIRE(priority.set_background(false));
    CHECK(::sched_getscheduler(tid) == SCHED_OTHER);
  } else {
    // Without the right to come back the probe said no, and the server never goes there.
    CHECK(::sched_getscheduler(tid) == SCHED_OTHER);
  }
  done = true;
  worker.join();
}
