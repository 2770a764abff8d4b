#pragma once
// The load generator's TCP socket under Beast's WebSocket stream: a plain socket on the
// io_context's own executor (no type-erased any_io_executor, no per-operation timer as in
// beast::tcp_stream) that does not read before the kernel says there is something to read.
//
// Why: Asio 1.81 tries every read at once ("speculatively") and waits for epoll only when
// that read finds nothing. A bot starts its next read right after handling a message,
// before the server has answered, so that first try nearly always fails: half of all the
// tool's recvmsg calls returned EAGAIN, one wasted system call per message received. Here
// a read that left the socket empty (it returned less than it asked for; TCP's recvmsg
// returns short only when the receive queue ran dry) makes the next read wait for
// readiness first; one that filled its buffer reads again at once, as Asio would.
#include <cstddef>
#include <utility>

#include <boost/asio/buffer.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core/role.hpp>
#include <boost/beast/websocket/teardown.hpp>

namespace skirmish::loadgen {

class ReadinessSocket {
 public:
  using Socket = boost::asio::basic_stream_socket<boost::asio::ip::tcp, boost::asio::io_context::executor_type>;
  using executor_type = Socket::executor_type;

  explicit ReadinessSocket(boost::asio::io_context& io) : socket_(io) {}

  executor_type get_executor() noexcept { return socket_.get_executor(); }
  // The socket itself (beast::get_lowest_layer finds it here): connect, options, close.
  Socket& next_layer() noexcept { return socket_; }
  // Once connected: the synchronous read after a readiness wait must never block.
  void connected() { socket_.non_blocking(true); }

  template <typename MutableBuffers, typename Handler>
  void async_read_some(const MutableBuffers& buffers, Handler&& handler) {
    const std::size_t wanted = boost::asio::buffer_size(buffers);
    if (!drained_) {
      socket_.async_read_some(buffers, [this, wanted, handler = std::forward<Handler>(handler)](
                                           boost::system::error_code ec, std::size_t n) mutable {
        drained_ = !ec && n < wanted;
        std::move(handler)(ec, n);
      });
      return;
    }
    wait_then_read(buffers, wanted, std::forward<Handler>(handler));
  }

  template <typename ConstBuffers, typename Handler>
  void async_write_some(const ConstBuffers& buffers, Handler&& handler) {
    socket_.async_write_some(buffers, std::forward<Handler>(handler));
  }

 private:
  template <typename MutableBuffers, typename Handler>
  void wait_then_read(const MutableBuffers& buffers, std::size_t wanted, Handler&& handler) {
    socket_.async_wait(Socket::wait_read, [this, buffers, wanted, handler = std::forward<Handler>(handler)](
                                              boost::system::error_code ec) mutable {
      if (ec) return std::move(handler)(ec, std::size_t{0});
      // Non-blocking (connected()): readiness reported for data already read, in a rare
      // race, is a would_block here, and we wait again.
      const std::size_t n = socket_.read_some(buffers, ec);
      if (ec == boost::asio::error::would_block) return wait_then_read(buffers, wanted, std::move(handler));
      drained_ = !ec && n < wanted;
      std::move(handler)(ec, n);
    });
  }

  Socket socket_;
  bool drained_ = false;
};

// Beast's WebSocket close (teardown) works on the socket itself.
inline void teardown(boost::beast::role_type role, ReadinessSocket& socket, boost::system::error_code& ec) {
  boost::beast::websocket::teardown(role, socket.next_layer(), ec);
}
template <typename Handler>
void async_teardown(boost::beast::role_type role, ReadinessSocket& socket, Handler&& handler) {
  boost::beast::websocket::async_teardown(role, socket.next_layer(), std::forward<Handler>(handler));
}

}  // namespace skirmish::loadgen
