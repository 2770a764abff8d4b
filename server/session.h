#pragma once
// One WebSocket connection (Boost.Beast): reads frames within the size and rate limits,
// hands each to its ClientRequests (what the request means), and writes replies through a
// queue (one async_write at a time).
#include <memory>

#include <boost/asio/ip/tcp.hpp>

#include "server/server_context.h"

namespace skirmish::server {

// Takes over an accepted socket (whose executor is a strand, or the io_context itself when
// one thread runs it) and serves it until it closes.
// Counts it (ConnectionSlot); over a limit, the client gets `server_full` and is closed (1013).
void start_session(boost::asio::ip::tcp::socket socket, std::shared_ptr<ServerContext> context);

}  // namespace skirmish::server
