// wss:// end to end: a real skirmish-server process with the test certificate
// (tests/fixtures/tls) on a free 127.0.0.1 port, and the real `skirmish` client run against
// it. Trusting the certificate through --ca-file, the client lists, creates, exports and
// plays a whole game (two bots) over TLS; not trusting it, it stops with the certificate
// error; reaching it by a name or address the certificate lacks, it lists those it has;
// ws:// on the same port still works.
#include <catch2/catch.hpp>

#include <csignal>
#include <fstream>
#include <map>
#include <memory>
#include <regex>
#include <thread>

#include <nlohmann/json.hpp>

#include "tests/engine/common/test_data.h"
#include "tests/hosting/scripted_match.h"
#include "tests/hosting/server_process.h"
#include "tests/store/temp_dir.h"

namespace {

using namespace std::chrono_literals;
using skirmish::test::ServerProcess;

std::string fixture(const std::string& name) {
  return (skirmish::test::source_dir() / "tests/fixtures/tls" / name).string();
}

// skirmish-server with TLS on; SIGTERM at the end (the ServerProcess SIGKILLs a straggler).
class TlsServer {
 public:
  // `name`: the fixture pair NAME.crt and NAME.key; `address`: a loopback address to listen on.
  explicit TlsServer(const std::string& name = "server", const std::string& address = "127.0.0.1",
                     const std::string& tls_only = "off")
      : process_(skirmish::test::server_binary(),
                 {"--address", address, "--port", "0", "--threads", "1", "--rate-limit", "0",
                  "--log-level", "info", "--data-dir", dir_.path().string(),
                  "--tls-cert", fixture(name + ".crt"), "--tls-key", fixture(name + ".key"),
                  "--tls-only", tls_only},
                 {}, dir_.path() / "server.log"),
        port_(process_.wait_for_port()) {}
  ~TlsServer() {
    process_.signal(SIGTERM);
    process_.wait_exit(10s);
  }
  TlsServer(const TlsServer&) = delete;
  TlsServer& operator=(const TlsServer&) = delete;

  std::string url(const std::string& scheme) const {
    return scheme + "://127.0.0.1:" + std::to_string(port_);
  }
  unsigned short port() const { return port_; }
  const std::filesystem::path& dir() const { return dir_.path(); }

 private:
  skirmish::test::TempDir dir_;
  ServerProcess process_;
  unsigned short port_;
};

// Starts `skirmish ARGS`, its stdout and stderr in DIR/LOG_NAME. ServerProcess runs any
// program with its output in a log; the tester's SKIRMISH_SERVER and SKIRMISH_CA_FILE are
// blanked so only ARGS count, and seats would be saved in DIR.
std::unique_ptr<ServerProcess> start_client(const std::filesystem::path& dir, const std::vector<std::string>& args,
                                            const std::string& log_name) {
  return std::make_unique<ServerProcess>(
      SKIRMISH_CLIENT_BINARY, args,
      std::map<std::string, std::string>{
          {"SKIRMISH_SERVER", ""}, {"SKIRMISH_CA_FILE", ""}, {"SKIRMISH_STATE_DIR", dir.string()}},
      dir / log_name);
}

struct ClientRun {
  int exit_code;
  std::string output;  // stdout and stderr together
};

// Runs `skirmish ARGS` to its end, within 20 s.
ClientRun run_client(const std::filesystem::path& dir, const std::vector<std::string>& args) {
  static int runs = 0;
  std::string command = "skirmish";
  for (const auto& arg : args) command += " " + arg;
  const auto client = start_client(dir, args, "client-" + std::to_string(++runs) + ".log");
  const auto code = client->wait_exit(20s);
  INFO(command << "\n" << client->log_text());
  REQUIRE(code.has_value());
  return {*code, client->log_text()};
}

// Waits (at most 20 s) for `pattern` in a running client's output; returns its first group.
std::string wait_for_output(const ServerProcess& client, const std::regex& pattern) {
  const auto deadline = std::chrono::steady_clock::now() + 20s;
  std::smatch found;
  std::string text;
  while (std::chrono::steady_clock::now() < deadline) {
    text = client.log_text();
    if (std::regex_search(text, found, pattern)) return found[1].str();
    std::this_thread::sleep_for(20ms);
  }
  FAIL("no such output within 20 s; the client wrote:\n" << text);
  return "";
}

nlohmann::json read_json(const std::filesystem::path& path) {
  std::ifstream in(path);
  REQUIRE(in);
  return nlohmann::json::parse(in);
}

}  // namespace

