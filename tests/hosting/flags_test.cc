// skirmish-server's flags and their SKIRMISH_* twins, as a process: a refused value names
// where it came from (the variable when the environment gave it) and what is accepted;
// the command line wins over the environment; a data directory that is a file is named;
// and docs/operations.md's flag table agrees with --help.
#include <catch2/catch.hpp>

#include <csignal>
#include <fstream>
#include <map>
#include <regex>
#include <sstream>

#include "tests/engine/common/test_data.h"
#include "tests/hosting/server_process.h"
#include "tests/store/temp_dir.h"

namespace {

using skirmish::test::ServerProcess;
using Env = std::map<std::string, std::string>;

struct Outcome {
  int status = -1;
  std::string output;
};

// Runs a server that is expected to stop at once (a refused flag, --help).
Outcome run_to_exit(const std::vector<std::string>& args, const Env& env = {}) {
  skirmish::test::TempDir dir;
  ServerProcess server(skirmish::test::server_binary(), args, env, dir.path() / "log");
  const auto status = server.wait_exit(std::chrono::seconds(10));
  INFO(server.log_text());
  REQUIRE(status.has_value());
  return {*status, server.log_text()};
}

// The row of docs/operations.md's flag table for `flag`, split into its cells.
std::vector<std::string> documented_row(const std::string& flag) {
  std::ifstream doc(skirmish::test::source_dir() / "docs" / "operations.md");
  std::string line;
  while (std::getline(doc, line)) {
    if (!line.starts_with("| `" + flag + "` |")) continue;
    std::vector<std::string> cells;
    std::istringstream row(line.substr(1));
    for (std::string cell; std::getline(row, cell, '|');) cells.push_back(cell);
    return cells;
  }
  return {};
}

}  // namespace

TEST_CASE("flags: a bad value from the environment names the variable, not the flag") {
  struct Case {
    std::string variable, value, expected;
  };
  const std::vector<Case> cases{
      {"SKIRMISH_PORT", "abc", "SKIRMISH_PORT=abc: --port must be a whole number from 0 to 65535"},
      {"SKIRMISH_LOG_LEVEL", "loud",
       "SKIRMISH_LOG_LEVEL=loud: --log-level must be one of trace, debug, info, warn, error, critical, off"},
      {"SKIRMISH_STORE", "no", "SKIRMISH_STORE=no: --store must be one of on, off"},
      {"SKIRMISH_RATE_LIMIT", "nan", "SKIRMISH_RATE_LIMIT=nan: --rate-limit must be a number from 0 to 1000000000"},
      {"SKIRMISH_ADDRESS", "localhost",
       "SKIRMISH_ADDRESS=localhost: --address must be an IPv4 or IPv6 address"},
      // Set but empty: CLI11 alone would take the default without a word.
      {"SKIRMISH_MAX_CONNECTIONS", "", "SKIRMISH_MAX_CONNECTIONS is set but empty: give it a value or unset it"},
  };
  for (const auto& c : cases) {
    INFO(c.variable << "=" << c.value);
    // Good values for the rest, in case the bad one were taken: no fixed port, no store.
    Env env{{"SKIRMISH_PORT", "0"}, {"SKIRMISH_STORE", "off"}};
    env[c.variable] = c.value;
    const auto outcome = run_to_exit({}, env);
    CHECK(outcome.status == 2);  // a usage error, not a failure (docs/operations.md)
    CHECK_THAT(outcome.output, Catch::Contains(c.expected));
    CHECK_THAT(outcome.output, !Catch::Contains("Could not convert"));
  }
}

TEST_CASE("flags: a bad value on the command line names the flag and the accepted range") {
  struct Case {
    std::vector<std::string> args;
    std::string expected;
  };
  const std::vector<Case> cases{
      {{"--port", "99999"}, "--port 99999: must be a whole number from 0 to 65535"},
      {{"--port", "80.5"}, "--port 80.5: must be a whole number from 0 to 65535"},
      {{"--rate-limit", "-1"}, "--rate-limit -1: must be a number from 0 to 1000000000"},
      {{"--shutdown-timeout-ms", "5000"}, "--shutdown-timeout-ms 5000: must be a whole number from 0 to 4000"},
      {{"--store-sync", "always"}, "--store-sync always: must be one of normal, full"},
      {{"--address", "my-host"}, "--address my-host: must be an IPv4 or IPv6 address"},
      {{"--tls-only", "yes"}, "--tls-only yes: must be one of on, off"},
      {{"--tls-only", "on"}, "--tls-only (SKIRMISH_TLS_ONLY) needs TLS: give --tls-cert and --tls-key"},
      // An empty path would have turned the store off, or TLS, without a word.
      {{"--data-dir", ""}, "--data-dir is empty: give it a path"},
      {{"--tls-cert", "", "--tls-key", ""}, "--tls-cert is empty: give it a path"},
  };
  for (const auto& c : cases) {
    INFO(c.args[0] << " " << c.args[1]);
    const auto outcome = run_to_exit(c.args, {{"SKIRMISH_PORT", "0"}, {"SKIRMISH_STORE", "off"}});
    CHECK(outcome.status == 2);  // a usage error, not a failure (docs/operations.md)
    CHECK_THAT(outcome.output, Catch::Contains(c.expected));
    CHECK_THAT(outcome.output, !Catch::Contains("0.000000"));  // no printf-style trailing zeros
  }
}

