#include "server/session.h"

#include <algorithm>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <type_traits>

#include <boost/asio/dispatch.hpp>
#include <boost/asio/executor_work_guard.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/ssl.hpp>
#include <boost/beast/websocket.hpp>
#include <boost/beast/websocket/ssl.hpp>
#include <spdlog/spdlog.h>

#include "protocol/client_message.h"
#include "protocol/error_code.h"
#include "protocol/server_messages.h"
#include "server/client_address.h"
#include "server/client_requests.h"
#include "server/history_worker.h"
#include "server/http_api.h"
#include "server/outgoing_queue.h"
#include "server/participant.h"
#include "server/rate_limiter.h"
#include "server/unreadable_request.h"

namespace skirmish::server {
namespace {

namespace beast = boost::beast;
namespace websocket = beast::websocket;
namespace http = beast::http;
namespace net = boost::asio;
using protocol::ErrorCode;
using protocol::ProtocolError;

// A client that stops reading gets closed rather than growing our memory without bound
// (Config::max_unread_bytes bounds the same queue in bytes).
constexpr std::size_t kMaxQueuedMessages = 4096;
// Frames between the size limit and this multiple of it are dropped with `too_large`;
// larger ones close the connection (1009) before we buffer them.
constexpr std::size_t kHardLimitFactor = 16;
// A read buffer that grew past this for one frame is given back after it.
constexpr std::size_t kKeptReadBuffer = 64 * 1024;
#ifdef SKIRMISH_FAULT_INJECTION
// A well-formed ping: it is answered, then the read handler throws (tests/server/
// handler_failure_test.cc). Only in the test library: the server has no such frame.
constexpr std::string_view kThrowingFrame = R"({"type":"ping","id":"throw in the read handler"})";
#endif
// How long a history read waits for the store thread to put the journaled writes made
// before it into SQLite (a read hurries it: it applies what it has at once).
constexpr std::chrono::seconds kHistoryStoreWait{2};

// The part of a request Beast's parser refused.
RequestFault request_fault(beast::error_code ec) {
  if (ec == http::error::bad_method) return RequestFault::Method;
  if (ec == http::error::bad_target) return RequestFault::Target;
  if (ec == http::error::bad_version) return RequestFault::Version;
  if (ec == http::error::bad_line_ending) return RequestFault::LineEnding;
  if (ec == http::error::bad_field) return RequestFault::HeaderName;
  if (ec == http::error::bad_value) return RequestFault::HeaderValue;
  return RequestFault::Other;
}

// Small request/reply frames: without TCP_NODELAY, Nagle's algorithm meets the peer's
// delayed ACK and a reply that follows another waits ~40 ms.
template <class Socket>
Socket with_no_delay(Socket&& socket) {
  beast::error_code ec;
  socket.set_option(net::ip::tcp::no_delay(true), ec);
  return std::move(socket);
}

// A plain connection's stream names its executor's type (the io_context's, or a strand of
// it), not the type-erased any_io_executor: every asynchronous step copies and calls it,
// and erasing it cost about 8% of the server's CPU per move. TLS keeps the erased one.
template <class Executor>
using PlainStream = beast::basic_stream<net::ip::tcp, Executor>;
using TlsStream = beast::ssl_stream<beast::tcp_stream>;

// One connection, plain (ws://, http://) or TLS (wss://, https://): NextLayer is the
// stream under the WebSocket, PlainStream or TlsStream.
template <class NextLayer>
class Session final : public Participant,
                      public Closable,
                      public std::enable_shared_from_this<Session<NextLayer>> {
  static constexpr bool kTls = std::is_same_v<NextLayer, TlsStream>;

 public:
  // `buffer`: bytes already read from the connection (by the TLS detector); `stream_args`
  // make the NextLayer (a tcp_stream, and for TLS the server's ssl::context too).
  template <class... StreamArgs>
  Session(std::shared_ptr<ServerContext> context, ConnectionSlot slot, beast::flat_buffer buffer,
          StreamArgs&&... stream_args)
      : ws_(std::forward<StreamArgs>(stream_args)...),
        buffer_(std::move(buffer)),
        context_(std::move(context)),
        limiter_(context_->config.rate_limit_per_second, context_->config.rate_burst),
        slot_(std::move(slot)) {
    beast::error_code ec;
    const auto endpoint = beast::get_lowest_layer(ws_).socket().remote_endpoint(ec);
    peer_ = ec ? std::string("?") : endpoint.address().to_string() + ":" + std::to_string(endpoint.port());
  }

  ~Session() override {
    context_->remove_session(this);
    if (websocket_) context_->websockets.fetch_sub(1);
    spdlog::debug("connection {} closed", peer_);
  }

  void run() {
    context_->add_session(this->shared_from_this());
    net::dispatch(ws_.get_executor(), [self = this->shared_from_this()] {
      self->guarded([&] {
        if constexpr (kTls)
          self->tls_handshake();
        else
          self->read_request();
      });
    });
  }

  // Always posted, never queued inline even on this connection's own strand: a match may
  // already have posted earlier states for this connection from another thread, and one
  // queued inline would overtake them (a state with a higher seq arriving first). Posts
  // made in the match's order reach the strand in that order.
  void deliver(Message message) override {
    net::post(ws_.get_executor(), [self = this->shared_from_this(), message = std::move(message)]() mutable {
      self->guarded([&] { self->enqueue(std::move(message)); });
    });
  }

  void close_going_away() override {
    net::post(ws_.get_executor(), [self = this->shared_from_this()] {
      if (!self->websocket_) return;  // plain HTTP: it answers and closes by itself
      // Mid-handshake, a write now would overlap the handshake's own (two writes at once
      // on one stream): on_accept sees `stopping` and says goodbye itself.
      if (!self->accepted_) return;
      self->guarded([&] { self->say_going_away(); });
    });
  }

  void close_now() override {
    net::post(ws_.get_executor(), [self = this->shared_from_this()] {
      self->closing_ = true;
      beast::error_code ec;
      beast::get_lowest_layer(self->ws_).socket().close(ec);
    });
  }

 private:
  // ---- connection life ------------------------------------------------------------------

  // Runs one of this connection's handlers. One that throws is a bug; left to the network
  // thread's loop (server.cc), it would be dropped there with this connection half alive:
  // its seat held by a connection nothing reads from or writes to, its opponent told nothing,
  // its client waiting. A try costs nothing until something throws.
  template <class Step>
  void guarded(Step&& step) noexcept {
    try {
      step();
    } catch (const std::exception& error) {
      fail(error.what());
    } catch (...) {
      fail("an exception that is no std::exception");
    }
  }

  // After a handler threw: this connection alone ends, as a dropped one does (its seat is held
  // for the reconnect grace and the other seat told, so its client's resume works at once),
  // after an `internal` error saying so and a 1011 close. Whatever was queued for it is
  // dropped: a resume sends the state afresh.
  void fail(const char* what) noexcept {
    try {
      spdlog::error("connection {}: internal error in its handler: {}; closing it (1011)", peer_, what);
      context_->metrics.count_error(ErrorCode::Internal);
      if (failed_ || !websocket_ || !accepted_ || closing_) {
        failed_ = true;
        gone();
        drop_socket();  // no frame can safely be written (HTTP, mid-handshake, or failing again)
        return;
      }
      gone();
      queue_.drop_after(writing_ ? 1 : 0, [](const OutgoingQueue::Outgoing&) { return true; });
      enqueue(make_message(protocol::encode_error(
                  ErrorCode::Internal,
                  std::string("the server failed serving this connection (") + what +
                      ") and closes it; a player resumes the seat on a new connection with its token",
                  {})),
              /*tells_of_store=*/false);
      failed_ = true;  // after the error: nothing else is queued, no frame answered
      close_after_writes_ = PendingClose{websocket::close_code::internal_error, "internal error"};
    } catch (...) {
      drop_socket();
    }
  }

  void drop_socket() noexcept {
    closing_ = true;
    beast::error_code ignored;
    beast::get_lowest_layer(ws_).socket().close(ignored);
  }

  // After the queued messages: the restart notice, then the close frame (close_after_writes_).
  // When the store has failed, the messages waiting for it would wait for ever, and must
  // never be sent (they tell of what was not stored): they are dropped, and the notice,
  // which tells of nothing stored, goes at once.
  void say_going_away() {
    if (closing_ || failed_) return;
    const bool store_failed = context_->gate && context_->gate->failed();
    if (store_failed) drop_never_stored();
    enqueue(make_message(protocol::encode_shutdown(
                "the server is restarting; when it is back, players resume their seats with their "
                "tokens and spectators watch again")),
            /*tells_of_store=*/!store_failed);
    close_after_writes_ = PendingClose{websocket::close_code::going_away, "going away"};
  }

  // Drops the queued messages the failed store will never let through. A head that passed
  // is being written and stays; stamps grow along the queue, so the rest wait too.
  void drop_never_stored() {
    const auto& gate = context_->gate;
    const std::size_t keep = !queue_.empty() && gate->passed(queue_.front().stamp) ? 1 : 0;
    queue_.drop_after(keep, [&](const OutgoingQueue::Outgoing& o) { return !gate->passed(o.stamp); });
  }

  void tls_handshake() {
    beast::get_lowest_layer(ws_).expires_at(slot_.handshake_deadline());
    // `used` has a default only because Boost 1.81's ssl_stream checks this handler against
    // the wrong signature, void(error_code); it is always called with both arguments.
    ws_.next_layer().async_handshake(
        net::ssl::stream_base::server, buffer_.data(),
        [self = this->shared_from_this()](beast::error_code ec, std::size_t used = 0) {
          if (ec) {
            // Counted for /metrics, logged at debug only: internet scanners would flood info.
            self->context_->metrics.tls_handshake_failures_total.fetch_add(1, std::memory_order_relaxed);
            spdlog::debug("connection {}: TLS handshake failed: {}", self->peer_, ec.message());
            return;
          }
          self->buffer_.consume(used);
          self->guarded([&] { self->read_request(); });
        });
  }

  // The first request on the port: a WebSocket upgrade (the game protocol) or plain HTTP
  // (/healthz, /metrics, /api/matches), answered once and closed.
  void read_request() {
    beast::get_lowest_layer(ws_).expires_at(slot_.handshake_deadline());
    request_parser_.emplace();
    request_parser_->header_limit(16 * 1024);
    request_parser_->body_limit(16 * 1024);
    http::async_read(ws_.next_layer(), buffer_, *request_parser_,
                     [self = this->shared_from_this()](beast::error_code ec, std::size_t) {
                       self->guarded([&] { self->on_request(ec); });
                     });
  }

  void on_request(beast::error_code ec) {
    if (ec) {
      if (ec != http::error::end_of_stream && ec != net::error::operation_aborted)
        spdlog::debug("connection {}: no request: {}", peer_, ec.message());
      // A request too large or not HTTP is told why, as any HTTP server would; a closed or
      // timed-out connection has nobody to tell.
      if (ec.category() == http::make_error_code(http::error::bad_target).category() &&
          ec != http::error::end_of_stream && ec != http::error::partial_message) {
        if (ec == http::error::header_limit || ec == http::error::body_limit) {
          respond(HttpReply{431u, "application/json",
                            "{\"error\":\"the request's headers or body are larger than 16 KiB\"}\n"});
          return;
        }
        // The parser consumed nothing of a head it refused: the buffer holds it, to say where.
        const auto received = buffer_.cdata();
        respond(unreadable_request_reply(
            request_fault(ec), std::string_view(static_cast<const char*>(received.data()), received.size()),
            ec.message()));
      }
      return;
    }
    if (websocket::is_upgrade(request_parser_->get())) {
      if (!kTls && context_->config.tls_only) {
        context_->metrics.plain_websockets_refused_total.fetch_add(1, std::memory_order_relaxed);
        spdlog::debug("connection {}: plain ws:// refused (--tls-only)", peer_);
        respond(HttpReply{403, "application/json",
                          "{\"error\":\"this server takes games over TLS only: connect with wss://\"}\n"});
        return;
      }
      if (context_->stopping || !context_->ready) {
        const char* reply = context_->stopping
                                ? "{\"error\":\"the server is restarting; try again shortly\"}\n"
                                : "{\"error\":\"the server is starting; try again shortly\"}\n";
        respond(HttpReply{503, "application/json", reply});
        return;
      }
      const auto& upgrade = request_parser_->get();
      if (auto refused = refuse_bad_upgrade(upgrade[http::field::host], upgrade[http::field::sec_websocket_key],
                                            upgrade[http::field::sec_websocket_version])) {
        respond(std::move(*refused));  // Beast's own refusal is plain text, and keeps the connection
        return;
      }
      accept();
      return;
    }
    const auto& request = request_parser_->get();
    // `ready` first: the history worker is set before it, and must not be read earlier.
    if (context_->ready && context_->history && is_history_request(request.target())) {
      answer_from_history_worker();
      return;
    }
    respond(handle_http_request(request.method_string(), request.target(), *context_));
  }

  // The store query runs on the history worker, never on this network thread (it would
  // hold up every game this thread serves); the reply comes back to this connection's
  // strand to be written. Meanwhile this connection has no operation pending: the work
  // guard keeps the network threads running for it (at a stop, with the listener closed,
  // they would otherwise return and the reply would never be written).
  void answer_from_history_worker() {
    const auto& request = request_parser_->get();
    // The writes made so far: the store thread puts journaled writes into SQLite a little
    // later, and the reply must show every move anyone was told of before the request.
    const std::uint64_t written = context_->gate ? context_->gate->stamp() : 0;
    auto job = [self = this->shared_from_this(), work = net::make_work_guard(ws_.get_executor()),
                method = std::string(request.method_string()),
                target = std::string(request.target()), written](bool run) {
      if (run && self->context_->gate) self->context_->gate->await_stored(written, kHistoryStoreWait);
      HttpReply reply = run ? handle_http_request(method, target, *self->context_)
                            : history_stopped_reply();
      net::post(self->ws_.get_executor(), [self, reply = std::move(reply)]() mutable {
        self->guarded([&] { self->respond(std::move(reply)); });
      });
    };
    switch (context_->history->submit(std::move(job))) {
      case HistoryWorker::Submitted::Queued:
        return;
      case HistoryWorker::Submitted::Busy:
        respond(history_busy_reply());
        return;
      case HistoryWorker::Submitted::Stopped:
        respond(history_stopped_reply());
        return;
    }
  }

  void respond(HttpReply reply) {
    const auto& request = request_parser_->get();
    // A request that could not be parsed has no version: answer in HTTP/1.1.
    auto response = std::make_shared<http::response<http::string_body>>(
        static_cast<http::status>(reply.status), request.version() != 0 ? request.version() : 11);
    response->set(http::field::server, "skirmish");
    response->set(http::field::content_type, reply.content_type);
    if (reply.retry_after_seconds > 0)
      response->set(http::field::retry_after, std::to_string(reply.retry_after_seconds));
    if (reply.status == 405) response->set(http::field::allow, "GET, HEAD");
    if (reply.status == 426) response->set(http::field::sec_websocket_version, "13");
    response->keep_alive(false);
    if (request.method() == http::verb::head) {
      response->content_length(reply.body.size());  // what a GET would send, without it
    } else {
      response->body() = std::move(reply.body);
      response->prepare_payload();
    }
    // The request's 30 s may have gone by waiting for the history worker: the reply gets
    // its own time to be written.
    beast::get_lowest_layer(ws_).expires_after(std::chrono::seconds(30));
    http::async_write(ws_.next_layer(), *response,
                      [self = this->shared_from_this(), response](beast::error_code, std::size_t) {
                        self->guarded([&] { self->end_http(); });
                      });
  }

  // After the one reply: TLS says goodbye (close_notify, for at most 2 s), then TCP does.
  void end_http() {
    if constexpr (kTls) {
      beast::get_lowest_layer(ws_).expires_after(std::chrono::seconds(2));
      ws_.next_layer().async_shutdown([self = this->shared_from_this()](beast::error_code) {
        self->shut_socket();
      });
    } else {
      shut_socket();
    }
  }

  void shut_socket() {
    beast::error_code ignored;
    beast::get_lowest_layer(ws_).socket().shutdown(net::ip::tcp::socket::shutdown_both, ignored);
  }

  void accept() {
    const Config& config = context_->config;
    websocket::stream_base::timeout timeout{};
    // What is left of the handshakes' time (Beast takes a duration; at least a moment).
    timeout.handshake_timeout = std::max<std::chrono::steady_clock::duration>(
        slot_.handshake_deadline() - std::chrono::steady_clock::now(), std::chrono::milliseconds(1));
    timeout.idle_timeout = config.idle_timeout.count() > 0
                               ? std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                                     config.idle_timeout)
                               : websocket::stream_base::none();
    timeout.keep_alive_pings = true;  // ping at half the idle time; silence closes
    beast::get_lowest_layer(ws_).expires_never();
    ws_.set_option(timeout);
    ws_.set_option(websocket::stream_base::decorator([](websocket::response_type& res) {
      res.set(beast::http::field::server, "skirmish");
    }));
    ws_.read_message_max(std::max<std::size_t>(1024, config.max_message_bytes) * kHardLimitFactor);
    ws_.text(true);
    websocket_ = true;
    context_->websockets.fetch_add(1);
    context_->metrics.connections_total.fetch_add(1, std::memory_order_relaxed);
    ws_.async_accept(request_parser_->release(),
                     [self = this->shared_from_this()](beast::error_code ec) {
                       self->guarded([&] { self->on_accept(ec); });
                     });
  }

