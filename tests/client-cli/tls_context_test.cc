// The client's TLS trust without a server: which CA file it takes (--ca-file, else
// $SKIRMISH_CA_FILE), and the errors that name a CA file it cannot use.
#include <catch2/catch.hpp>

#include <cstdlib>
#include <optional>
#include <string>

#include "client-cli/server_url.h"
#include "client-cli/tls_context.h"
#include "tests/client-cli/scoped_env.h"
#include "tests/engine/common/test_data.h"
#include "tests/store/temp_dir.h"

using namespace skirmish::client;

namespace {

std::string fixture(const std::string& name) {
  return (skirmish::test::source_dir() / "tests/fixtures/tls" / name).string();
}

using skirmish::test::ScopedEnv;

}  // namespace

TEST_CASE("the CA file is --ca-file, else $SKIRMISH_CA_FILE, else none") {
  {
    ScopedEnv unset("SKIRMISH_CA_FILE", nullptr);
    CHECK(choose_ca_file("").empty());
    CHECK(choose_ca_file("flag.pem") == "flag.pem");
  }
  ScopedEnv set("SKIRMISH_CA_FILE", "env.pem");
  CHECK(choose_ca_file("") == "env.pem");
  CHECK(choose_ca_file("flag.pem") == "flag.pem");
}

TEST_CASE("a CA file's path is read without the blanks a paste brings as a server URL is") {
  CHECK(choose_ca_file(" certs/server.crt \n") == "certs/server.crt");
  CHECK(choose_ca_file("\tmy certs/server.crt ") == "my certs/server.crt");  // a blank inside stays
  {
    ScopedEnv set("SKIRMISH_CA_FILE", "env.pem \n");
    CHECK(choose_ca_file("") == "env.pem");
  }
  ScopedEnv unset("SKIRMISH_SERVER", nullptr);
  const auto url = choose_server_url(" wss://127.0.0.1:8443 ", fixture("server.crt") + " ");
  CHECK(url.ca_file == fixture("server.crt"));
  CHECK(url.text() == "wss://127.0.0.1:8443/");
}

TEST_CASE("a PEM certificate, or none, makes a TLS context") {
  CHECK_NOTHROW(make_client_tls_context(""));
  CHECK_NOTHROW(make_client_tls_context(fixture("server.crt")));
  CHECK_NOTHROW(make_client_tls_context(fixture("other.crt")));
}

TEST_CASE("a CA file that is missing, a directory or no certificate is refused by name") {
  skirmish::test::TempDir dir;
  const std::string missing = (dir.path() / "missing.pem").string();
  CHECK_THROWS_WITH(make_client_tls_context(missing),
                    Catch::Contains("cannot read CA file '" + missing + "'") &&
                        Catch::Contains("No such file or directory"));
  CHECK_THROWS_WITH(make_client_tls_context(dir.path().string()),
                    Catch::Contains("CA file '" + dir.path().string() + "'") && Catch::Contains("is a directory"));
  // A private key is PEM, but no certificate.
  CHECK_THROWS_WITH(make_client_tls_context(fixture("server.key")),
                    Catch::Contains("CA file '" + fixture("server.key") + "'") &&
                        Catch::Contains("holds no PEM certificate"));
}

TEST_CASE("the CA file is checked up front for wss:// and ignored for ws://") {
  ScopedEnv unset("SKIRMISH_SERVER", nullptr);
  const auto url = choose_server_url("wss://127.0.0.1:8443", fixture("server.crt"));
  CHECK(url.tls);
  CHECK(url.ca_file == fixture("server.crt"));
  CHECK_THROWS_WITH(choose_server_url("wss://127.0.0.1:8443", "/no/such/ca.pem"),
                    Catch::Contains("cannot read CA file '/no/such/ca.pem'"));
  CHECK_NOTHROW(choose_server_url("ws://127.0.0.1:8080", "/no/such/ca.pem"));
  ScopedEnv ca("SKIRMISH_CA_FILE", "/no/such/env.pem");
  CHECK_THROWS_WITH(choose_server_url("wss://127.0.0.1:8443", ""), Catch::Contains("/no/such/env.pem"));
}
