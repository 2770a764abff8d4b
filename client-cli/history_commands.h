#pragma once
// The history subcommands (issue 5): export a stored match as a JSON record, replay a
// finished game turn by turn in the seeds' text formats, verify a record with the rules.
#include <iosfwd>
#include <string>

#include <nlohmann/json.hpp>

#include "client-cli/server_url.h"

namespace skirmish::client {

// GET /api/matches/{id} from the server's HTTP side (same host and port as its WebSocket).
// Throws std::runtime_error saying what went wrong (unreachable, 404 with the server's text).
nlohmann::json fetch_match_record(const ServerUrl& server, const std::string& match);

// Writes the record to `out_path` ("-" = stdout). Returns the exit code: 2 (a usage error,
// nothing fetched) when `match` is a file or looks like a path ('/' in it, or ending in .json):
// that says to verify or replay the file instead.
int export_match(const ServerUrl& server, const std::string& match, const std::string& out_path);

// Steps through a finished game: `source` is a record file, or a match id (fetched).
// Commands read from `in`, any case: next (n, or an empty line), previous (prev, p),
// jump N (j N: to turn N; DCMS counts from its setup, turn 0), quit (q); end of input quits.
// The last turn says how the game ended, also when the server ended it (a resignation).
int replay_match(const ServerUrl& server, const std::string& source, std::istream& in, std::ostream& out);

// Re-runs a record file through the rules engine; prints what was checked; 0 when valid.
// Turns are numbered as replay (and `skirmish watch`) numbers them: DCMS's setup is not
// a turn ("the setup and every one of the 10 turns are legal", "turn 2: ... is illegal").
// Throws std::runtime_error when the file cannot be read (with a hint when `path` is no file
// but looks like a match id: export it first).
int verify_record_file(const std::string& path, std::ostream& out);

}  // namespace skirmish::client
