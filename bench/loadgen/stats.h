#pragma once
// Figures the load generator prints: latency percentiles, and the server process's CPU
// time and resident memory read from /proc.
#include <cstdint>
#include <optional>
#include <vector>

namespace skirmish::loadgen {

// The q-quantile (0..1) of `samples` (sorted in place); 0 when empty.
double percentile(std::vector<double>& samples, double q);

// User + system CPU seconds of process `pid` (/proc/<pid>/stat), or nullopt.
std::optional<double> process_cpu_seconds(int pid);
// Resident set size of process `pid` in KiB (/proc/<pid>/status VmRSS), or nullopt.
std::optional<long long> process_rss_kib(int pid);

}  // namespace skirmish::loadgen
