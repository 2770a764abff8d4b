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

void ThreadPriority::bind_to_this_thread() {
  std::lock_guard lock(mutex_);
  tid_ = ::gettid();
  background_ = -1;
}

bool ThreadPriority::set_background(bool background) {
  std::lock_guard lock(mutex_);  // the policy set last is the one the thread has
  const int wanted = background ? 1 : 0;
  if (tid_ == 0) return false;
  if (background_ == wanted) return true;
  sched_param param{};
  param.sched_priority = 0;
  if (::sched_setscheduler(tid_, background ? SCHED_IDLE : SCHED_OTHER, &param) != 0) return false;
  background_ = wanted;
  return true;
}

}  // namespace skirmish::server