TEST_CASE("flags: an unknown flag is a usage error, --help and --version are not errors") {
  const auto unknown = run_to_exit({"--colour", "red"}, {{"SKIRMISH_PORT", "0"}, {"SKIRMISH_STORE", "off"}});
  CHECK(unknown.status == 2);
  CHECK_THAT(unknown.output, Catch::Contains("skirmish-server: ") && Catch::Contains("--colour"));
  // CLI11's own errors are said as ours are: the program's name first.
  const auto twice = run_to_exit({"--port", "1", "--port", "2"}, {{"SKIRMISH_STORE", "off"}});
  CHECK(twice.status == 2);
  CHECK_THAT(twice.output, Catch::Contains("skirmish-server: --port is given 2 times: give it once"));
  const auto no_value = run_to_exit({"--port"}, {{"SKIRMISH_STORE", "off"}});
  CHECK(no_value.status == 2);
  CHECK_THAT(no_value.output, Catch::Contains("skirmish-server: --port needs a value: a whole number from 0 to 65535"));
  const auto no_path = run_to_exit({"--data-dir"}, {{"SKIRMISH_STORE", "off"}});
  CHECK(no_path.status == 2);
  CHECK_THAT(no_path.output, Catch::Contains("skirmish-server: --data-dir needs a value\n"));
  const auto help = run_to_exit({"--help"});
  CHECK(help.status == 0);
  CHECK_THAT(help.output, Catch::Contains("--max-connections-per-ip"));
  const auto version = run_to_exit({"--version"});
  CHECK(version.status == 0);
  CHECK_THAT(version.output, Catch::Contains("skirmish-server " SKIRMISH_VERSION " (protocol 1)"));
}

TEST_CASE("flags: the command line wins over the environment, and numbers are read as decimal") {
  skirmish::test::TempDir dir;
  // A bad SKIRMISH_PORT does not matter when --port is given; "010" threads are ten, not
  // octal eight.
  ServerProcess server(skirmish::test::server_binary(), {"--port", "0", "--store", "off", "--threads", "010"},
                       {{"SKIRMISH_PORT", "abc"}, {"SKIRMISH_STORE", "on"}, {"SKIRMISH_SHUTDOWN_TIMEOUT_MS", "0"}},
                       dir.path() / "log");
  server.wait_for_port();
  CHECK_THAT(server.log_text(), Catch::Contains("(10 threads)"));
  CHECK_THAT(server.log_text(), Catch::Contains("storing is off"));
  server.signal(SIGTERM);
  CHECK(server.wait_exit(std::chrono::seconds(5)) == 0);
}

TEST_CASE("flags: a data directory that is a file is named as one") {
  skirmish::test::TempDir dir;
  const auto file = dir.path() / "file";
  std::ofstream(file) << "x";
  SECTION("the directory itself, from --data-dir") {
    const auto outcome = run_to_exit({"--port", "0", "--data-dir", file.string()});
    CHECK(outcome.status == 1);
    CHECK_THAT(outcome.output, Catch::Contains("cannot use data directory " + file.string() +
                                               " (--data-dir): the path exists and is a file, not a directory"));
  }
  SECTION("a directory above it") {
    const auto below = file / "data";
    const auto outcome = run_to_exit({"--port", "0", "--data-dir", below.string()});
    CHECK(outcome.status == 1);
    CHECK_THAT(outcome.output, Catch::Contains("cannot use data directory " + below.string() + " (--data-dir): " +
                                               file.string() + " exists and is a file, not a directory"));
  }
  SECTION("from SKIRMISH_DATA_DIR") {
    const auto outcome = run_to_exit({"--port", "0"}, {{"SKIRMISH_DATA_DIR", file.string()}});
    CHECK(outcome.status == 1);
    CHECK_THAT(outcome.output, Catch::Contains("(SKIRMISH_DATA_DIR): the path exists and is a file"));
  }
  SECTION("no matter with the store off") {
    ServerProcess server(skirmish::test::server_binary(), {"--port", "0", "--store", "off", "--data-dir", file.string()},
                         {{"SKIRMISH_SHUTDOWN_TIMEOUT_MS", "0"}}, dir.path() / "log");
    server.wait_for_port();
    server.signal(SIGTERM);
    CHECK(server.wait_exit(std::chrono::seconds(5)) == 0);
  }
}

TEST_CASE("flags: docs/operations.md lists every flag with its variable, default and accepted values") {
  const auto help = run_to_exit({"--help"});
  REQUIRE(help.status == 0);
  // "  --port UINT:INT in [0 - 65535]=8080 (Env:SKIRMISH_PORT)"
  // ... or, for a flag with no default: "  --tls-cert TEXT (Env:SKIRMISH_TLS_CERT)"
  const std::regex option_line(R"(^\s+(--[a-z-]+) [A-Z]+(?::(.+?))?(?:=(\S+))? \(Env:([A-Z_]+)\)$)");
  std::istringstream lines(help.output);
  int flags = 0;
  for (std::string line; std::getline(lines, line);) {
    std::smatch option;
    if (!std::regex_match(line, option, option_line)) continue;
    ++flags;
    const std::string flag = option[1], accepts = option[2], default_value = option[3], env = option[4];
    INFO(line);
    const auto row = documented_row(flag);
    REQUIRE(row.size() >= 5);  // flag, environment, default, accepted values, meaning
    CHECK(row[1] == " `" + env + "` ");
    if (option[3].matched)
      CHECK_THAT(row[2], Catch::StartsWith(" `" + default_value + "`"));
    else
      CHECK(row[2] == " none ");
    std::smatch range;
    if (std::regex_match(accepts, range, std::regex(R"([A-Z]+ in \[(\S+) - (\S+)\])"))) {
      CHECK_THAT(row[3], Catch::Contains("`" + range[1].str() + "`–`" + range[2].str() + "`"));
    } else if (accepts.starts_with("{")) {
      std::istringstream choices(accepts.substr(1, accepts.size() - 2));
      for (std::string choice; std::getline(choices, choice, ',');)
        CHECK_THAT(row[3], Catch::Contains("`" + choice + "`"));
    }
  }
  CHECK(flags == 21);
}