  // server_full, then close 1013. One host over its share is logged at debug only: its
  // attempts would flood the log.
  void refuse_over_limit() {
    context_->metrics.count_error(ErrorCode::ServerFull);
    std::string text;
    if (slot_.over() == ConnectionSlot::Over::Server) {
      spdlog::warn("connection from {} refused: server full ({} connections)", peer_,
                   context_->config.max_connections);
      text = "the server is at its connection limit; try again later";
    } else {
      spdlog::debug("connection from {} refused: {} connections from that address", peer_,
                    context_->config.max_connections_per_ip);
      text = "too many connections from your address " + slot_.address() + " (this server allows " +
             std::to_string(context_->config.max_connections_per_ip) + "); close some and try again";
    }
    enqueue(make_message(protocol::encode_error(ErrorCode::ServerFull, text, {})));
    close_after_writes_ = PendingClose{websocket::close_code::try_again_later, "server full"};
  }

  void on_accept(beast::error_code ec) {
    if (ec) {
      spdlog::debug("handshake with {} failed: {}", peer_, ec.message());
      return;
    }
    accepted_ = true;
    if (slot_.over() != ConnectionSlot::Over::None) {
      refuse_over_limit();
      return;
    }
    spdlog::info("connection from {}", peer_);
    if (context_->stopping) {  // the stop began during the handshake (close_going_away)
      say_going_away();
      return;
    }
    start_hello_timer();
    read();
  }