TEST_CASE("over wss:// trusting the server's certificate, the client lists, creates and exports") {
  TlsServer server;
  const std::vector<std::string> wss = {"--server", server.url("wss"), "--ca-file", fixture("server.crt")};
  const auto with = [&](std::vector<std::string> command) {
    command.insert(command.begin(), wss.begin(), wss.end());
    return command;
  };

  const ClientRun empty = run_client(server.dir(), with({"list"}));
  INFO(empty.output);
  CHECK(empty.exit_code == 0);
  CHECK_THAT(empty.output, Catch::Contains("No open or running matches."));

  // A seat-taking command runs a match session over TLS; --detach stops once created.
  const ClientRun created = run_client(server.dir(), with({"create", "onedchess", "--detach"}));
  INFO(created.output);
  REQUIRE(created.exit_code == 0);
  std::smatch id;
  REQUIRE(std::regex_search(created.output, id, std::regex("Created onedchess match ([A-Za-z0-9]+)")));
  const ClientRun listed = run_client(server.dir(), with({"list", "onedchess"}));
  INFO(listed.output);
  CHECK(listed.exit_code == 0);
  CHECK_THAT(listed.output, Catch::Contains(id[1].str()) && Catch::Contains("open"));

  // A finished game (played by plain ws:// test clients) fetched over https.
  skirmish::test::ScriptedMatch game("onedchess", {}, 11);
  game.start(server.port());
  game.play_to_end();
  REQUIRE(game.over());
  const auto record_file = server.dir() / "record.json";
  const ClientRun exported = run_client(server.dir(), with({"export", game.id(), "-o", record_file.string()}));
  INFO(exported.output);
  REQUIRE(exported.exit_code == 0);
  const auto record = read_json(record_file);
  CHECK(record.at("match") == game.id());
  CHECK(record.at("state") == "finished");
  CHECK(record.at("moves").size() == game.turns().size());
}

TEST_CASE("over wss:// the client refuses a certificate it does not trust and says how to trust it") {
  TlsServer server;
  SECTION("no --ca-file: the system's authorities do not know the self-signed certificate") {
    const ClientRun run = run_client(server.dir(), {"--server", server.url("wss"), "list"});
    INFO(run.output);
    CHECK(run.exit_code != 0);
    CHECK_THAT(run.output, Catch::Contains("TLS handshake with 127.0.0.1:" + std::to_string(server.port()) +
                                           " failed: certificate verify failed (self-signed certificate)") &&
                               Catch::Contains("pass --ca-file FILE with its certificate"));
  }
  SECTION("--ca-file with another certificate") {
    const ClientRun run =
        run_client(server.dir(), {"--server", server.url("wss"), "--ca-file", fixture("other.crt"), "list"});
    INFO(run.output);
    CHECK(run.exit_code != 0);
    CHECK_THAT(run.output, Catch::Contains("certificate verify failed (self-signed certificate)") &&
                               Catch::Contains("--ca-file " + fixture("other.crt")));
  }
  SECTION("the HTTP side (export) checks the certificate too") {
    const ClientRun run = run_client(server.dir(), {"--server", server.url("wss"), "export", "ANYMATCH"});
    INFO(run.output);
    CHECK(run.exit_code != 0);
    CHECK_THAT(run.output, Catch::Contains("cannot fetch https://127.0.0.1:" + std::to_string(server.port()) +
                                           "/api/matches/ANYMATCH") &&
                               Catch::Contains("certificate verify failed (self-signed certificate)"));
  }
  SECTION("a missing --ca-file is named before anything connects") {
    const std::string missing = (server.dir() / "no-such-ca.pem").string();
    const ClientRun run = run_client(server.dir(), {"--server", server.url("wss"), "--ca-file", missing, "list"});
    INFO(run.output);
    CHECK(run.exit_code != 0);
    CHECK_THAT(run.output, Catch::Contains("cannot read CA file '" + missing + "'"));
  }
}

