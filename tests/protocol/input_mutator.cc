#include "tests/protocol/input_mutator.h"

#include <array>
#include <limits>
#include <vector>

namespace skirmish::test {
namespace {

using nlohmann::json;

// Text that breaks parsers: quotes and brackets out of place, escapes of lone surrogates
// and NUL, numbers past 64 bits or a double's range, invalid UTF-8, a bidirectional override.
constexpr std::array<std::string_view, 22> kTokens{
    "\"", "\\", "{", "}", "[", "]", ",", ":", "-", "\\u0000", "\\ud800", "\\udfff",
    "1e999", "-0", "18446744073709551616", "-9223372036854775809", "null", "\xff",
    "\xc3", "\xe2\x80\xae", "0.5", "\n"};

// Every node of `root` (objects' and arrays' values, and `root` itself), for picking one.
void collect_nodes(json& node, std::vector<json*>& nodes) {
  nodes.push_back(&node);
  if (node.is_object() || node.is_array())
    for (auto& child : node) collect_nodes(child, nodes);
}

}  // namespace

std::size_t InputMutator::below(std::size_t bound) {
  if (bound == 0) return 0;
  return std::uniform_int_distribution<std::size_t>(0, bound - 1)(rng_);
}

std::string InputMutator::mutate(std::string_view valid, std::size_t at_most) {
  std::string text(valid);
  const std::size_t rounds = 1 + below(at_most);
  for (std::size_t round = 0; round < rounds; ++round) {
    json document = json::parse(text, nullptr, false);
    if (!document.is_discarded() && below(2) == 0) {
      mutate_json(document);
      text = document.dump();
    } else {
      text = mutate_bytes(std::move(text));
    }
  }
  return text;
}

std::string InputMutator::mutate_bytes(std::string text) {
  const std::size_t at = below(text.size() + 1);
  const std::size_t length = 1 + below(8);
  switch (below(6)) {
    case 0:  // one bit flipped
      if (at < text.size()) text[at] = static_cast<char>(text[at] ^ (1 << below(8)));
      break;
    case 1:  // a range cut out
      text.erase(std::min(at, text.size()), length);
      break;
    case 2:  // a range repeated
      if (at < text.size()) text.insert(at, text.substr(at, length));
      break;
    case 3:  // a troublesome token put in
      text.insert(at, kTokens[below(kTokens.size())]);
      break;
    case 4:  // a byte replaced by one of those tokens
      if (at < text.size()) text.replace(at, 1, kTokens[below(kTokens.size())]);
      break;
    default:  // the end cut off
      text.resize(std::min(at, text.size()));
      break;
  }
  return text;
}

void InputMutator::mutate_json(json& document) {
  std::vector<json*> nodes;
  collect_nodes(document, nodes);
  json& node = *nodes[below(nodes.size())];
  if (node.is_object() && !node.empty() && below(3) == 0) {  // a key removed
    auto it = node.begin();
    std::advance(it, static_cast<std::ptrdiff_t>(below(node.size())));
    node.erase(it);
  } else if (node.is_object() && below(3) == 0) {  // a key added, perhaps a known one
    static constexpr std::array<std::string_view, 8> kKeys{"type", "id", "turn", "name",
                                                            "options", "seat", "x", ""};
    node[std::string(kKeys[below(kKeys.size())])] = odd_value();
  } else if (node.is_array() && below(3) == 0) {  // an element more
    node.push_back(odd_value());
  } else {
    node = odd_value();
  }
}

json InputMutator::odd_value() {
  switch (below(16)) {
    case 0: return nullptr;
    case 1: return below(2) == 0;
    case 2: return 0;
    case 3: return -1;
    case 4: return std::numeric_limits<std::int64_t>::max();
    case 5: return std::numeric_limits<std::int64_t>::min();
    case 6: return std::numeric_limits<std::uint64_t>::max();
    case 7: return 1.5;
    case 8: return -1e308;
    case 9: return "";
    case 10: return std::string(1 + below(3'000), 'x');  // past every length limit, often
    case 11: return "\xe2\x80\xae\x1b[2J";               // a bidi override, an escape code
    case 12: return json::array();
    case 13: return json::object();
    case 14: {  // nested deeper than anyone writes by hand
      json nested = json::array();
      for (std::size_t depth = below(300); depth > 0; --depth) {
        json outer = json::array();
        outer.push_back(std::move(nested));
        nested = std::move(outer);
      }
      return nested;
    }
    default: return static_cast<std::int64_t>(below(20)) - 5;  // small, maybe in range
  }
}

}  // namespace skirmish::test
