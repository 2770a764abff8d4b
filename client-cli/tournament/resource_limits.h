#pragma once
// Limits for untrusted bot programs. The bridge starts a bot through the small
// skirmish-bot-limits program, which calls setrlimit on itself and then execs the bot, so the
// limits hold for the bot and everything it starts.
#include <filesystem>
#include <string>
#include <vector>

namespace skirmish::tournament {

struct ResourceLimits {
  long memory_mb = 1024;    // RLIMIT_AS (address space); 0 = no limit
  long cpu_seconds = 600;   // RLIMIT_CPU per game (SIGXCPU, then SIGKILL a second later)
  long processes = 256;     // RLIMIT_NPROC (counts all of the user's processes; root is exempt)
  long open_files = 64;     // RLIMIT_NOFILE
};

// [limits_program, --memory-mb, N, ..., --, argv...]
std::vector<std::string> limited_argv(const std::string& limits_program, const ResourceLimits& limits,
                                      const std::vector<std::string>& argv);

// Parses the limits program's arguments (everything after its name) into the limits and the
// command. Throws std::invalid_argument saying which argument is wrong.
ResourceLimits parse_limits_args(const std::vector<std::string>& args, std::vector<std::string>& command);

// setrlimit for each limit; throws std::runtime_error naming the one that failed.
void apply_limits(const ResourceLimits& limits);

// Where skirmish-bot-limits is: $SKIRMISH_BOT_LIMITS, else next to this executable (as
// the Docker image installs both in /usr/local/bin), else where the build put it.
std::string limits_program();
// The same choice, given the variable's value (null when unset) and this executable's path.
std::string find_limits_program(const char* env_value, const std::filesystem::path& self,
                                const std::string& build_path);

}  // namespace skirmish::tournament
