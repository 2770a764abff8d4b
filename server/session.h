#pragma once
// One WebSocket connection (Boost.Beast): reads frames within the size and rate limits,
// hands each to its ClientRequests (what the request means), and writes replies through a
// queue (one async_write at a time).
#include <memory>

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/strand.hpp>

#include "server/server_context.h"

namespace skirmish::server {

using IoExecutor = boost::asio::io_context::executor_type;
using ConnectionStrand = boost::asio::strand<IoExecutor>;

// Takes over an accepted socket and serves it until it closes. Its executor is the
// io_context's when one thread runs it, else a strand of its own (its handlers must not
// run concurrently). Counts it (ConnectionSlot); over a limit, the client gets
// `server_full` and is closed (1013).
void start_session(boost::asio::basic_stream_socket<boost::asio::ip::tcp, IoExecutor> socket,
                   std::shared_ptr<ServerContext> context);
void start_session(boost::asio::basic_stream_socket<boost::asio::ip::tcp, ConnectionStrand> socket,
                   std::shared_ptr<ServerContext> context);

}  // namespace skirmish::server
