// skirmish-loadgen: N concurrent matches of random-move bots against a running
// skirmish-server; prints throughput, move round-trip latency, match set-up time,
// connections held, and the server's CPU time per move and RSS per connection.
//
// It starts nothing itself: run the server first, without a rate limit, e.g.
//   skirmish-server --port 9000 --threads 1 --rate-limit 0 --max-open-matches-per-ip 0 --log-level warn &
//   skirmish-loadgen --server ws://127.0.0.1:9000 --server-pid $! --matches 100 --duration 10
// GCC 12 reports "potential null pointer dereference" inside Asio's own scheduler once its
// code is inlined here (a known false positive in Boost 1.81); the warning stays on elsewhere.
#pragma GCC diagnostic ignored "-Wnull-dereference"

#include <sys/resource.h>

#include <cstdio>
#include <cstdlib>
#include <functional>
#include <map>
#include <memory>
#include <regex>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/steady_timer.hpp>

#include "bench/loadgen/bot_match.h"
#include "bench/loadgen/stats.h"

namespace asio = boost::asio;
using namespace skirmish::loadgen;

namespace {

// Every connection is a file descriptor: lift the soft limit to the hard one.
void raise_fd_limit() {
  rlimit limit{};
  if (getrlimit(RLIMIT_NOFILE, &limit) == 0 && limit.rlim_cur < limit.rlim_max) {
    limit.rlim_cur = limit.rlim_max;
    setrlimit(RLIMIT_NOFILE, &limit);
  }
}

asio::ip::tcp::endpoint parse_server(const std::string& url, std::string& host) {
  static const std::regex pattern(R"(^ws://([0-9.]+):([0-9]+)/?$)");
  std::smatch match;
  if (!std::regex_match(url, match, pattern))
    throw std::runtime_error("--server: expected ws://IPV4:PORT, got '" + url + "'");
  host = match[1].str() + ":" + match[2].str();
  return {asio::ip::make_address(match[1].str()),
          static_cast<unsigned short>(std::stoi(match[2].str()))};
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"skirmish-loadgen: concurrent random-move matches against a running skirmish-server"};
  std::string server_url = "ws://127.0.0.1:8080";
  int matches = 100;
  int server_pid = 0;
  double duration_s = 10;
  int think_ms = 0;
  int think_jitter_pct = 0;
  int setup_parallel = 200;  // 50 could not start 9,900 matches within the minute allowed
  LoadSettings settings;
  app.add_option("--server", server_url, "the server's URL, ws://IPV4:PORT (started beforehand)");
  app.add_option("--matches", matches, "concurrent matches (two connections each)")->check(CLI::Range(1, 100000));
  app.add_option("--game", settings.game, "onedchess, tactego or dcms")
      ->check(CLI::IsMember({"onedchess", "tactego", "dcms"}));
  app.add_option("--think-ms", think_ms, "each bot waits this long before each move (0 = closed loop)")
      ->check(CLI::Range(0, 600000));
  app.add_option("--think-jitter", think_jitter_pct,
                 "each think time is drawn uniformly within this percentage of --think-ms (same mean)")
      ->check(CLI::Range(0, 100));
  app.add_option("--duration", duration_s, "seconds measured once every match has started")
      ->check(CLI::Range(0.1, 3600.0));
  app.add_option("--server-pid", server_pid, "the server's pid, for CPU time and RSS from /proc");
  app.add_option("--setup-parallel", setup_parallel, "matches being set up at once")->check(CLI::Range(1, 10000));
  app.add_option("--seed", settings.seed, "random seed of the bots");
  CLI11_PARSE(app, argc, argv);
  settings.think = std::chrono::milliseconds(think_ms);
  settings.think_jitter = std::chrono::milliseconds(think_ms * think_jitter_pct / 100);
  try {
    settings.server = parse_server(server_url, settings.host);
  } catch (const std::exception& error) {
    std::fprintf(stderr, "skirmish-loadgen: %s\n", error.what());
    return 2;
  }
  raise_fd_limit();

  const long long rss_before = server_pid ? process_rss_kib(server_pid).value_or(-1) : -1;
  // One thread runs everything (BotMatch): Asio's scheduler and reactor need no locks.
  asio::io_context io{BOOST_ASIO_CONCURRENCY_HINT_UNSAFE};
  LoadTotals totals;
  std::vector<std::shared_ptr<BotMatch>> all;
  all.reserve(static_cast<std::size_t>(matches));