  // A connection that never says hello would otherwise hold a slot for as long as it
  // answers pings; it gets the protocol's time to say it, then an error and a close.
  void start_hello_timer() {
    const auto wait = context_->config.hello_timeout;
    if (wait.count() <= 0) return;
    hello_timer_ = std::make_unique<net::steady_timer>(ws_.get_executor(), wait);
    hello_timer_->async_wait([self = this->shared_from_this(), wait](beast::error_code ec) {
      if (ec || self->requests_.said_hello() || self->closing_) return;
      self->guarded([&] { self->close_for_no_hello(wait); });
    });
  }

  void close_for_no_hello(std::chrono::milliseconds wait) {
    spdlog::info("connection {}: no hello within {} ms, closing (1008)", peer_, wait.count());
    context_->metrics.count_error(ErrorCode::HelloRequired);
    enqueue(make_message(protocol::encode_error(
        ErrorCode::HelloRequired, fmt::format("no hello within {} ms of connecting; closing the connection", wait.count()),
        {})));
    close_after_writes_ = PendingClose{websocket::close_code::policy_error, "no hello"};
  }

  void read() {
    ws_.async_read(buffer_, [self = this->shared_from_this()](beast::error_code ec, std::size_t) {
      self->guarded([&] { self->on_read(ec); });
    });
  }

