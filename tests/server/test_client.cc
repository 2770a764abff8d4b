#include "tests/server/test_client.h"

// GCC 12 reports "potential null pointer dereference" inside Asio's own scheduler once its
// code is inlined here (a known false positive); the warning stays on everywhere else.
#pragma GCC diagnostic ignored "-Wnull-dereference"

#include <fcntl.h>
#include <unistd.h>

#include <cstdlib>
#include <deque>
#include <mutex>
#include <stdexcept>

#include <boost/asio/connect.hpp>
#include <boost/asio/write.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/websocket.hpp>

namespace skirmish::test {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace websocket = beast::websocket;
using tcp = asio::ip::tcp;
using Clock = std::chrono::steady_clock;

namespace {

// Appends one frame as one line to $SKIRMISH_FRAME_LOG. One write() per line on an
// O_APPEND file, so frames from concurrent tests (threads or processes) never interleave.
void log_frame(const std::string& frame) {
  static const char* const path = std::getenv("SKIRMISH_FRAME_LOG");
  if (path == nullptr || *path == '\0') return;
  static std::mutex mutex;
  static const int fd = ::open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
  if (fd < 0) return;
  std::string line = frame;
  // A raw newline can only be JSON whitespace (never inside a valid string): keep one line.
  for (char& c : line)
    if (c == '\n' || c == '\r') c = ' ';
  line += '\n';
  std::lock_guard lock(mutex);
  const ssize_t written = ::write(fd, line.data(), line.size());
  (void)written;
}

}  // namespace

struct TestClient::Impl {
  std::string label;
  asio::io_context io;
  websocket::stream<beast::tcp_stream> ws{io};
  std::vector<std::string> frames;
  std::deque<std::string> inbox;  // received but not yet consumed
  beast::flat_buffer buffer;
  bool reading = false;
  bool closed = false;
  std::optional<int> close_code;

  // Runs handlers until `done` holds or `deadline` passes; false on timeout.
  template <typename Done>
  bool run_until(Done done, Clock::time_point deadline) {
    while (!done()) {
      if (io.stopped()) io.restart();
      if (io.run_one_until(deadline) == 0) {
        if (done()) return true;
        if (Clock::now() >= deadline) return false;
        if (io.stopped()) return false;  // nothing left that could make `done` true
      }
    }
    return true;
  }

  void start_read() {
    if (reading || closed) return;
    reading = true;
    ws.async_read(buffer, [this](beast::error_code ec, std::size_t) {
      reading = false;
      if (ec) {
        closed = true;
        if (ws.reason().code != websocket::close_code::none)
          close_code = static_cast<int>(ws.reason().code);
        return;
      }
      std::string frame = beast::buffers_to_string(buffer.data());
      buffer.consume(buffer.size());
      log_frame(frame);
      frames.push_back(frame);
      inbox.push_back(std::move(frame));
      start_read();
    });
  }

