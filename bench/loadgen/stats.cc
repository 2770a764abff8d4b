#include "bench/loadgen/stats.h"

#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <utility>

namespace skirmish::loadgen {

double percentile(std::vector<double>& samples, double q) {
  if (samples.empty()) return 0;
  std::sort(samples.begin(), samples.end());
  const double rank = q * static_cast<double>(samples.size() - 1);
  return samples[static_cast<std::size_t>(std::llround(rank))];
}

namespace {

struct StatCpu {
  std::string name;  // the command or thread name (field 2, without its parentheses)
  double seconds = 0;
};

// Reads a /proc stat file: its name and user + system CPU seconds.
std::optional<StatCpu> read_stat_cpu(const std::filesystem::path& path) {
  std::ifstream in(path);
  std::string text;
  if (!std::getline(in, text)) return std::nullopt;
  // The name (field 2) may hold blanks and parentheses: fields are counted after the last ')'.
  const auto open = text.find('(');
  const auto close = text.rfind(')');
  if (open == std::string::npos || close == std::string::npos || close < open) return std::nullopt;
  std::istringstream fields(text.substr(close + 2));
  std::string field;
  unsigned long long utime = 0, stime = 0;
  for (int index = 3; index <= 15 && fields >> field; ++index) {
    if (index == 14) utime = std::stoull(field);
    if (index == 15) stime = std::stoull(field);
  }
  return StatCpu{text.substr(open + 1, close - open - 1),
                 static_cast<double>(utime + stime) / static_cast<double>(sysconf(_SC_CLK_TCK))};
}

}  // namespace

std::optional<double> process_cpu_seconds(int pid) {
  const auto stat = read_stat_cpu("/proc/" + std::to_string(pid) + "/stat");
  if (!stat) return std::nullopt;
  return stat->seconds;
}

std::map<std::string, double> thread_cpu_seconds(int pid) {
  std::map<std::string, double> by_name;
  std::error_code error;
  for (const auto& task : std::filesystem::directory_iterator("/proc/" + std::to_string(pid) + "/task", error))
    if (const auto stat = read_stat_cpu(task.path() / "stat")) by_name[stat->name] += stat->seconds;
  return by_name;
}

std::string cpu_per_move_by_thread(const std::map<std::string, double>& start,
                                   const std::map<std::string, double>& end, long long moves) {
  std::vector<std::pair<double, std::string>> per_move;
  for (const auto& [name, seconds] : end) {
    const auto before = start.find(name);
    const double spent = seconds - (before == start.end() ? 0.0 : before->second);
    const double us = moves > 0 ? spent * 1e6 / static_cast<double>(moves) : 0.0;
    if (us >= 0.05) per_move.emplace_back(us, name);
  }
  std::sort(per_move.begin(), per_move.end(), [](const auto& a, const auto& b) { return a.first > b.first; });
  std::string text;
  char figure[32];
  for (const auto& [us, name] : per_move) {
    std::snprintf(figure, sizeof figure, " %.1f", us);
    text += (text.empty() ? "" : ", ") + name + figure;
  }
  return (text.empty() ? "none" : text) + " us per move";
}

std::optional<long long> process_rss_kib(int pid) {
  std::ifstream in("/proc/" + std::to_string(pid) + "/status");
  std::string line;
  while (std::getline(in, line))
    if (line.rfind("VmRSS:", 0) == 0) return std::stoll(line.substr(6));
  return std::nullopt;
}

}  // namespace skirmish::loadgen
