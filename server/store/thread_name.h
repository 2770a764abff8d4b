#pragma once
// Names the calling thread as `top -H`, `ps -L`, /proc/<pid>/task/*/comm and the load
// generator's "server CPU by thread" show it, so that each thread's share of the server's
// CPU can be told apart (the store thread's, above all). Linux keeps 15 characters.
#include <pthread.h>

namespace skirmish {

inline void name_this_thread(const char* name) { ::pthread_setname_np(::pthread_self(), name); }

}  // namespace skirmish