  void on_read(beast::error_code ec) {
    if (ec) {
      if (ec != websocket::error::closed && ec != net::error::operation_aborted)
        spdlog::debug("connection {}: {}", peer_, ec.message());
      if (ec == websocket::error::message_too_big)
        spdlog::info("connection {}: closed, message over the hard size limit", peer_);
      gone();
      return;
    }
    if (!ws_.got_text()) {
      spdlog::info("connection {}: binary frame, closing (1003)", peer_);
      buffer_.consume(buffer_.size());
      close_with(websocket::close_code::unknown_data, "binary frames are not accepted");
      return;
    }
    if (failed_) {  // closing after a handler failed: read on (the close reply), answer nothing
      buffer_.consume(buffer_.size());
      read();
      return;
    }
    const auto data = buffer_.cdata();
    const std::string_view frame(static_cast<const char*>(data.data()), data.size());
    // A dropped message is not parsed; its id, if it comes early, is still echoed.
    if (frame.size() > context_->config.max_message_bytes) {
      context_->metrics.count_error(ErrorCode::TooLarge);
      send(protocol::encode_error(ErrorCode::TooLarge,
                                  "message of " + std::to_string(frame.size()) +
                                      " bytes is over the limit of " +
                                      std::to_string(context_->config.max_message_bytes),
                                  protocol::peek_request_id(frame)));
    } else if (!limiter_.allow()) {
      context_->metrics.count_error(ErrorCode::RateLimited);
      send(protocol::encode_error(ErrorCode::RateLimited,
                                  fmt::format("more than {} messages per second; message dropped",
                                              context_->config.rate_limit_per_second),
                                  protocol::peek_request_id(frame)));
    } else {
      requests_.handle(frame, this->shared_from_this(), peer_);
      if (requests_.said_hello()) hello_timer_.reset();  // cancels its wait
#ifdef SKIRMISH_FAULT_INJECTION
      // Test builds only (skirmish_server_with_faults): a handler that throws, as a bug would.
      if (frame == kThrowingFrame) throw std::runtime_error("a fault injected by a test");
#endif
    }
    buffer_.consume(buffer_.size());
    // One large frame (up to 16 times the message limit is read before it is refused) must
    // not leave its megabytes with an idle connection.
    if (buffer_.capacity() > kKeptReadBuffer) buffer_.shrink_to_fit();
    if (closing_) {
      // Closed while this frame waited to be handled (the unread-queue close shuts the socket
      // with no read or write in flight to notice): nothing else would tell the match.
      gone();
      return;
    }
    read();
  }

