#pragma once
// What a failed or lost connection means, in words a player can act on: the hint after a
// connect that failed, a link cut under a running client, and a port where something other
// than a Skirmish server answers. Connection uses these; README's table of connection
// errors says the same.
#include <optional>
#include <string>

#include <boost/system/error_code.hpp>

#include "client-cli/server_url.h"

namespace skirmish::client {

// After "cannot connect to HOST:PORT: <error>": what to check, or "" when there is nothing
// to add. A refused connection asks whether the server runs on that port (and, for another
// machine, whether it was started with --address 0.0.0.0).
std::string connect_failure_hint(const boost::system::error_code& error, const ServerUrl& url);

// A link that broke under us (reset, broken pipe, not connected, closed without a close
// frame or before an HTTP answer): "the connection was cut (...)". nullopt for other errors.
std::optional<std::string> describe_cut_connection(const boost::system::error_code& error);

// Added after the link was lost under `skirmish COMMAND` (list, games), which only asks:
// nothing changed on the server, so it is simply run again. These do not reconnect by
// themselves: a server that is down would hold them for a minute, and the answer would
// be as old as the moment it came.
std::string ask_again_hint(const std::string& command);

// What a WebSocket close code from the server means, to add after it ("" if nothing): 1001
// "going away" is a server stopping or restarting.
std::string close_code_meaning(int code);

// Added when the port answered, but not as a Skirmish server does (no upgrade, no HTTP at all).
inline constexpr const char* kNotASkirmishServer =
    "is a Skirmish server on this port? Something answered there, but not as one";

// Added when the connection was cut during the WebSocket handshake, before any answer. A
// server killed just then and another program that takes connections and closes them look
// the same from here, so both are named.
inline constexpr const char* kCutBeforeAnswer =
    "the connection was cut before any answer: a server that stopped just then (try again), or "
    "another program on this port (check the port)";

}  // namespace skirmish::client
