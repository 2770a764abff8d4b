// The 400 reply to a request the HTTP parser refused says what was wrong and where.
#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>

#include "server/unreadable_request.h"

namespace skirmish::server {
namespace {

using Catch::Contains;

// The reply's JSON `error`, after checking the status and the format.
std::string error_of(RequestFault fault, std::string_view received, std::string_view parser_says = "bad") {
  const HttpReply reply = unreadable_request_reply(fault, received, parser_says);
  CHECK(reply.status == 400);
  CHECK(reply.content_type == "application/json");
  const auto body = nlohmann::json::parse(reply.body);
  return body.at("error").get<std::string>();
}

TEST_CASE("A control byte in the path is named with its column and its percent-encoding") {
  const std::string text = error_of(RequestFault::Target, std::string("GET /a\x01z HTTP/1.1\r\nHost: x\r\n\r\n"));
  CHECK_THAT(text, Contains("not an HTTP request this server can read") && Contains("the path holds byte 0x01") &&
                       Contains("column 7") && Contains("(%01)"));
  CHECK_THAT(error_of(RequestFault::Target, "GET /a\x7fz HTTP/1.1\r\n\r\n"), Contains("byte 0x7F (DEL)"));
  CHECK_THAT(error_of(RequestFault::Target, "GET  HTTP/1.1\r\n\r\n"), Contains("has no path after its method"));
  CHECK_THAT(error_of(RequestFault::Target, "HELLO THERE\r\n\r\n"), Contains("' HTTP/1.1' is missing"));
}

TEST_CASE("A space in the path is pointed out as the likely cause of a bad version") {
  CHECK_THAT(error_of(RequestFault::Version, "GET /a b HTTP/1.1\r\n\r\n"),
             Contains("does not end in ' HTTP/1.1'") && Contains("3 spaces") && Contains("%20"));
  CHECK_THAT(error_of(RequestFault::Version, "GET /a HTTP/1.1\rHost: x\r\n\r\n"),
             Contains("CR (0x0D) not followed by LF"));
}

TEST_CASE("A bad method and a TLS handshake on the plain port are told apart") {
  CHECK_THAT(error_of(RequestFault::Method, "G\x01T / HTTP/1.1\r\n\r\n"),
             Contains("the method holds byte 0x01") && Contains("column 2"));
  CHECK_THAT(error_of(RequestFault::Method, "BLAH\r\n\r\n"), Contains("holds only a method"));
  CHECK_THAT(error_of(RequestFault::Method, std::string("\x16\x03\x01\x02\x00", 5)),
             Contains("TLS handshake") && Contains("http:// or ws://"));
}

TEST_CASE("A bad header is quoted with the byte and column that are wrong") {
  // The parser may have consumed the request line before it refused a header.
  for (const std::string before : {"GET / HTTP/1.1\r\n", ""}) {
    CHECK_THAT(error_of(RequestFault::HeaderName, before + "Host: x\r\nX-B\x02" "d: 1\r\n\r\n"),
               Contains(std::string("the header line \"X-B\x02") + "d: 1\"") && Contains("in its name at column 4"));
    CHECK_THAT(error_of(RequestFault::HeaderValue, before + "Host: x\x01y\r\n\r\n"),
               Contains("holds byte 0x01 (a control character) in its value at column 8"));
  }
  CHECK_THAT(error_of(RequestFault::HeaderName, "GET / HTTP/1.1\r\nNoColon\r\n\r\n"), Contains("has no ':' after its name"));
  CHECK_THAT(error_of(RequestFault::HeaderName, "GET / HTTP/1.1\r\n: v\r\n\r\n"), Contains("has no name before its ':'"));
  CHECK_THAT(error_of(RequestFault::LineEnding, "GET / HTTP/1.1\r\nX: b\rc\r\n\r\n"),
             Contains("the line \"X: b\"") && Contains("CR (0x0D) not followed by LF"));
}

TEST_CASE("What cannot be located is told in the parser's words and bytes that are not UTF-8 do not throw") {
  CHECK_THAT(error_of(RequestFault::Other, "GET / HTTP/1.1\r\nContent-Length: x\r\n\r\n", "bad Content-Length"),
             Contains("the parser says 'bad Content-Length'"));
  CHECK_THAT(error_of(RequestFault::HeaderName, "", "bad field"), Contains("the parser says 'bad field'"));
  CHECK_THAT(error_of(RequestFault::Target, "GET /\xff\x01 HTTP/1.1\r\n\r\n"), Contains("\xef\xbf\xbd"));
  // A long line is quoted cut.
  CHECK(error_of(RequestFault::Target, "GET /" + std::string(5000, 'a') + "\x01 HTTP/1.1\r\n\r\n").size() < 500);
}

}  // namespace
}  // namespace skirmish::server
