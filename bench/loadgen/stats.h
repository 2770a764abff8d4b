#pragma once
// Figures the load generator prints: latency percentiles, and the server process's CPU
// time and resident memory read from /proc.
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace skirmish::loadgen {

// The q-quantile (0..1) of `samples` (sorted in place); 0 when empty.
double percentile(std::vector<double>& samples, double q);

// User + system CPU seconds of process `pid` (/proc/<pid>/stat), or nullopt.
std::optional<double> process_cpu_seconds(int pid);
// User + system CPU seconds of each thread of process `pid` (/proc/<pid>/task/*/stat),
// summed by thread name (the server names its threads: net, store, wal-checkpoint...).
// A thread that has exited is no longer there: its time is missing, not an error.
std::map<std::string, double> thread_cpu_seconds(int pid);
// "net 40.1, store 3.0 us per move": each thread name's CPU between two thread_cpu_seconds
// readings per move, the busiest first; names below 0.05 us per move are left out.
std::string cpu_per_move_by_thread(const std::map<std::string, double>& start,
                                   const std::map<std::string, double>& end, long long moves);
// Resident set size of process `pid` in KiB (/proc/<pid>/status VmRSS), or nullopt.
std::optional<long long> process_rss_kib(int pid);

}  // namespace skirmish::loadgen
