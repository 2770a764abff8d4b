#include "bench/loadgen/message_summary.h"

#include "bench/loadgen/json_scan.h"

namespace skirmish::loadgen {
namespace {

// Whether the JSON array `names` holds the string `name`.
bool contains(std::string_view names, std::string_view name) {
  if (names.empty()) return false;
  json::Reader in(names);
  std::string decoded;  // used only by a name with an escape
  bool found = false;
  in.enter_array();
  while (in.next_item()) {
    if (!in.at_string()) {
      in.skip();
      continue;
    }
    decoded.clear();
    if (in.string(decoded) == name) found = true;
  }
  return found;
}

}  // namespace

bool MessageSummary::you_to_act() const { return contains(to_act, you) && !contains(submitted, you); }

bool summarize(std::string_view text, MessageSummary& out) {
  out.type = out.match = out.game = out.status = out.you = {};
  out.to_act = out.submitted = out.view = out.code = out.message = {};
  out.id.reset();
  out.turn = -1;
  out.decoded.clear();
  // Decoding only shortens a string, so `decoded` never outgrows the text: reserved up
  // front, it never reallocates under the views already pointing into it.
  out.decoded.reserve(text.size());

  json::Reader in(text);
  std::string_view key;
  // A field of an unexpected JSON type is passed over, as if absent.
  auto text_field = [&](std::string_view& field) {
    if (!in.at_string()) return static_cast<void>(in.skip());
    if (const auto value = in.string(out.decoded)) field = *value;
  };
  if (!in.enter_object()) return false;
  while (in.next_member(key)) {
    if (key == "type") {
      text_field(out.type);
    } else if (key == "status") {
      text_field(out.status);
    } else if (key == "you") {
      text_field(out.you);
    } else if (key == "match") {
      text_field(out.match);
    } else if (key == "game") {
      text_field(out.game);
    } else if (key == "code") {
      text_field(out.code);
    } else if (key == "message") {
      text_field(out.message);
    } else if (key == "id") {
      out.id = json::int_value(in.skip());
    } else if (key == "turn") {
      out.turn = json::int_value(in.skip()).value_or(-1);
    } else if (key == "to_act" || key == "submitted") {
      const std::string_view value = in.skip();
      (key == "to_act" ? out.to_act : out.submitted) = value.substr(0, 1) == "[" ? value : std::string_view();
    } else if (key == "view") {
      out.view = in.skip();
    } else {
      in.skip();
    }
  }
  return in.finish();
}

}  // namespace skirmish::loadgen
