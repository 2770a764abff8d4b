// skirmish-bot-limits: sets resource limits on itself, then execs the bot, so the limits
// hold for the bot program and everything it starts. Used by `skirmish tournament`.
//   skirmish-bot-limits --memory-mb 512 --cpu-seconds 600 --processes 256 --open-files 64 -- CMD ARGS...
#include <cerrno>
#include <cstring>
#include <iostream>
#include <string>
#include <vector>

#include <unistd.h>

#include "client-cli/tournament/resource_limits.h"

int main(int argc, char** argv) {
  std::vector<std::string> args(argv + 1, argv + argc);
  std::vector<std::string> command;
  try {
    skirmish::tournament::apply_limits(skirmish::tournament::parse_limits_args(args, command));
  } catch (const std::exception& e) {
    std::cerr << "skirmish-bot-limits: " << e.what() << std::endl;
    return 126;
  }
  std::vector<char*> exec_args;
  for (auto& arg : command) exec_args.push_back(arg.data());
  exec_args.push_back(nullptr);
  execvp(exec_args[0], exec_args.data());
  std::cerr << "skirmish-bot-limits: cannot run '" << command[0] << "': " << std::strerror(errno) << std::endl;
  return 127;
}
