#include "server/thread_priority.h"

#include <sched.h>
#include <unistd.h>

#include <thread>

namespace skirmish::server {

bool ThreadPriority::can_leave_background() {
  bool can = false;
  std::thread probe([&can] {
    ThreadPriority priority;
    priority.bind_to_this_thread();
    can = priority.set_background(true) && priority.set_background(false);
  });
  probe.join();
  return can;
}

void ThreadPriority::bind_to_this_thread() { tid_.store(::gettid()); }

bool ThreadPriority::set_background(bool background) {
  const pid_t tid = tid_.load();
  if (tid == 0) return false;
  sched_param param{};
  param.sched_priority = 0;
  return ::sched_setscheduler(tid, background ? SCHED_IDLE : SCHED_OTHER, &param) == 0;
}

}  // namespace skirmish::server
