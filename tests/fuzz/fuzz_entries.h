#pragma once
// The fuzz targets' entry functions (docs/testing.md). Each takes one input of any bytes,
// feeds it to a parser that takes untrusted input, and checks what must hold whatever the
// input: no crash, no escape of an unexpected exception, and the target's own invariants
// (a refused move changes nothing, an error says what was wrong, ...). A broken invariant
// throws InvariantBroken (fuzz_check.h). The libFuzzer programs (tests/fuzz/*_fuzzer.cc,
// SKIRMISH_FUZZ builds) and the corpus replay test (fuzz_corpus_test.cc, every build) call
// the same functions.
#include <string_view>

namespace skirmish::fuzz {

// A WebSocket text frame from a client: protocol::parse_client_message, then for a move
// every game's codec and engine, for create_match the whole option check and game setup.
void fuzz_one_client_message(std::string_view input);
// A Tactego pieces file (create_match's pieces_text): tactego::parse_pieces.
void fuzz_one_pieces(std::string_view input);
// A DCMS map file (create_match's map_text): dcms::parse_map, then a game on the map.
void fuzz_one_dcms_map(std::string_view input);
// Move texts played on a fresh game of each kind: legal moves chosen by the input's bytes,
// mixed with raw texts, so that deep positions are reached.
void fuzz_one_game_moves(std::string_view input);
// A record file for `skirmish verify` and `skirmish replay`.
void fuzz_one_record(std::string_view input);
// What a possibly hostile server sends the client to draw: a view, a last move, an outcome.
void fuzz_one_server_view(std::string_view input);
// An HTTP request's method and target: server::handle_http_request.
void fuzz_one_http_target(std::string_view input);
// Two clients' frames, one a line, through the server's request handling (lobby, matches).
void fuzz_one_client_session(std::string_view input);

}  // namespace skirmish::fuzz
