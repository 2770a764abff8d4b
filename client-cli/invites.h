#pragma once
// Private matches on the client side (docs/protocol.md, option `private`): asking for one,
// the command its creator passes on to a friend, and what to tell someone the server
// refused for lack of the right invite code. The code itself is only ever held in memory.
// Also the other commands the client prints to be pasted: they reach the same server.
#include <string>

#include <nlohmann/json.hpp>

#include "client-cli/server_url.h"

namespace skirmish::client {

// --private: sets the create_match option `private` to true. Throws std::invalid_argument
// when -o private=... was given too (one of them would be silently ignored).
void ask_private(nlohmann::json& options);

// Whether create_match `options` ask for a private match (-o private=yes, --private, ...).
bool asks_private(const nlohmann::json& options);

// --invite if given, else $SKIRMISH_INVITE (which, unlike a command line, other users of a
// shared machine cannot read in `ps`), else "".
std::string choose_invite(const std::string& flag_value);

// Who takes the other seat: a person (`skirmish join`) or a program (`skirmish bot`).
enum class Joiner { Person, Bot };

// `text` as one shell word, so that a printed command can be pasted as it is: quoted only
// when it holds something a shell would split or expand (a file name with a space).
std::string shell_word(const std::string& text);

// How skirmish_command names a wss:// server's --ca-file: by its file name for a friend on
// another machine (their own copy), by its path for this user.
enum class CaFileAs { NameOnly, Path };

// "skirmish " and the flags that reach `url`: --server unless it is the default, for wss://
// the --ca-file.
std::string skirmish_command(const ServerUrl& url, CaFileAs ca_file_as);

// The whole command a friend on another machine types to join `match`: --server unless it
// is the default, for wss:// the --ca-file's file name (they need their own copy of the
// certificate), and --invite for a private match ("" for a public one). A bot's command
// has --cmd PROGRAM for the friend to fill in.
std::string join_command(const ServerUrl& url, const std::string& match, const std::string& invite,
                         Joiner joiner = Joiner::Person);

// The command that steps through `match` once it is over, from this machine.
std::string replay_command(const ServerUrl& url, const std::string& match);

// Said under join_command when `url` is this machine (localhost, 127.x, ::1): from another
// machine that address reaches the friend's own computer. "" otherwise.
std::string loopback_note(const ServerUrl& url);

// Added to the server's `unauthorized` refusal of a join or watch (`verb`) of a private
// match, after "; ": when no code was given, the whole command again with --invite CODE
// (--server and --ca-file as this client used them; `bot --cmd PROGRAM` for a bot's join),
// else to check the code.
std::string invite_advice(const ServerUrl& url, const std::string& verb, const std::string& match, bool invite_given,
                          Joiner joiner = Joiner::Person);

}  // namespace skirmish::client
