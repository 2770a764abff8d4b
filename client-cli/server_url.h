#pragma once
// Where the server is: a ws:// or wss:// URL split into host, port and request target, and
// for wss:// which extra certificate to trust.
#include <string>
#include <string_view>

namespace skirmish::client {

inline constexpr std::string_view kDefaultServer = "ws://127.0.0.1:8080";

// `text` without the blanks (spaces, tabs, line ends) a paste brings around it: how a
// server URL, a CA file's path and a match id are read, from a flag or the environment.
std::string trim_blanks(std::string_view text);

struct ServerUrl {
  std::string host;
  std::string port;
  std::string target = "/";
  bool tls = false;     // wss://: TLS, the server's certificate checked (tls_context.h)
  std::string ca_file;  // wss://: a PEM certificate trusted as well as the system's (--ca-file)
  std::string text() const { return (tls ? "wss://" : "ws://") + host + ":" + port + target; }
  // The same host and port on the server's HTTP side: https:// when the URL is wss://.
  std::string http_text(const std::string& path) const {
    return (tls ? "https://" : "http://") + host + ":" + port + path;
  }
};

// Parses "ws://HOST[:PORT][/PATH]" (port 80 when absent) or "wss://HOST[:PORT][/PATH]"
// (port 443). Throws std::invalid_argument saying what is wrong.
ServerUrl parse_server_url(std::string_view text);

// --server if given, else $SKIRMISH_SERVER, else `fallback` (when not empty), else
// kDefaultServer.
std::string choose_server(const std::string& flag_value, const std::string& fallback = {});

// --ca-file if given, else $SKIRMISH_CA_FILE, else "" (the system's certificates only);
// trim_blanks'd.
std::string choose_ca_file(const std::string& flag_value);

// The server a command talks to: choose_server, parsed, with choose_ca_file's certificate.
// `fallback_ca_file` goes with `fallback` (a resumed seat's saved server and CA file): it is
// used when neither --ca-file nor $SKIRMISH_CA_FILE names one and the server chosen is that
// fallback. For wss:// the CA file is read now, so a bad one is named before anything
// connects (throws std::runtime_error); ws:// ignores it.
ServerUrl choose_server_url(const std::string& server_flag, const std::string& ca_file_flag,
                            const std::string& fallback = {}, const std::string& fallback_ca_file = {});

// Whether `text` names `url`'s server, however written ("wss://h" is "wss://h:443/");
// false when `text` is no server URL.
bool same_server(const ServerUrl& url, const std::string& text);
// The same for two texts (a seat file's "server" and another); false when either is none.
bool same_server(const std::string& a, const std::string& b);

// Whether `host` (as ServerUrl holds it) is this machine: localhost, 127.x or ::1.
bool is_loopback_host(const std::string& host);

// A warning for a player about to get or send a seat token over ws:// to another machine,
// where anyone on the way can read the token and take the seat; "" over wss:// or loopback.
std::string clear_text_warning(const ServerUrl& url);

}  // namespace skirmish::client