  // The connection is gone: the match holds a seat for the reconnect grace.
  void gone() {
    if (gone_) return;
    gone_ = true;
    hello_timer_.reset();  // its wait holds this session alive
    requests_.disconnected();
  }

  void close_with(websocket::close_code code, const char* reason) {
    if (closing_) return;
    closing_ = true;
    ws_.async_close(websocket::close_reason(code, reason),
                    [self = this->shared_from_this()](beast::error_code) {
                     self->guarded([&] { self->gone(); });
                   });
  }

  // ---- writing --------------------------------------------------------------------------

  // A reply to this connection's own request goes after what the request made the match
  // deliver here, which is posted: so it is posted too.
  void send(std::string text) { deliver(make_message(std::move(text))); }

  // `tells_of_store`: false for a message that may go before pending writes are stored.
  void enqueue(Message message, bool tells_of_store = true) {
    if (closing_ || failed_) return;
    if (queue_.size() >= kMaxQueuedMessages || queue_.bytes() + message->size() > context_->config.max_unread_bytes) {
      spdlog::warn("connection {}: not reading its messages ({} waiting, {} bytes), closing", peer_, queue_.size(),
                   queue_.bytes());
      queue_.clear();
      closing_ = true;
      beast::error_code ec;
      beast::get_lowest_layer(ws_).socket().close(ec);
      return;
    }
    // Stamped now: what this message may tell of is stored no later than this epoch.
    queue_.push_back({std::move(message), context_->gate && tells_of_store ? context_->gate->stamp() : 0});
    if (queue_.size() == 1) write();
  }

