#include "client-cli/invites.h"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <filesystem>
#include <stdexcept>
#include <string_view>

#include "client-cli/json_field.h"
#include "client-cli/style.h"
#include "client-cli/usage_error.h"
#include "engine/common/options.h"

namespace skirmish::client {

namespace {

// The command a friend types then needs no --server.
bool is_default_server(const ServerUrl& url) {
  const std::string server = url.text();
  return server == kDefaultServer || server == std::string(kDefaultServer) + "/";
}

}  // namespace

std::string shell_word(const std::string& text) {
  const bool plain = !text.empty() && std::all_of(text.begin(), text.end(), [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) != 0 || std::string_view("_./:@%+=,-").find(c) !=
                                                                     std::string_view::npos;
  });
  if (plain) return text;
  std::string quoted = "'";
  for (char c : text) quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return quoted + "'";
}

void ask_private(nlohmann::json& options) {
  if (options.contains("private"))
    throw UsageError("give --private or -o private=..., not both");
  options["private"] = "true";  // the server reads option values as text
}

bool asks_private(const nlohmann::json& options) {
  if (!options.contains("private") || !field(options, "private").is_string()) return false;
  return engine::parse_bool(field(options, "private").get<std::string>()).value_or(false);
}

std::string choose_invite(const std::string& flag_value) {
  if (!flag_value.empty()) return flag_value;
  const char* env = std::getenv("SKIRMISH_INVITE");
  return env != nullptr ? env : "";
}

std::string skirmish_command(const ServerUrl& url, CaFileAs ca_file_as) {
  std::string command = "skirmish ";
  if (!is_default_server(url)) command += "--server " + shell_word(url.text()) + " ";
  if (url.tls && !url.ca_file.empty()) {
    const std::filesystem::path ca_file(url.ca_file);
    const std::string named = ca_file_as == CaFileAs::NameOnly ? ca_file.filename().string() : url.ca_file;
    command += "--ca-file " + shell_word(named) + " ";
  }
  return command;
}

std::string join_command(const ServerUrl& url, const std::string& match, const std::string& invite,
                         Joiner joiner) {
  // Their copy of the certificate: the name is what this client's file is called.
  std::string command = skirmish_command(url, CaFileAs::NameOnly);
  command += joiner == Joiner::Bot ? "bot --cmd PROGRAM " : "join ";
  command += shell_word(printable(match));
  if (!invite.empty()) command += " --invite " + shell_word(printable(invite));
  return command;
}

std::string replay_command(const ServerUrl& url, const std::string& match) {
  return skirmish_command(url, CaFileAs::Path) + "replay " + shell_word(printable(match));
}

std::string loopback_note(const ServerUrl& url) {
  if (!is_loopback_host(url.host)) return "";
  if (is_default_server(url))  // the command has no --server, and needs one elsewhere
    return std::string("(from another machine, add --server ") + (url.tls ? "wss://" : "ws://") + "ADDRESS:" +
           url.port + " with this server's address)";
  return "(from another machine, use this server's address instead of " + printable(url.host) + ")";
}

std::string invite_advice(const ServerUrl& url, const std::string& verb, const std::string& match, bool invite_given,
                          Joiner joiner) {
  if (invite_given)
    return "check the invite code with the match's creator (case, dashes and spaces do not matter)";
  // The server's words already say whose code it is: only the command, whole, to paste.
  const std::string command = verb == "join" && joiner == Joiner::Bot ? "bot --cmd PROGRAM" : verb;
  return "again with the code: " + skirmish_command(url, CaFileAs::Path) + command + " " +
         shell_word(printable(match)) + " --invite CODE";
}

}  // namespace skirmish::client
