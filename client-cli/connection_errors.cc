#include "client-cli/connection_errors.h"

#include <boost/asio/error.hpp>
#include <boost/asio/ssl/error.hpp>
#include <boost/beast/core/error.hpp>
#include <boost/beast/http/error.hpp>

namespace skirmish::client {

namespace asio = boost::asio;

std::string connect_failure_hint(const boost::system::error_code& error, const ServerUrl& url) {
  if (error == asio::error::connection_refused) {
    std::string hint = "; is the Skirmish server running, on port " + url.port +
                       "? (it says `listening on ADDRESS:PORT` when it starts";
    if (!is_loopback_host(url.host)) hint += "; one started without --address 0.0.0.0 takes connections only from its own machine";
    return hint + ")";
  }
  // beast's timeout: the connect's own bound (10 s) ran out.
  if (error == asio::error::timed_out || error == boost::beast::error::timeout ||
      error == asio::error::host_unreachable || error == asio::error::network_unreachable)
    return "; check the address " + url.host + ": a firewall or a router may be in the way";
  return "";
}

std::optional<std::string> describe_cut_connection(const boost::system::error_code& error) {
  if (error == asio::error::eof || error == asio::error::not_connected || error == asio::error::connection_reset ||
      error == asio::error::broken_pipe || error == asio::error::connection_aborted ||
      error == asio::error::shut_down || error == asio::ssl::error::stream_truncated ||
      error == boost::beast::http::error::end_of_stream)  // closed where an HTTP answer was due
    return "the connection was cut (the server stopped or restarted, or the network dropped it)";
  return std::nullopt;
}

std::string ask_again_hint(const std::string& command) {
  return "; `skirmish " + command +
         "` only asks, so nothing changed on the server: run it again (a server that stopped or "
         "restarted takes a moment to be back)";
}

std::string close_code_meaning(int code) {
  if (code == 1001) return "it is stopping or restarting";
  return "";
}

}  // namespace skirmish::client