  std::optional<double> cpu_start;
  std::map<std::string, double> thread_cpu_start;
  Clock::time_point measure_start, all_started_at, setup_start = Clock::now();
  asio::steady_timer end_timer(io);
  int launched = 0;
  std::function<void()> launch_more;
  // How late a 10 ms timer fires: the load generator's own queueing, which every round trip
  // it measures includes (a busy generator inflates the tail, not the server).
  std::vector<double> loop_lag_us;
  asio::steady_timer lag_probe(io);
  std::function<void()> probe_lag = [&] {
    const auto due = Clock::now() + std::chrono::milliseconds(10);
    lag_probe.expires_at(due);
    lag_probe.async_wait([&, due](boost::system::error_code ec) {
      if (ec || totals.stopping) return;
      if (totals.measuring)
        loop_lag_us.push_back(std::chrono::duration<double, std::micro>(Clock::now() - due).count());
      probe_lag();
    });
  };
  auto begin_measuring = [&] {
    probe_lag();
    totals.measuring = true;
    totals.setup_ms.clear();  // the window reports re-matches; the first wave is printed apart
    measure_start = Clock::now();
    if (server_pid) {
      cpu_start = process_cpu_seconds(server_pid);
      thread_cpu_start = thread_cpu_seconds(server_pid);
    }
    end_timer.expires_after(std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(duration_s)));
    end_timer.async_wait([&](boost::system::error_code) {
      totals.measuring = false;
      totals.stopping = true;
      io.stop();
    });
  };
  std::vector<double> first_wave_setup_ms;
  asio::steady_timer warm_up(io);
  launch_more = [&] {
    while (launched < matches && launched - totals.matches_started < setup_parallel) {
      auto match = std::make_shared<BotMatch>(io, settings, totals, launched++);
      all.push_back(match);
      match->start([&] {
        if (totals.matches_started == matches) {
          first_wave_setup_ms = totals.setup_ms;
          all_started_at = Clock::now();
          // With a think time the first moves are spread over one think time (BotMatch):
          // the window opens once every match has made its first move.
          warm_up.expires_after(settings.think);
          warm_up.async_wait([&](boost::system::error_code ec) {
            if (!ec && !totals.stopping) begin_measuring();
          });
        } else {
          launch_more();
        }
      });
    }
  };
  launch_more();
  // Give up on set-up after a minute (a server that does not answer).
  asio::steady_timer setup_guard(io);
  setup_guard.expires_after(std::chrono::seconds(60));
  setup_guard.async_wait([&](boost::system::error_code) {
    if (!totals.measuring && !totals.stopping) {
      std::fprintf(stderr, "skirmish-loadgen: only %d of %d matches started within 60 s\n",
                   totals.matches_started, matches);
      totals.stopping = true;
      io.stop();
    }
  });
  io.run();

  const bool all_started = totals.matches_started == matches;
  const double seconds = std::chrono::duration<double>(Clock::now() - measure_start).count();
  const double setup_seconds = std::chrono::duration<double>(all_started_at - setup_start).count();
  std::printf("game %s, %d matches (%d connections held at the end), think %d ms",
              settings.game.c_str(), matches, totals.connections_open, think_ms);
  if (think_jitter_pct > 0) std::printf(" +- %d%%", think_jitter_pct);
  std::printf("\n");
  // Without every match running there was no measured window: only the held connections
  // and the server's memory mean something.
  if (all_started) {
    std::printf("set-up of all matches: %.2f s; first game set-up (create, join, start) p50 %.2f ms, p99 %.2f ms\n",
                setup_seconds, percentile(first_wave_setup_ms, 0.5), percentile(first_wave_setup_ms, 0.99));
    if (!totals.setup_ms.empty())
      std::printf("re-match set-up during the run (%zu): p50 %.2f ms, p99 %.2f ms\n", totals.setup_ms.size(),
                  percentile(totals.setup_ms, 0.5), percentile(totals.setup_ms, 0.99));
    if (totals.first_move_earliest && totals.first_move_latest)
      std::printf("first moves spread over %.0f ms (think %d ms)\n",
                  std::chrono::duration<double, std::milli>(*totals.first_move_latest -
                                                            *totals.first_move_earliest).count(),
                  think_ms);
    std::printf("measured %.2f s: %lld moves, %.0f moves/s, %lld games finished\n", seconds, totals.moves,
                static_cast<double>(totals.moves) / seconds, totals.games_finished);
    std::printf("move round trip (send -> new state): p50 %.0f us, p99 %.0f us, p99.9 %.0f us\n",
                percentile(totals.move_latency_us, 0.5), percentile(totals.move_latency_us, 0.99),
                percentile(totals.move_latency_us, 0.999));
    std::printf("load generator's own lag (a 10 ms timer firing late): p50 %.0f us, p99 %.0f us, max %.0f us\n",
                percentile(loop_lag_us, 0.5), percentile(loop_lag_us, 0.99), percentile(loop_lag_us, 1.0));
  }
  if (server_pid) {
    const auto cpu_end = process_cpu_seconds(server_pid);
    const auto thread_cpu_end = thread_cpu_seconds(server_pid);
    const auto rss_after = process_rss_kib(server_pid);
    if (all_started && cpu_start && cpu_end && totals.moves > 0) {
      std::printf("server CPU (user+system): %.2f s, %.1f us per move\n", *cpu_end - *cpu_start,
                  (*cpu_end - *cpu_start) * 1e6 / static_cast<double>(totals.moves));
      std::printf("server CPU by thread: %s\n",
                  cpu_per_move_by_thread(thread_cpu_start, thread_cpu_end, totals.moves).c_str());
    }
    if (rss_before >= 0 && rss_after && totals.connections_open > 0)
      std::printf("server RSS: %lld KiB before, %lld KiB after: %.1f KiB per connection\n", rss_before,
                  *rss_after,
                  static_cast<double>(*rss_after - rss_before) / totals.connections_open);
  }
  rusage self{};
  getrusage(RUSAGE_SELF, &self);
  const double own_cpu = static_cast<double>(self.ru_utime.tv_sec + self.ru_stime.tv_sec) +
                         static_cast<double>(self.ru_utime.tv_usec + self.ru_stime.tv_usec) / 1e6;
  double load[1] = {0};
  getloadavg(load, 1);
  std::printf("load generator CPU (whole run): %.2f s; machine load average %.2f\n", own_cpu, load[0]);
  std::printf("errors: %lld (rate_limited %lld)%s%s\n", totals.errors, totals.rate_limited,
              totals.first_error.empty() ? "" : "; first: ", totals.first_error.c_str());
  return all_started ? 0 : 1;
}
