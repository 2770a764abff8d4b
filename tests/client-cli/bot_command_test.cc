// How a bot's command is run: any shell command works, a plain one replaces the shell, and a
// crash behind a shell that stays is still told as a signal.
#include <catch2/catch.hpp>

#include <chrono>
#include <string>
#include <vector>

#include <boost/asio/io_context.hpp>

#include "client-cli/bot_command.h"
#include "client-cli/bot_process.h"

namespace {

using skirmish::client::bot_command_argv;
using skirmish::client::BotProcess;
using skirmish::client::is_plain_command;
using Argv = std::vector<std::string>;

// Runs `argv` as a bot until it ends (at most 5 s): its lines and how it ended.
std::pair<std::vector<std::string>, std::string> run_bot(const Argv& argv) {
  boost::asio::io_context io;
  BotProcess bot(io, argv, "/dev/null");
  std::vector<std::string> lines;
  std::string ended;
  bot.start([&](const std::string& line) { lines.push_back(line); }, [&](const std::string& what) { ended = what; });
  const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(5);
  while (ended.empty() && std::chrono::steady_clock::now() < until) {
    io.restart();
    io.run_for(std::chrono::milliseconds(20));
  }
  bot.stop();
  return {lines, ended};
}

}  // namespace

TEST_CASE("a plain bot command replaces the shell and any other shell command runs as written") {
  CHECK(bot_command_argv("python3 bots/random_onedchess.py --depth 2") ==
        Argv{"/bin/sh", "-c", "exec python3 bots/random_onedchess.py --depth 2"});
  CHECK(bot_command_argv("./mine 2>>mine.err") == Argv{"/bin/sh", "-c", "exec ./mine 2>>mine.err"});
  CHECK(bot_command_argv("cd bots && python3 random_onedchess.py") ==
        Argv{"/bin/sh", "-c", "cd bots && python3 random_onedchess.py"});
  CHECK(bot_command_argv("sleep 0; python3 x.py") == Argv{"/bin/sh", "-c", "sleep 0; python3 x.py"});
  CHECK(bot_command_argv("DEPTH=3 ./mine") == Argv{"/bin/sh", "-c", "DEPTH=3 ./mine"});
  CHECK(bot_command_argv("exec ./mine") == Argv{"/bin/sh", "-c", "exec ./mine"});
  CHECK_FALSE(is_plain_command("./mine | tee out"));
  CHECK_FALSE(is_plain_command("(cd bots; ./mine)"));
  CHECK_FALSE(is_plain_command("export X=1\n./mine"));
  CHECK_FALSE(is_plain_command("ulimit -v 100000 && ./mine"));
  CHECK(is_plain_command("./mine --name=x"));  // an '=' in an argument is no assignment
}

TEST_CASE("a bot command with shell syntax runs whole") {
  // The user's report: `cd DIR && PROGRAM` failed with "exec: cd: not found" (127), and
  // `sleep 0; PROGRAM` ran only the sleep.
  auto [lines, ended] = run_bot(bot_command_argv("cd / && pwd; echo second"));
  CHECK(lines == std::vector<std::string>{"/", "second"});
  CHECK(ended == "exited with status 0");
  auto [assigned, how] = run_bot(bot_command_argv("WORD=hello; echo $WORD"));
  CHECK(assigned == std::vector<std::string>{"hello"});
}

TEST_CASE("a bot killed behind a shell that stays is told as killed by its signal") {
  auto [lines, ended] = run_bot(bot_command_argv("cd / && sh -c 'kill -TERM $$'"));
  CHECK(ended == "exited with status 143, as a shell says its command was killed by signal 15 (Terminated)");
  // A plain command's program replaces the shell: its own signal, no shell status.
  auto [plain_lines, plain] = run_bot(bot_command_argv("sh -c 'kill -TERM $$'"));
  CHECK(plain == "was killed by signal 15 (Terminated)");
  // A status of its own below 128 is only a status.
  auto [status_lines, status] = run_bot(bot_command_argv("cd / && exit 3"));
  CHECK(status == "exited with status 3");
}
