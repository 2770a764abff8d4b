#include "client-cli/server_http.h"

#include <exception>
#include <optional>
#include <stdexcept>

#include <boost/asio/co_spawn.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/redirect_error.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/ssl.hpp>

#include "client-cli/durations.h"
#include "client-cli/tls_context.h"

namespace skirmish::client {

namespace beast = boost::beast;
namespace http = beast::http;
namespace net = boost::asio;

namespace {

template <class Stream>
net::awaitable<HttpReply> exchange(Stream& stream, const ServerUrl& server, const std::string& path) {
  http::request<http::empty_body> request{http::verb::get, path, 11};
  request.set(http::field::host, server.host);
  co_await http::async_write(stream, request, net::use_awaitable);
  beast::flat_buffer buffer;
  http::response<http::string_body> response;
  co_await http::async_read(stream, buffer, response, net::use_awaitable);
  co_return HttpReply{response.result_int(), response.body()};
}

net::awaitable<HttpReply> fetch(const ServerUrl& server, const std::string& path) {
  const auto executor = co_await net::this_coro::executor;
  net::ip::tcp::resolver resolver(executor);
  const auto endpoints = co_await resolver.async_resolve(server.host, server.port, net::use_awaitable);
  if (!server.tls) {
    beast::tcp_stream stream(executor);
    co_await stream.async_connect(endpoints, net::use_awaitable);
    co_return co_await exchange(stream, server, path);
  }
  net::ssl::context context = make_client_tls_context(server.ca_file);
  TlsStream stream(executor, context);
  expect_certificate_for(stream, server.host);
  co_await beast::get_lowest_layer(stream).async_connect(endpoints, net::use_awaitable);
  beast::error_code error;
  co_await stream.async_handshake(net::ssl::stream_base::client, net::redirect_error(net::use_awaitable, error));
  if (error)
    throw std::runtime_error("TLS handshake failed: " + describe_tls_failure(error, stream, server));
  // The reply is complete: the connection is dropped without waiting for the server's
  // close_notify (one that never sent it would turn a whole reply into a time-out).
  co_return co_await exchange(stream, server, path);
}

}  // namespace

HttpReply http_get(const ServerUrl& server, const std::string& path, std::chrono::milliseconds timeout) {
  const std::string where = server.http_text(path);
  net::io_context io;
  std::optional<HttpReply> reply;
  std::exception_ptr failure;
  net::co_spawn(io, fetch(server, path), [&](std::exception_ptr error, HttpReply got) {
    if (error) failure = error;
    else reply = std::move(got);
  });
  // The connect, TLS, request and reply run within one bound; what is left unfinished is
  // dropped with the io_context (whose destructor waits for a name look-up in progress).
  io.run_for(timeout);
  if (failure) {
    try {
      std::rethrow_exception(failure);
    } catch (const beast::system_error& error) {
      throw std::runtime_error("cannot fetch " + where + ": " + error.code().message());
    } catch (const std::exception& error) {
      throw std::runtime_error("cannot fetch " + where + ": " + error.what());
    }
  }
  if (!reply)
    throw std::runtime_error("cannot fetch " + where + ": no answer within " + describe_duration(timeout));
  return *reply;
}

}  // namespace skirmish::client
