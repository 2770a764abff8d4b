// GCC 12 reports "potential null pointer dereference" inside Asio's own scheduler once its
// code is inlined here (a known false positive in Boost 1.81); the warning stays on elsewhere.
#pragma GCC diagnostic ignored "-Wnull-dereference"

#include "bench/loadgen/bot_match.h"

#include <algorithm>
#include <cstdio>
#include <deque>
#include <random>
#include <utility>

#include <boost/asio/steady_timer.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/websocket.hpp>

#include "bench/loadgen/message_summary.h"
#include "bench/loadgen/request_text.h"

namespace skirmish::loadgen {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace websocket = beast::websocket;
// A plain socket on the io_context's own executor: no type-erased any_io_executor, and no
// tcp_stream timer armed on every read and write (the connect has a timer of its own).
using Socket = asio::basic_stream_socket<asio::ip::tcp, asio::io_context::executor_type>;

// One seat's connection: a read loop and a write queue (one async_write at a time).
struct BotMatch::Seat {
  Seat(asio::io_context& io, BotMatch& match, int seat_index)
      : ws(io), think_timer(io), owner(match), index(seat_index),
        rng(match.settings_.seed * 7919 + static_cast<unsigned long long>(match.index_ * 2 + seat_index)) {}

  websocket::stream<Socket, /*deflateSupported=*/false> ws;
  beast::flat_buffer buffer;
  // Requests to send, the front one being written. Their strings are recycled (a sent one
  // goes to the back, past `queued`), and a deque never moves the one being written.
  std::deque<std::string> outbox;
  std::size_t queued = 0;
  bool writing = false;
  bool open = false;
  bool connecting = false;
  bool connect_timed_out = false;
  asio::steady_timer think_timer;  // also the connect and handshake's time limit
  BotMatch& owner;
  int index;
  std::mt19937_64 rng;
  MessageSummary message;  // of the frame being handled, reused
  // The latest running state this seat saw, as sent, and where its view is in it.
  bool running = false;
  std::string last_state;
  std::string_view::size_type view_at = 0, view_size = 0;
  std::optional<Game> game;
  long long acted_turn = -1;  // the turn this seat last moved in
  long long next_id = 1;
  long long pending_move_id = 0;
  Clock::time_point move_sent;

  void send(std::string_view text) {
    if (queued == outbox.size()) outbox.emplace_back();
    outbox[queued++].assign(text);
    if (!writing) write_next();
  }
  void write_next() {
    if (queued == 0 || !open) return;
    writing = true;
    ws.async_write(asio::buffer(outbox.front()),
                   [this, self = owner.shared_from_this()](beast::error_code ec, std::size_t) {
                     writing = false;
                     if (ec) return owner.on_closed(index, "write: " + ec.message());
                     std::rotate(outbox.begin(), outbox.begin() + 1,
                                 outbox.begin() + static_cast<std::ptrdiff_t>(queued));
                     --queued;
                     write_next();
                   });
  }
  void read_next() {
    ws.async_read(buffer, [this, self = owner.shared_from_this()](beast::error_code ec, std::size_t) {
      if (ec) return owner.on_closed(index, "read: " + ec.message());
      // A flat_buffer holds the message in one piece: read it where it lies.
      const auto bytes = buffer.cdata();
      owner.on_message(index, std::string_view(static_cast<const char*>(bytes.data()), bytes.size()));
      buffer.consume(buffer.size());
      if (open) read_next();
    });
  }
  void keep_state(std::string_view text) {
    if (!running) game = game_named(message.game);  // the same for the whole game
    running = true;
    last_state.assign(text);
    view_at = message.view.empty() ? 0 : static_cast<std::size_t>(message.view.data() - text.data());
    view_size = message.view.size();
  }
  std::string_view last_view() const { return std::string_view(last_state).substr(view_at, view_size); }

