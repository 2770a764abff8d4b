#include "client-cli/invites.h"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <stdexcept>
#include <string_view>

#include "client-cli/style.h"

namespace skirmish::client {

namespace {

// `text` as one shell word, so that the printed command can be pasted as it is: quoted
// only when it holds something a shell would split or expand (a file name with a space).
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

}  // namespace

void ask_private(nlohmann::json& options) {
  if (options.contains("private"))
    throw std::invalid_argument("give --private or -o private=..., not both");
  options["private"] = "true";  // the server reads option values as text
}

std::string join_command(const ServerUrl& url, const std::string& match, const std::string& invite) {
  std::string command = "skirmish ";
  const std::string server = url.text();
  if (server != kDefaultServer && server != std::string(kDefaultServer) + "/")
    command += "--server " + shell_word(server) + " ";
  // Their copy of the certificate: the name is what this client's file is called.
  if (url.tls && !url.ca_file.empty())
    command += "--ca-file " + shell_word(std::filesystem::path(url.ca_file).filename().string()) + " ";
  command += "join " + shell_word(printable(match));
  if (!invite.empty()) command += " --invite " + shell_word(printable(invite));
  return command;
}

std::string invite_advice(const std::string& verb, const std::string& match, bool invite_given) {
  if (invite_given)
    return "check the invite code with the match's creator (case, dashes and spaces do not matter)";
  return "pass the code its creator was given with --invite: skirmish " + verb + " " + printable(match) +
         " --invite CODE";
}

}  // namespace skirmish::client