  void write() {
    // writing_: a gate's resume for a head since dropped (say_going_away) may come while the
    // next message is being written; Beast allows one write at a time.
    if (closing_ || queue_.empty() || writing_) return;
    const auto& gate = context_->gate;
    // Resumed by dispatch: with one network thread the release writes the message itself,
    // rather than posting a handler per waiting connection (about 2 us a move in the
    // 1D Chess closed loop).
    if (gate && !gate->passed(queue_.front().stamp) &&
        gate->wait_for(queue_.front().stamp, [self = this->shared_from_this()] {
          net::dispatch(self->ws_.get_executor(), [self] { self->guarded([&] { self->write(); }); });
        })) {
      return;  // not durable yet: SQLite catching up (or the synced append) resumes this
    }
    // The handler owns the text while it is written: a connection closed for not reading
    // (enqueue) empties the queue with this write still in flight.
    const Message text = queue_.front().text;
    writing_ = true;
    ws_.async_write(net::buffer(*text), [self = this->shared_from_this(), text](beast::error_code ec, std::size_t) {
      self->guarded([&] { self->on_write(ec); });
    });
  }

  void on_write(beast::error_code ec) {
    writing_ = false;
    // An empty queue: emptied by that close after the write was done, its handler not yet run.
    if (ec || queue_.empty()) {
      queue_.clear();
      gone();
      return;
    }
    queue_.pop_front();
    if (!queue_.empty()) {
      write();
    } else if (close_after_writes_) {
      const PendingClose close = *close_after_writes_;
      close_after_writes_.reset();
      close_with(close.code, close.reason);
    }
  }