  bool write(const std::string& bytes, bool text, std::chrono::milliseconds wait) {
    if (closed) return false;
    bool done = false;
    beast::error_code result;
    ws.text(text);
    ws.async_write(asio::buffer(bytes), [&](beast::error_code ec, std::size_t) {
      result = ec;
      done = true;
    });
    // Keep reading meanwhile: a server that answers while we write must not stall us.
    start_read();
    if (!run_until([&] { return done; }, Clock::now() + wait)) {
      beast::get_lowest_layer(ws).cancel();
      run_until([&] { return done; }, Clock::now() + 1s);
      return false;
    }
    return !result;
  }
};

TestClient::TestClient(unsigned short port, std::string label, std::chrono::milliseconds wait)
    : impl_(std::make_unique<Impl>()) {
  impl_->label = std::move(label);
  const auto deadline = Clock::now() + wait;
  auto& stream = beast::get_lowest_layer(impl_->ws);
  stream.expires_after(wait);
  bool done = false;
  beast::error_code result;
  stream.async_connect(tcp::endpoint(asio::ip::make_address("127.0.0.1"), port),
                       [&](beast::error_code ec) {
                         result = ec;
                         done = true;
                       });
  if (!impl_->run_until([&] { return done; }, deadline) || result)
    throw std::runtime_error(impl_->label + ": cannot connect to 127.0.0.1:" +
                             std::to_string(port) + ": " + result.message());
  done = false;
  impl_->ws.async_handshake("127.0.0.1:" + std::to_string(port), "/",
                            [&](beast::error_code ec) {
                              result = ec;
                              done = true;
                            });
  if (!impl_->run_until([&] { return done; }, deadline) || result)
    throw std::runtime_error(impl_->label + ": WebSocket handshake failed: " + result.message());
  stream.expires_never();
  impl_->ws.read_message_max(64 * 1024 * 1024);
  impl_->start_read();
}

TestClient::~TestClient() {
  if (!impl_->closed) {
    beast::error_code ignored;
    beast::get_lowest_layer(impl_->ws).socket().shutdown(tcp::socket::shutdown_both, ignored);
    beast::get_lowest_layer(impl_->ws).socket().close(ignored);
  }
  // Let the pending read finish (with an error) before the stream goes away.
  impl_->run_until([this] { return !impl_->reading; }, Clock::now() + 1s);
}

void TestClient::send(const Json& message, std::chrono::milliseconds wait) {
  send_text(message.dump(), wait);
}

void TestClient::send_text(const std::string& text, std::chrono::milliseconds wait) {
  if (!impl_->write(text, true, wait))
    throw std::runtime_error(impl_->label + ": could not send " + text.substr(0, 200));
}

void TestClient::send_binary(const std::string& bytes, std::chrono::milliseconds wait) {
  if (!impl_->write(bytes, false, wait))
    throw std::runtime_error(impl_->label + ": could not send a binary frame");
}

void TestClient::send_raw_bytes(const std::string& bytes, std::chrono::milliseconds wait) {
  bool done = false;
  beast::error_code result;
  asio::async_write(beast::get_lowest_layer(impl_->ws).socket(), asio::buffer(bytes),
                    [&](beast::error_code ec, std::size_t) {
                      result = ec;
                      done = true;
                    });
  if (!impl_->run_until([&] { return done; }, Clock::now() + wait) || result)
    throw std::runtime_error(impl_->label + ": could not write raw bytes");
}

bool TestClient::try_send_text(const std::string& text, std::chrono::milliseconds wait) {
  return impl_->write(text, true, wait);
}

std::optional<std::string> TestClient::receive_raw(std::chrono::milliseconds wait) {
  impl_->start_read();
  if (!impl_->run_until([this] { return !impl_->inbox.empty() || impl_->closed; },
                        Clock::now() + wait))
    return std::nullopt;
  if (impl_->inbox.empty()) return std::nullopt;
  std::string frame = std::move(impl_->inbox.front());
  impl_->inbox.pop_front();
  return frame;
}

Json TestClient::receive(std::chrono::milliseconds wait) {
  auto frame = receive_raw(wait);
  if (!frame)
    throw std::runtime_error(impl_->label + (impl_->closed ? ": connection closed" : ": no message within " +
                                                 std::to_string(wait.count()) + " ms"));
  try {
    return Json::parse(*frame);
  } catch (const Json::parse_error&) {
    throw std::runtime_error(impl_->label + ": server sent a frame that is not JSON: " + *frame);
  }
}

Json TestClient::wait_for(const std::string& type, std::chrono::milliseconds wait) {
  const auto deadline = Clock::now() + wait;
  for (;;) {
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now());
    if (left.count() <= 0)
      throw std::runtime_error(impl_->label + ": no '" + type + "' within " +
                               std::to_string(wait.count()) + " ms");
    Json message = receive(left);
    if (message.value("type", "") == type) return message;
  }
}

