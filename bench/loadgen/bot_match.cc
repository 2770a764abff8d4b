// GCC 12 reports "potential null pointer dereference" inside Asio's own scheduler once its
// code is inlined here (a known false positive in Boost 1.81); the warning stays on elsewhere.
#pragma GCC diagnostic ignored "-Wnull-dereference"

#include "bench/loadgen/bot_match.h"

#include <cstdio>
#include <deque>
#include <random>
#include <utility>

#include <boost/asio/steady_timer.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/websocket.hpp>
#include <nlohmann/json.hpp>

#include "bench/loadgen/message_summary.h"
#include "bench/loadgen/move_picker.h"

namespace skirmish::loadgen {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace websocket = beast::websocket;
using Json = nlohmann::json;

// One seat's connection: a read loop and a write queue (one async_write at a time).
struct BotMatch::Seat {
  Seat(asio::io_context& io, BotMatch& match, int seat_index)
      : ws(io), think_timer(io), owner(match), index(seat_index),
        rng(match.settings_.seed * 7919 + static_cast<unsigned long long>(match.index_ * 2 + seat_index)) {}

  websocket::stream<beast::tcp_stream> ws;
  beast::flat_buffer buffer;
  std::deque<std::string> outbox;
  bool writing = false;
  bool open = false;
  asio::steady_timer think_timer;
  BotMatch& owner;
  int index;
  std::mt19937_64 rng;
  std::string last_state;  // the latest running state this seat saw, as sent
  long long acted_turn = -1;  // the turn this seat last moved in
  long long next_id = 1;
  long long pending_move_id = 0;
  Clock::time_point move_sent;

