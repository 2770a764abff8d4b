// BotProcess: how a bot's end is told, and that nothing the bot started outlives it, even
// when the bot itself exits politely at the end of its input.
#include <catch2/catch.hpp>

#include <chrono>
#include <fstream>
#include <string>
#include <thread>

#include <boost/asio/io_context.hpp>

#include "client-cli/bot_process.h"

namespace {

using skirmish::client::BotProcess;

// Whether process `pid` is gone or only a zombie waiting for whoever adopted it.
bool has_ended(const std::string& pid) {
  std::ifstream stat("/proc/" + pid + "/stat");
  std::string text;
  if (!std::getline(stat, text)) return true;
  const auto after_name = text.rfind(')');
  return after_name != std::string::npos && text.compare(after_name + 2, 1, "Z") == 0;
}

// Runs `io` until `done` holds, at most 5 s.
template <typename Done>
void run_until(boost::asio::io_context& io, Done done) {
  const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(5);
  while (!done() && std::chrono::steady_clock::now() < until) {
    io.restart();
    io.run_for(std::chrono::milliseconds(20));
  }
}

}  // namespace

TEST_CASE("a bot that exits at the end of its input leaves nothing it started running") {
  boost::asio::io_context io;
  // Starts a child that would sleep for a minute, says its pid, then reads until stdin ends
  // and exits 0: the polite way to end.
  BotProcess bot(io, {"/bin/sh", "-c", "sleep 60 >/dev/null 2>&1 & echo $!; while read -r line; do :; done; exit 0"},
                 "/dev/null");
  std::string child;
  bot.start([&](const std::string& line) { child = line; }, [](const std::string&) {});
  run_until(io, [&] { return !child.empty(); });
  REQUIRE(!child.empty());
  CHECK_FALSE(has_ended(child));
  bot.stop();
  for (int i = 0; i < 200 && !has_ended(child); ++i) std::this_thread::sleep_for(std::chrono::milliseconds(10));
  CHECK(has_ended(child));
}

TEST_CASE("how a bot ended is told by its exit status or its signal") {
  boost::asio::io_context io;
  BotProcess exits(io, {"/bin/sh", "-c", "exit 3"}, "/dev/null");
  std::string ended;
  exits.start([](const std::string&) {}, [&](const std::string& what) { ended = what; });
  run_until(io, [&] { return !ended.empty(); });
  CHECK(ended == "exited with status 3");
  CHECK(exits.exit_status_now() == "exited with status 3");  // still known: not reaped before the stop

  BotProcess killed(io, {"/bin/sh", "-c", "kill -9 $$"}, "/dev/null");
  std::string how;
  killed.start([](const std::string&) {}, [&](const std::string& what) { how = what; });
  run_until(io, [&] { return !how.empty(); });
  CHECK(how == "was killed by signal 9 (Killed)");
}