  websocket::stream<NextLayer> ws_;
  beast::flat_buffer buffer_;
  OutgoingQueue queue_;
  std::shared_ptr<ServerContext> context_;
  RateLimiter limiter_;
  ConnectionSlot slot_;  // counts this connection; the client's IP address (quotas)
  std::string peer_;      // address:port, for the log
  bool closing_ = false;
  bool gone_ = false;
  bool failed_ = false;  // a handler threw: the connection is closing (fail)
  bool writing_ = false;  // an async_write is in flight
  bool websocket_ = false;  // upgraded (else a plain HTTP request)
  bool accepted_ = false;   // its WebSocket handshake has completed
  std::optional<http::request_parser<http::string_body>> request_parser_;
  // The close frame to send once the queue has been written.
  struct PendingClose {
    websocket::close_code code;
    const char* reason;
  };
  std::optional<PendingClose> close_after_writes_;
  std::unique_ptr<net::steady_timer> hello_timer_;  // until hello; see start_hello_timer
  ClientRequests requests_{*context_, *this, slot_.address()};  // after context_ and slot_
};

// With TLS on, one port takes both kinds of connection: the first bytes (a TLS ClientHello
// or an HTTP request line) say which session to make.
template <class Executor>
class TlsDetector : public std::enable_shared_from_this<TlsDetector<Executor>> {
 public:
  TlsDetector(PlainStream<Executor>&& stream, std::shared_ptr<ServerContext> context, ConnectionSlot slot)
      : stream_(std::move(stream)), context_(std::move(context)), slot_(std::move(slot)) {}

  void run() {
    stream_.expires_at(slot_.handshake_deadline());
    beast::async_detect_ssl(stream_, buffer_,
                            [self = this->shared_from_this()](beast::error_code ec, bool tls) {
                              self->hand_over(ec, tls);
                            });
  }

 private:
  void hand_over(beast::error_code ec, bool tls) {
    if (ec) return;  // closed or silent before its first bytes (the slot goes with this)
    if (tls)
      std::make_shared<Session<TlsStream>>(context_, std::move(slot_), std::move(buffer_),
                                           net::ip::tcp::socket(stream_.release_socket()), *context_->tls)
          ->run();
    else
      std::make_shared<Session<PlainStream<Executor>>>(context_, std::move(slot_), std::move(buffer_),
                                                       std::move(stream_))
          ->run();
  }

  PlainStream<Executor> stream_;
  beast::flat_buffer buffer_;
  std::shared_ptr<ServerContext> context_;
  ConnectionSlot slot_;
};

template <class Executor>
void start_session_on(net::basic_stream_socket<net::ip::tcp, Executor> socket,
                      std::shared_ptr<ServerContext> context) {
  beast::error_code ec;
  const auto endpoint = socket.remote_endpoint(ec);
  ConnectionSlot slot(*context, ec ? std::string() : client_address_key(endpoint.address()));
  PlainStream<Executor> stream(with_no_delay(std::move(socket)));
  if (context->tls) {
    std::make_shared<TlsDetector<Executor>>(std::move(stream), std::move(context), std::move(slot))->run();
    return;
  }
  std::make_shared<Session<PlainStream<Executor>>>(std::move(context), std::move(slot), beast::flat_buffer{},
                                                   std::move(stream))
      ->run();
}

}  // namespace

void start_session(net::basic_stream_socket<net::ip::tcp, IoExecutor> socket,
                   std::shared_ptr<ServerContext> context) {
  start_session_on(std::move(socket), std::move(context));
}

void start_session(net::basic_stream_socket<net::ip::tcp, ConnectionStrand> socket,
                   std::shared_ptr<ServerContext> context) {
  start_session_on(std::move(socket), std::move(context));
}

}  // namespace skirmish::server
