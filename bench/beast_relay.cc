#include "bench/beast_relay.h"

#include <unistd.h>

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/websocket.hpp>
#include <deque>
#include <memory>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <utility>

namespace skirmish_bench {
namespace {

namespace beast = boost::beast;
namespace websocket = beast::websocket;
namespace net = boost::asio;
using tcp = net::ip::tcp;
using Text = std::shared_ptr<const std::string>;

constexpr std::size_t kMoveBytes = 100;

std::string padded(std::string text, std::size_t bytes, std::size_t pad_at) {
  if (text.size() > bytes) throw std::logic_error("relay message longer than its size");
  text.insert(pad_at, bytes - text.size(), 'x');
  return text;
}

// A seat's view as a game server would write it: its own fields, some from the move.
nlohmann::json state_of(const nlohmann::json& move, int seat, const std::string& pad) {
  return {{"type", "state"},
          {"match", move.at("match")},
          {"seat", seat},
          {"last_move", move.at("move")},
          {"view", {{"board", {0, 1, 2, 3, 4, 5, 6, 7, 8, 9}}, {"to_move", 1 - seat}}},
          {"pad", pad}};
}

class Relay;

class Seat {
 public:
  Seat(Relay& relay, std::size_t index, net::io_context& io, int fd);
  void start();
  void send(Text text);

 private:
  void read();
  void write_front();

  Relay& relay_;
  std::size_t index_;
  websocket::stream<tcp::socket> ws_;
  beast::flat_buffer buffer_;
  std::deque<Text> queue_;
};

class Relay {
 public:
  Relay(const std::vector<int>& seats, RelayJson json, std::size_t state_bytes) : json_(json) {
    const nlohmann::json sample = nlohmann::json::parse(relay_move_text());
    const std::size_t bare = state_of(sample, 0, "").dump().size();
    if (bare > state_bytes) throw std::logic_error("state_bytes too small for the relay's state");
    pad_.assign(state_bytes - bare, 'x');
    ready_state_ = std::make_shared<const std::string>(state_of(sample, 0, pad_).dump());
    for (std::size_t i = 0; i < seats.size(); ++i)
      seats_.push_back(std::make_unique<Seat>(*this, i, io_, seats[i]));
    open_ = seats_.size();
  }

  [[noreturn]] void run() {
    for (auto& seat : seats_) seat->start();
    io_.run();
    _exit(0);
  }

  void on_move(std::size_t seat, const beast::flat_buffer& message) {
    const std::size_t first = seat - seat % 2;
    if (json_ == RelayJson::none) {
      seats_[first]->send(ready_state_);
      seats_[first + 1]->send(ready_state_);
      return;
    }
    const auto data = message.data();
    const auto* begin = static_cast<const char*>(data.data());
    const nlohmann::json move = nlohmann::json::parse(begin, begin + data.size());
    for (int k = 0; k < 2; ++k)
      seats_[first + static_cast<std::size_t>(k)]->send(
          std::make_shared<const std::string>(state_of(move, k, pad_).dump()));
  }

  void on_closed() {
    if (--open_ == 0) io_.stop();
  }

 private:
  net::io_context io_{1};  // one thread, as the server's `--threads 1`
  RelayJson json_;
  std::string pad_;
  Text ready_state_;
  std::vector<std::unique_ptr<Seat>> seats_;
  std::size_t open_ = 0;
};

Seat::Seat(Relay& relay, std::size_t index, net::io_context& io, int fd)
    : relay_(relay), index_(index), ws_(io) {
  ws_.next_layer().assign(tcp::v4(), fd);
  ws_.text(true);
}

void Seat::start() {
  ws_.async_accept([this](beast::error_code ec) {
    if (ec) return relay_.on_closed();
    read();
  });
}

void Seat::read() {
  ws_.async_read(buffer_, [this](beast::error_code ec, std::size_t) {
    if (ec) return relay_.on_closed();
    relay_.on_move(index_, buffer_);
    buffer_.consume(buffer_.size());
    read();
  });
}

void Seat::send(Text text) {
  queue_.push_back(std::move(text));
  if (queue_.size() == 1) write_front();
}

void Seat::write_front() {
  ws_.async_write(net::buffer(*queue_.front()), [this](beast::error_code ec, std::size_t) {
    if (ec) return;  // the peer hung up; its read reports it
    queue_.pop_front();
    if (!queue_.empty()) write_front();
  });
}

}  // namespace

std::string relay_move_text() {
  const std::string bare = R"({"type":"move","match":"ABCD2345","move":{"from":[3,4],"to":[4,4]},"pad":""})";
  return padded(bare, kMoveBytes, bare.size() - 2);
}

void run_beast_relay(const std::vector<int>& seats, RelayJson json, std::size_t state_bytes) {
  Relay relay(seats, json, state_bytes);
  relay.run();
}

}  // namespace skirmish_bench
