#pragma once
// One match of the load generator: two WebSocket connections (one per seat) that say hello,
// create and join a match, play random legal moves until it ends, leave, and start the
// next match on the same connections. Everything runs on one io_context thread.
#include <chrono>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>

#include "bench/loadgen/move_picker.h"
#include "bench/loadgen/think_time.h"

namespace skirmish::loadgen {

using Clock = std::chrono::steady_clock;

struct LoadSettings {
  boost::asio::ip::tcp::endpoint server;
  std::string host;  // Host header
  std::string game = "onedchess";
  std::chrono::milliseconds think{0};
  // Each think time is drawn uniformly from think +- think_jitter (0: exactly think).
  std::chrono::milliseconds think_jitter{0};
  unsigned long long seed = 1;
};

// What every match reports into (one thread: no locking).
struct LoadTotals {
  bool measuring = false;  // samples are kept only inside the measured window
  bool stopping = false;
  long long moves = 0;             // move replies received while measuring
  long long games_finished = 0;
  long long errors = 0;
  long long rate_limited = 0;
  int connections_open = 0;
  int matches_started = 0;         // first game of each match under way
  std::vector<double> move_latency_us;
  std::vector<double> setup_ms;
  // When the matches' first moves were due (with a think time; BotMatch spreads them).
  std::optional<Clock::time_point> first_move_earliest, first_move_latest;
  std::string first_error;
};

class BotMatch : public std::enable_shared_from_this<BotMatch> {
 public:
  BotMatch(boost::asio::io_context& io, const LoadSettings& settings, LoadTotals& totals, int index);
  ~BotMatch();
  // Connects both seats and starts the first game; `on_started` runs once it is running.
  void start(std::function<void()> on_started);

 private:
  struct Seat;
  void on_message(int seat, std::string_view text);
  void on_closed(int seat, const std::string& why);
  void create_match();
  void act(int seat);
  void fail(const std::string& what);

  boost::asio::io_context& io_;
  const LoadSettings& settings_;
  LoadTotals& totals_;
  int index_;
  std::unique_ptr<Seat> seats_[2];
  std::function<void()> on_started_;
  int welcomed_ = 0;
  int running_seen_ = 0;
  int over_seen_ = 0;
  int left_seen_ = 0;
  bool first_game_ = true;
  ThinkTime think_;  // the wait before each move, the first turn's spread included
  std::string match_id_;
  std::string request_;  // the text of the request being sent, reused
  MovePicker picker_;
  Clock::time_point setup_started_;
};

}  // namespace skirmish::loadgen
