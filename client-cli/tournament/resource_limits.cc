#include "client-cli/tournament/resource_limits.h"

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <stdexcept>

#include <sys/resource.h>

namespace skirmish::tournament {

namespace {

struct Flag {
  const char* name;
  long ResourceLimits::*field;
};
constexpr Flag kFlags[] = {{"--memory-mb", &ResourceLimits::memory_mb},
                           {"--cpu-seconds", &ResourceLimits::cpu_seconds},
                           {"--processes", &ResourceLimits::processes},
                           {"--open-files", &ResourceLimits::open_files}};

void set_limit(int resource, const char* what, rlim_t soft, rlim_t hard) {
  const rlimit value{soft, hard};
  if (setrlimit(resource, &value) != 0)
    throw std::runtime_error(std::string("cannot limit ") + what + ": " + std::strerror(errno));
}

}  // namespace

std::vector<std::string> limited_argv(const std::string& program, const ResourceLimits& limits,
                                      const std::vector<std::string>& argv) {
  std::vector<std::string> result{program};
  for (const auto& flag : kFlags) {
    result.push_back(flag.name);
    result.push_back(std::to_string(limits.*flag.field));
  }
  result.push_back("--");
  result.insert(result.end(), argv.begin(), argv.end());
  return result;
}

ResourceLimits parse_limits_args(const std::vector<std::string>& args, std::vector<std::string>& command) {
  ResourceLimits limits;
  std::size_t i = 0;
  for (; i < args.size() && args[i] != "--"; i += 2) {
    const Flag* flag = nullptr;
    for (const auto& f : kFlags)
      if (args[i] == f.name) flag = &f;
    if (flag == nullptr) throw std::invalid_argument("unknown option '" + args[i] + "'");
    if (i + 1 >= args.size()) throw std::invalid_argument(args[i] + " needs a number");
    char* end = nullptr;
    errno = 0;
    const long value = std::strtol(args[i + 1].c_str(), &end, 10);
    if (errno != 0 || end == args[i + 1].c_str() || *end != '\0' || value < 0)
      throw std::invalid_argument(args[i] + ": '" + args[i + 1] + "' is not a number >= 0");
    limits.*(flag->field) = value;
  }
  if (i >= args.size() || i + 1 >= args.size())
    throw std::invalid_argument("no command after '--'");
  command.assign(args.begin() + static_cast<std::ptrdiff_t>(i) + 1, args.end());
  return limits;
}

void apply_limits(const ResourceLimits& limits) {
  if (limits.memory_mb > 0) {
    const auto bytes = static_cast<rlim_t>(limits.memory_mb) * 1024 * 1024;
    set_limit(RLIMIT_AS, "memory (RLIMIT_AS)", bytes, bytes);
  }
  if (limits.cpu_seconds > 0) {
    const auto seconds = static_cast<rlim_t>(limits.cpu_seconds);
    set_limit(RLIMIT_CPU, "CPU time (RLIMIT_CPU)", seconds, seconds + 1);
  }
  if (limits.processes > 0) {
    const auto count = static_cast<rlim_t>(limits.processes);
    set_limit(RLIMIT_NPROC, "processes (RLIMIT_NPROC)", count, count);
  }
  if (limits.open_files > 0) {
    const auto count = static_cast<rlim_t>(limits.open_files);
    set_limit(RLIMIT_NOFILE, "open files (RLIMIT_NOFILE)", count, count);
  }
}

std::string find_limits_program(const char* env_value, const std::filesystem::path& self,
                                const std::string& build_path) {
  if (env_value != nullptr && *env_value != '\0') return env_value;
  if (!self.empty()) {
    const auto beside = self.parent_path() / "skirmish-bot-limits";
    std::error_code ec;
    if (std::filesystem::exists(beside, ec)) return beside.string();
  }
  return build_path;
}

std::string limits_program() {
  std::error_code ec;
  const auto self = std::filesystem::read_symlink("/proc/self/exe", ec);
  return find_limits_program(std::getenv("SKIRMISH_BOT_LIMITS"), ec ? std::filesystem::path() : self,
                             SKIRMISH_BOT_LIMITS_PATH);
}

}  // namespace skirmish::tournament
