#pragma once
// Moves one thread between Linux's SCHED_IDLE (runs only on a CPU nothing else wants) and
// the normal policy, from that thread or any other. For background work that must not
// delay the games but must not fall behind for good either (DurabilityGate's store thread).
#include <sys/types.h>

#include <atomic>

namespace skirmish::server {

class ThreadPriority {
 public:
  // Whether a thread of this process may leave SCHED_IDLE again (root or CAP_SYS_NICE, or
  // RLIMIT_NICE 20: `docker run --ulimit nice=20`). Tried on a thread of its own: without
  // that right, a thread put in SCHED_IDLE would stay there, and a busy machine could starve it.
  static bool can_leave_background();

  // Binds to the calling thread.
  void bind_to_this_thread();
  // SCHED_IDLE when `background`, SCHED_OTHER otherwise. Returns false when the system
  // refuses (the thread then keeps its policy: nothing breaks). Takes no lock: the thread
  // lowers itself while others may raise it, and a thread in SCHED_IDLE must hold nothing
  // another waits for. When two calls race, the later system call wins: the caller that
  // lowers checks afterwards whether it was asked to stay up (DurabilityGate::run).
  bool set_background(bool background);

 private:
  std::atomic<pid_t> tid_{0};
};

}  // namespace skirmish::server
