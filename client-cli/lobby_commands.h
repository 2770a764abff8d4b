#pragma once
// `skirmish games` and `skirmish list`: one question to the server, the answer printed.
#include <string>

#include "client-cli/server_url.h"

namespace skirmish::client {

// Both return the process exit code (0 ok, 1 when the server cannot be reached or refuses).
int list_games(const ServerUrl& url);
// Throws UsageError for a game this client does not know (it plays every game the server
// has: they are built from one source).
void check_game_name(const std::string& game);
int list_matches(const ServerUrl& url, const std::string& game);

}  // namespace skirmish::client
