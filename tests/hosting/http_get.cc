#include "tests/hosting/http_get.h"

#include <stdexcept>

#include <boost/asio/connect.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>

namespace skirmish::test {

namespace beast = boost::beast;
namespace http = beast::http;
namespace net = boost::asio;

HttpResult http_get(unsigned short port, const std::string& target, std::chrono::milliseconds wait) {
  try {
    net::io_context ioc;
    beast::tcp_stream stream(ioc);
    stream.expires_after(wait);
    stream.connect(net::ip::tcp::endpoint(net::ip::make_address("127.0.0.1"), port));
    http::request<http::empty_body> request{http::verb::get, target, 11};
    request.set(http::field::host, "127.0.0.1");
    http::write(stream, request);
    beast::flat_buffer buffer;
    http::response<http::string_body> response;
    http::read(stream, buffer, response);
    beast::error_code ec;
    stream.socket().shutdown(net::ip::tcp::socket::shutdown_both, ec);
    return {response.result_int(), std::string(response[http::field::content_type]), response.body()};
  } catch (const beast::system_error& error) {
    throw std::runtime_error("GET " + target + " on port " + std::to_string(port) + ": " +
                             error.code().message());
  }
}

}  // namespace skirmish::test
