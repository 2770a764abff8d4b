#pragma once
// Private matches on the client side (docs/protocol.md, option `private`): asking for one,
// the command its creator passes on to a friend, and what to tell someone the server
// refused for lack of the right invite code. The code itself is only ever held in memory.
#include <string>

#include <nlohmann/json.hpp>

#include "client-cli/server_url.h"

namespace skirmish::client {

// --private: sets the create_match option `private` to true. Throws std::invalid_argument
// when -o private=... was given too (one of them would be silently ignored).
void ask_private(nlohmann::json& options);

// The whole command a friend on another machine types to join `match`: --server unless it
// is the default, for wss:// the --ca-file's file name (they need their own copy of the
// certificate), and --invite for a private match ("" for a public one).
std::string join_command(const ServerUrl& url, const std::string& match, const std::string& invite);

// Added to the server's `unauthorized` refusal of a join or watch (`verb`) of a private
// match, after "; ": pass --invite when none was given, else check the code.
std::string invite_advice(const std::string& verb, const std::string& match, bool invite_given);

}  // namespace skirmish::client
