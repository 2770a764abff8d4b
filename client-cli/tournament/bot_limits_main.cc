// skirmish-bot-limits: sets resource limits on itself, then execs the bot, so the limits
// hold for the bot program and everything it starts. Used by `skirmish tournament`.
//   skirmish-bot-limits --memory-mb 512 --cpu-seconds 600 --processes 256 --open-files 64 -- CMD ARGS...
#include <cerrno>
#include <csignal>
#include <cstring>
#include <iostream>
#include <string>
#include <vector>

#include <sys/prctl.h>
#include <unistd.h>

#include "client-cli/tournament/resource_limits.h"

namespace {

constexpr const char* kUsage =
    "usage: skirmish-bot-limits [--memory-mb N] [--cpu-seconds N] [--processes N] [--open-files N] -- "
    "COMMAND ARGS...\n"
    "Sets these limits on itself, then runs COMMAND (0 = no limit; left out, skirmish tournament's\n"
    "defaults: 1024 MiB, 600 s, 256 processes, 64 files).\n"
    "`skirmish tournament` runs each bot so (docs/tournaments.md, \"Limits\").\n";

}  // namespace

int main(int argc, char** argv) {
  std::vector<std::string> args(argv + 1, argv + argc);
  if (args.size() == 1 && (args[0] == "--help" || args[0] == "-h")) {
    std::cout << kUsage;
    return 0;
  }
  std::vector<std::string> command;
  try {
    skirmish::tournament::apply_limits(skirmish::tournament::parse_limits_args(args, command));
  } catch (const std::exception& e) {
    // 126, as a shell says of a command it found but could not run: the bot did not start.
    std::cerr << "skirmish-bot-limits: " << e.what() << "\n" << kUsage << std::flush;
    return 126;
  }
  // The bot dies with whoever started it: a tournament killed with SIGKILL cannot stop its
  // bots, and a hung one would run on until its CPU limit. The kernel's signal is kept
  // across exec; a parent already gone by now is checked for by hand.
  const pid_t parent = getppid();
  ::prctl(PR_SET_PDEATHSIG, SIGKILL);
  if (getppid() != parent) return 126;
  std::vector<char*> exec_args;
  for (auto& arg : command) exec_args.push_back(arg.data());
  exec_args.push_back(nullptr);
  execvp(exec_args[0], exec_args.data());
  std::cerr << "skirmish-bot-limits: cannot run '" << command[0] << "': " << std::strerror(errno) << std::endl;
  return 127;
}