TEST_CASE("a certificate for other names: the client lists the names it has") {
  const auto list_via = [](const TlsServer& server, const std::string& host, const std::string& ca_file) {
    const std::string url = "wss://" + host + ":" + std::to_string(server.port());
    return run_client(server.dir(), {"--server", url, "--ca-file", fixture(ca_file), "list"});
  };
  SECTION("a name-only certificate reached by name") {
    TlsServer server("name-only");
    const ClientRun run = list_via(server, "localhost", "name-only.crt");
    INFO(run.output);
    CHECK(run.exit_code != 0);
    CHECK_THAT(run.output, Catch::Contains("certificate verify failed (hostname mismatch); the server's certificate "
                                           "is not for localhost (it has DNS:games.example.org): connect with a "
                                           "name the certificate has"));
  }
  SECTION("a name-only certificate reached by address: an address needs an IP: entry") {
    TlsServer server("name-only");
    const ClientRun run = list_via(server, "127.0.0.1", "name-only.crt");
    INFO(run.output);
    CHECK(run.exit_code != 0);
    CHECK_THAT(run.output, Catch::Contains("certificate verify failed (IP address mismatch); the server's "
                                           "certificate is not for 127.0.0.1 (it has DNS:games.example.org)") &&
                               Catch::Contains("an IP address must be an IP: entry") &&
                               Catch::Contains("subjectAltName=IP:127.0.0.1"));
  }
  SECTION("a certificate whose CN is the address, without subjectAltName") {
    TlsServer server("cn-only");
    const ClientRun run = list_via(server, "127.0.0.1", "cn-only.crt");
    INFO(run.output);
    CHECK(run.exit_code != 0);
    CHECK_THAT(run.output, Catch::Contains("(it has CN=127.0.0.1 and no subjectAltName)") &&
                               Catch::Contains("subjectAltName=IP:127.0.0.1"));
  }
  SECTION("another address than the certificate's: its DNS and IP entries are listed") {
    TlsServer server("server", "127.0.0.2");  // Linux answers on all of 127.0.0.0/8
    const ClientRun run = list_via(server, "127.0.0.2", "server.crt");
    INFO(run.output);
    CHECK(run.exit_code != 0);
    CHECK_THAT(run.output, Catch::Contains("(IP address mismatch); the server's certificate is not for 127.0.0.2 "
                                           "(it has DNS:localhost, IP:127.0.0.1)"));
  }
  SECTION("the test certificate names both: by name and by address work") {
    TlsServer server;
    for (const char* host : {"localhost", "127.0.0.1"}) {
      const ClientRun run = list_via(server, host, "server.crt");
      INFO(host << "\n" << run.output);
      CHECK(run.exit_code == 0);
    }
  }
}

TEST_CASE("ws:// and http:// still work on the port that takes TLS") {
  TlsServer server;
  const ClientRun games = run_client(server.dir(), {"--server", server.url("ws"), "games"});
  INFO(games.output);
  CHECK(games.exit_code == 0);
  CHECK_THAT(games.output, Catch::Contains("onedchess") && Catch::Contains("tactego"));
  const ClientRun missing = run_client(server.dir(), {"--server", server.url("ws"), "export", "ANYMATCH"});
  INFO(missing.output);
  CHECK(missing.exit_code != 0);
  CHECK_THAT(missing.output, Catch::Contains("http://127.0.0.1:" + std::to_string(server.port()) +
                                             "/api/matches/ANYMATCH: HTTP 404"));
}

TEST_CASE("with --tls-only the client over ws:// is told why it was refused, and over wss:// it plays") {
  TlsServer server("server", "127.0.0.1", "on");
  const ClientRun plain = run_client(server.dir(), {"--server", server.url("ws"), "games"});
  INFO(plain.output);
  CHECK(plain.exit_code != 0);
  CHECK_THAT(plain.output, Catch::Contains("refused the WebSocket connection (HTTP 403)") &&
                               Catch::Contains("TLS only: connect with wss://"));
  const ClientRun secure = run_client(
      server.dir(), {"--server", server.url("wss"), "--ca-file", fixture("server.crt"), "games"});
  INFO(secure.output);
  CHECK(secure.exit_code == 0);
  CHECK_THAT(secure.output, Catch::Contains("onedchess"));
}

TEST_CASE("two bots play a whole 1D Chess game over wss://") {
  TlsServer server;
  const auto bot = [&](const std::string& name, const std::string& target) {
    const std::string program = "/usr/bin/python3 " + (skirmish::test::source_dir() / "bots/random_onedchess.py").string();
    return start_client(server.dir(),
                        {"--server", server.url("wss"), "--ca-file", fixture("server.crt"), "--name", name, "bot",
                         "--cmd", program, "--log", (server.dir() / (name + "-stderr.log")).string(), target},
                        name + ".log");
  };
  const auto first = bot("first", "onedchess");  // creates a match: none is open
  const std::string match = wait_for_output(*first, std::regex("Created onedchess match ([A-Za-z0-9]+)"));
  const auto second = bot("second", match);
  const auto second_code = second->wait_exit(60s);
  const auto first_code = first->wait_exit(10s);
  INFO("first:\n" << first->log_text() << "\nsecond:\n" << second->log_text());
  CHECK(first_code == 0);
  CHECK(second_code == 0);
  CHECK_THAT(first->log_text(), Catch::Contains("Game over"));
  CHECK_THAT(second->log_text(), Catch::Contains("Game over"));
}
