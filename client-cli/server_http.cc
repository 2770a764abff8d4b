#include "client-cli/server_http.h"

#include <chrono>
#include <stdexcept>

#include <boost/asio/connect.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/ssl.hpp>

#include "client-cli/tls_context.h"

namespace skirmish::client {

namespace beast = boost::beast;
namespace http = beast::http;
namespace net = boost::asio;

namespace {

template <class Stream>
HttpReply exchange(Stream& stream, const ServerUrl& server, const std::string& path) {
  http::request<http::empty_body> request{http::verb::get, path, 11};
  request.set(http::field::host, server.host);
  http::write(stream, request);
  beast::flat_buffer buffer;
  http::response<http::string_body> response;
  http::read(stream, buffer, response);
  return {response.result_int(), response.body()};
}

}  // namespace

HttpReply http_get(const ServerUrl& server, const std::string& path) {
  const std::string where = server.http_text(path);
  try {
    net::io_context io;
    net::ip::tcp::resolver resolver(io);
    const auto endpoints = resolver.resolve(server.host, server.port);
    if (!server.tls) {
      beast::tcp_stream stream(io);
      stream.connect(endpoints);
      return exchange(stream, server, path);
    }
    net::ssl::context context = make_client_tls_context(server.ca_file);
    TlsStream stream(io, context);
    expect_certificate_for(stream, server.host);
    beast::get_lowest_layer(stream).connect(endpoints);
    beast::error_code error;
    stream.handshake(net::ssl::stream_base::client, error);
    if (error)
      throw std::runtime_error("cannot fetch " + where + ": TLS handshake failed: " +
                               describe_tls_failure(error, stream, server));
    HttpReply reply = exchange(stream, server, path);
    stream.shutdown(error);  // the reply is complete: how the server ends TLS does not matter
    return reply;
  } catch (const beast::system_error& error) {
    throw std::runtime_error("cannot fetch " + where + ": " + error.code().message());
  }
}

}  // namespace skirmish::client
