#pragma once
// The text of the requests the load generator's bots send, written with the server's own
// JsonWriter into a string they reuse: a bot sends one request per round trip, and a JSON
// tree and its dump for each cost more than the server's own work on it.
#include <string>
#include <string_view>

namespace skirmish::loadgen {

// Each replaces `out` with the request.
void write_hello(std::string& out, long long id);
// The options every match of the load generator gets (a turn limit, no move clock).
void write_create_match(std::string& out, std::string_view game, long long id);
void write_join(std::string& out, std::string_view match, long long id);
void write_leave(std::string& out, long long id);

}  // namespace skirmish::loadgen