  void send(std::string text) {
    outbox.push_back(std::move(text));
    if (!writing) write_next();
  }
  void write_next() {
    if (outbox.empty() || !open) return;
    writing = true;
    ws.text(true);
    ws.async_write(asio::buffer(outbox.front()),
                   [this, self = owner.shared_from_this()](beast::error_code ec, std::size_t) {
                     writing = false;
                     if (ec) return owner.on_closed(index, "write: " + ec.message());
                     outbox.pop_front();
                     write_next();
                   });
  }
  void read_next() {
    ws.async_read(buffer, [this, self = owner.shared_from_this()](beast::error_code ec, std::size_t) {
      if (ec) return owner.on_closed(index, "read: " + ec.message());
      std::string text = beast::buffers_to_string(buffer.data());
      buffer.consume(buffer.size());
      owner.on_message(index, std::move(text));
      if (open) read_next();
    });
  }
  void connect() {
    beast::get_lowest_layer(ws).expires_after(std::chrono::seconds(10));
    beast::get_lowest_layer(ws).async_connect(
        owner.settings_.server, [this, self = owner.shared_from_this()](beast::error_code ec) {
          if (ec) return owner.fail("connect: " + ec.message());
          // Small request/reply messages: never wait for Nagle's algorithm.
          beast::get_lowest_layer(ws).socket().set_option(asio::ip::tcp::no_delay(true));
          ws.async_handshake(owner.settings_.host, "/",
                             [this, self](beast::error_code hec) {
                               if (hec) return owner.fail("handshake: " + hec.message());
                               beast::get_lowest_layer(ws).expires_never();
                               open = true;
                               ++owner.totals_.connections_open;
                               read_next();
                               send(Json{{"type", "hello"}, {"version", 1}, {"name", "loadgen"},
                                         {"id", next_id++}}.dump());
                             });
        });
  }
};

BotMatch::BotMatch(asio::io_context& io, const LoadSettings& settings, LoadTotals& totals, int index)
    : io_(io), settings_(settings), totals_(totals), index_(index) {}

BotMatch::~BotMatch() = default;

void BotMatch::start(std::function<void()> on_started) {
  on_started_ = std::move(on_started);
  for (int i = 0; i < 2; ++i) seats_[i] = std::make_unique<Seat>(io_, *this, i);
  for (auto& seat : seats_) seat->connect();
}

void BotMatch::fail(const std::string& what) {
  ++totals_.errors;
  if (totals_.first_error.empty())
    totals_.first_error = "match " + std::to_string(index_) + ": " + what;
}

void BotMatch::on_closed(int seat, const std::string& why) {
  Seat& s = *seats_[seat];
  if (!s.open) return;
  s.open = false;
  --totals_.connections_open;
  if (!totals_.stopping) fail("seat " + std::to_string(seat) + " closed: " + why);
}

void BotMatch::create_match() {
  running_seen_ = over_seen_ = left_seen_ = 0;
  for (auto& seat : seats_) {
    seat->acted_turn = -1;
    seat->last_state.clear();
  }
  setup_started_ = Clock::now();
  Json options = Json::object();
  if (settings_.game == "onedchess") options["max_turns"] = 200;
  if (settings_.game == "tactego") options["max_turns"] = 300;
  if (settings_.game == "dcms") options["move_time_ms"] = 0;
  seats_[0]->send(Json{{"type", "create_match"}, {"game", settings_.game}, {"options", options},
                       {"id", seats_[0]->next_id++}}.dump());
}

void BotMatch::act(int seat) {
  Seat& s = *seats_[seat];
  if (totals_.stopping || !s.open || s.last_state.empty()) return;
  const long long id = s.next_id++;
  const Json state = Json::parse(s.last_state, nullptr, /*allow_exceptions=*/false);
  std::string move = state.is_discarded() ? std::string() : pick_move(state, seat, id, s.rng);
  if (move.empty()) return fail("no move found in " + s.last_state.substr(0, 200));
  s.pending_move_id = id;
  s.move_sent = Clock::now();
  s.send(std::move(move));
}

void BotMatch::on_message(int seat, std::string text) {
  Seat& s = *seats_[seat];
  MessageSummary message;
  if (!summarize(text, message)) return fail("not a JSON object: " + text.substr(0, 200));
  const std::string& type = message.type;
  if (s.pending_move_id != 0 && message.id == s.pending_move_id) {
    s.pending_move_id = 0;
    if (type == "error") {
      // Refused (rate limit, or a move the view did not predict): try again shortly.
      s.think_timer.expires_after(std::chrono::milliseconds(10));
      s.think_timer.async_wait([this, seat, self = shared_from_this()](beast::error_code ec) {
        if (!ec) act(seat);
      });
    } else if (totals_.measuring) {
      ++totals_.moves;
      totals_.move_latency_us.push_back(
          std::chrono::duration<double, std::micro>(Clock::now() - s.move_sent).count());
    }
  }

  if (type == "welcome") {
    if (++welcomed_ == 2) create_match();
  } else if (type == "match_created") {
    match_id_ = message.match;
    seats_[0]->send(Json{{"type", "join"}, {"match", match_id_}, {"id", seats_[0]->next_id++}}.dump());
  } else if (type == "joined") {
    if (seat == 0)
      seats_[1]->send(Json{{"type", "join"}, {"match", match_id_}, {"id", seats_[1]->next_id++}}.dump());
  } else if (type == "state") {
    if (message.status == "waiting") return;
    if (message.status == "over") {
      if (++over_seen_ == 2) {
        ++totals_.games_finished;
        for (auto& each : seats_)
          each->send(Json{{"type", "leave"}, {"id", each->next_id++}}.dump());
      }
      return;
    }
    if (s.last_state.empty() && ++running_seen_ == 2) {
      if (totals_.measuring || first_game_)
        totals_.setup_ms.push_back(
            std::chrono::duration<double, std::milli>(Clock::now() - setup_started_).count());
      if (first_game_) {
        first_game_ = false;
        ++totals_.matches_started;
        if (on_started_) on_started_();
      }
    }
    s.last_state = std::move(text);
    if (message.you_to_act() && message.turn != s.acted_turn) {
      s.acted_turn = message.turn;
      if (settings_.think.count() > 0) {
        // All matches are set up within a fraction of a second, and bots that each think
        // exactly as long would go on moving in lockstep, every match in the same few
        // hundred milliseconds of each period. Independent players do not: the first move
        // of each match waits a random part of one think time instead, which spreads the
        // matches over the whole period for the rest of the run.
        auto wait = settings_.think;
        if (!std::exchange(phase_spread_, true)) {
          wait = std::chrono::milliseconds(s.rng() % static_cast<unsigned long long>(settings_.think.count()));
          const auto due = Clock::now() + wait;
          if (!totals_.first_move_earliest || due < *totals_.first_move_earliest) totals_.first_move_earliest = due;
          if (!totals_.first_move_latest || due > *totals_.first_move_latest) totals_.first_move_latest = due;
        }
        s.think_timer.expires_after(wait);
        s.think_timer.async_wait([this, seat, self = shared_from_this()](beast::error_code ec) {
          if (!ec) act(seat);
        });
      } else {
        act(seat);
      }
    }
  } else if (type == "left") {
    if (++left_seen_ == 2 && !totals_.stopping) create_match();
  } else if (type == "error") {
    if (message.code == "rate_limited") ++totals_.rate_limited;
    fail("error " + message.code + ": " + message.message);
    // A server that will not make the matches: say why now rather than time out.
    if ((message.code == "too_many_open_matches" || message.code == "server_full") &&
        !totals_.stopping) {
      std::fprintf(stderr,
                   "skirmish-loadgen: the server refused a match (%s: %s); start it with "
                   "--max-open-matches-per-ip 0 (and --max-connections above twice --matches)\n",
                   message.code.c_str(), message.message.c_str());
      totals_.stopping = true;
      io_.stop();
    }
  }
}

}  // namespace skirmish::loadgen