Json TestClient::wait_for_state(std::uint64_t min_seq, std::chrono::milliseconds wait) {
  const auto deadline = Clock::now() + wait;
  for (;;) {
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now());
    Json message = wait_for("state", std::max(left, std::chrono::milliseconds(1)));
    if (message.at("seq").get<std::uint64_t>() >= min_seq) return message;
  }
}

Json TestClient::wait_for_over(std::chrono::milliseconds wait) {
  const auto deadline = Clock::now() + wait;
  for (;;) {
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now());
    Json message = wait_for("state", std::max(left, std::chrono::milliseconds(1)));
    if (message.at("status") == "over") return message;
  }
}

Json TestClient::wait_for_error(const std::string& code, std::chrono::milliseconds wait) {
  Json error = wait_for("error", wait);
  if (error.value("code", "") != code)
    throw std::runtime_error(impl_->label + ": expected error '" + code + "', got " + error.dump());
  return error;
}

bool TestClient::quiet_for(std::chrono::milliseconds wait) {
  if (!impl_->inbox.empty()) return false;
  impl_->start_read();
  impl_->run_until([this] { return !impl_->inbox.empty() || impl_->closed; },
                   Clock::now() + wait);
  return impl_->inbox.empty();
}

Json TestClient::request(Json message, std::chrono::milliseconds wait) {
  const long long id = next_id_++;
  message["id"] = id;
  send(message, wait);
  const auto deadline = Clock::now() + wait;
  for (;;) {
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now());
    if (left.count() <= 0)
      throw std::runtime_error(impl_->label + ": no reply to " + message.dump());
    Json reply = receive(left);
    if (reply.contains("id") && reply["id"] == id) return reply;
  }
}

Json TestClient::hello(const std::string& name) {
  Json reply = request({{"type", "hello"}, {"version", 1}, {"name", name}});
  if (reply.value("type", "") != "welcome")
    throw std::runtime_error(impl_->label + ": hello answered with " + reply.dump());
  return reply;
}

std::string TestClient::create_match(const std::string& game, const Json& options) {
  Json reply = request({{"type", "create_match"}, {"game", game}, {"options", options}});
  if (reply.value("type", "") != "match_created")
    throw std::runtime_error(impl_->label + ": create_match answered with " + reply.dump());
  return reply.at("match").get<std::string>();
}

Json TestClient::join(const std::string& match, const std::optional<std::string>& seat) {
  Json message{{"type", "join"}, {"match", match}};
  if (seat) message["seat"] = *seat;
  Json reply = request(message);
  if (reply.value("type", "") != "joined")
    throw std::runtime_error(impl_->label + ": join answered with " + reply.dump());
  return reply;
}

std::optional<int> TestClient::wait_for_close(std::chrono::milliseconds wait) {
  impl_->start_read();
  const auto deadline = Clock::now() + wait;
  // Frames still arriving before the close are kept.
  if (!impl_->run_until([this] { return impl_->closed; }, deadline)) return std::nullopt;
  return impl_->close_code ? impl_->close_code : std::optional<int>(-1);
}

void TestClient::drop() {
  beast::error_code ignored;
  beast::get_lowest_layer(impl_->ws).socket().shutdown(tcp::socket::shutdown_both, ignored);
  beast::get_lowest_layer(impl_->ws).socket().close(ignored);
  impl_->run_until([this] { return !impl_->reading; }, Clock::now() + 1s);
  impl_->closed = true;
}

bool TestClient::closed() const { return impl_->closed; }
const std::vector<std::string>& TestClient::frames() const { return impl_->frames; }
const std::string& TestClient::label() const { return impl_->label; }

std::string all_bytes(const TestClient& client) {
  std::string bytes;
  for (const auto& frame : client.frames()) bytes += frame + "\n";
  return bytes;
}

}  // namespace skirmish::test
