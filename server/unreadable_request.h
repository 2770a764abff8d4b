#pragma once
// The 400 reply to bytes the HTTP parser refused, saying what was wrong and where (a control
// byte in the path, a space in it, a bad header name...), in the JSON error format of every
// other HTTP error (http_api.h). Transport-free: the session names the parser's error as a
// RequestFault, and tests call it directly.
#include <string_view>

#include "server/http_api.h"

namespace skirmish::server {

// The part of the request the parser refused (Beast's http::error, named without Beast).
enum class RequestFault {
  Method,       // bad_method
  Target,       // bad_target
  Version,      // bad_version
  LineEnding,   // bad_line_ending
  HeaderName,   // bad_field
  HeaderValue,  // bad_value
  Other,        // anything else: `parser_says` is quoted
};

// `received`: the bytes read of the request when the parser gave up (its head, where the
// fault is; what it holds past the head is not read). `parser_says`: the parser's own
// message, for RequestFault::Other and when the fault cannot be found in `received`.
HttpReply unreadable_request_reply(RequestFault fault, std::string_view received, std::string_view parser_says);

}  // namespace skirmish::server