  void connect() {
    auto self = owner.shared_from_this();
    connecting = true;
    think_timer.expires_after(std::chrono::seconds(10));
    think_timer.async_wait([this, self](beast::error_code ec) {
      if (ec || !connecting) return;
      connect_timed_out = true;
      beast::error_code ignored;
      beast::get_lowest_layer(ws).close(ignored);  // the pending connect or handshake fails
    });
    beast::get_lowest_layer(ws).async_connect(owner.settings_.server, [this, self](beast::error_code ec) {
      if (ec) return connect_failed("connect", ec);
      // Small request/reply messages: never wait for Nagle's algorithm.
      beast::get_lowest_layer(ws).set_option(asio::ip::tcp::no_delay(true));
      ws.async_handshake(owner.settings_.host, "/", [this, self](beast::error_code hec) {
        if (hec) return connect_failed("handshake", hec);
        connecting = false;
        think_timer.cancel();
        open = true;
        ++owner.totals_.connections_open;
        ws.text(true);
        // The mask of each frame a client sends need not be unpredictable here.
        ws.secure_prng(false);
        read_next();
        write_hello(owner.request_, next_id++);
        send(owner.request_);
      });
    });
  }
  void connect_failed(const char* step, beast::error_code ec) {
    connecting = false;
    think_timer.cancel();
    owner.fail(std::string(step) + ": " + (connect_timed_out ? std::string("timed out after 10 s") : ec.message()));
  }
};

BotMatch::BotMatch(asio::io_context& io, const LoadSettings& settings, LoadTotals& totals, int index)
    : io_(io), settings_(settings), totals_(totals), index_(index), think_(settings.think, settings.think_jitter) {}

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
    seat->running = false;
  }
  setup_started_ = Clock::now();
  write_create_match(request_, settings_.game, seats_[0]->next_id++);
  seats_[0]->send(request_);
}

void BotMatch::act(int seat) {
  Seat& s = *seats_[seat];
  if (totals_.stopping || !s.open || !s.running) return;
  const long long id = s.next_id++;
  if (!s.game || !picker_.pick(*s.game, s.last_view(), seat, id, s.rng, request_))
    return fail("no move found in " + s.last_state.substr(0, 200));
  s.pending_move_id = id;
  s.move_sent = Clock::now();
  s.send(request_);
}

void BotMatch::on_message(int seat, std::string_view text) {
  Seat& s = *seats_[seat];
  const MessageSummary& message = s.message;
  if (!summarize(text, s.message)) return fail("not a JSON object: " + std::string(text.substr(0, 200)));
  const std::string_view type = message.type;
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
    write_join(request_, match_id_, seats_[0]->next_id++);
    seats_[0]->send(request_);
  } else if (type == "joined") {
    if (seat == 0) {
      write_join(request_, match_id_, seats_[1]->next_id++);
      seats_[1]->send(request_);
    }
  } else if (type == "state") {
    if (message.status == "waiting") return;
    if (message.status == "over") {
      if (++over_seen_ == 2) {
        ++totals_.games_finished;
        for (auto& each : seats_) {
          write_leave(request_, each->next_id++);
          each->send(request_);
        }
      }
      return;
    }
    if (!s.running && ++running_seen_ == 2) {
      if (totals_.measuring || first_game_)
        totals_.setup_ms.push_back(
            std::chrono::duration<double, std::milli>(Clock::now() - setup_started_).count());
      if (first_game_) {
        first_game_ = false;
        ++totals_.matches_started;
        if (on_started_) on_started_();
      }
    }
    s.keep_state(text);
    if (message.you_to_act() && message.turn != s.acted_turn) {
      s.acted_turn = message.turn;
      if (settings_.think.count() > 0) {
        const auto [wait, first_share_drawn] = think_.before(message.turn, s.rng);
        if (first_share_drawn) {
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
    fail("error " + std::string(message.code) + ": " + std::string(message.message));
    // A server that will not make the matches: say why now rather than time out.
    if ((message.code == "too_many_open_matches" || message.code == "server_full") &&
        !totals_.stopping) {
      std::fprintf(stderr,
                   "skirmish-loadgen: the server refused a match (%s: %s); start it with "
                   "--max-open-matches-per-ip 0 (and --max-connections above twice --matches)\n",
                   std::string(message.code).c_str(), std::string(message.message).c_str());
      totals_.stopping = true;
      io_.stop();
    }
  }
}

}  // namespace skirmish::loadgen
