#pragma once
// Reading what the server (or a bot) sent: a message may lack a field or have another shape
// than expected. nlohmann's const operator[] on a missing key is undefined behaviour (an
// assertion in debug builds), so every read of a field that may be missing goes through here.
#include <climits>
#include <stdexcept>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

namespace skirmish::client {

// `object[key]`, or null when `object` is not an object or has no such key.
inline const nlohmann::json& field(const nlohmann::json& object, std::string_view key) {
  static const nlohmann::json null_value;
  if (!object.is_object()) return null_value;
  const auto it = object.find(key);
  return it == object.end() ? null_value : *it;
}

// `object[key]` when it is text, else `fallback` (missing, null, a number...): value() would
// throw json's type_error at a faulty server's `"state": 7`.
inline std::string text_field(const nlohmann::json& object, std::string_view key, std::string fallback = {}) {
  const nlohmann::json& value = field(object, key);
  return value.is_string() ? value.get<std::string>() : fallback;
}

// A state's `deadline_ms`: a whole number of milliseconds from 0 to a day, else null (no
// clock). A server's longest move time is an hour; a huge or negative value from a faulty
// one would read as "-9223372036854776.0 s left" or overflow a timer.
inline const nlohmann::json& deadline_ms(const nlohmann::json& state) {
  static const nlohmann::json none;
  const nlohmann::json& value = field(state, "deadline_ms");
  constexpr long long kMostMs = 24LL * 3600 * 1000;
  const bool usable = value.is_number_unsigned() ? value.get<unsigned long long>() <= kMostMs
                      : value.is_number_integer() ? value.get<long long>() >= 0 && value.get<long long>() <= kMostMs
                                                  : false;
  return usable ? value : none;
}

// A whole number from a view (a board's size, a square's row or column) as an int; anything
// else throws std::runtime_error naming `what` and the value. get<int>() converts 1e300 or
// 2^40 without a check (a float out of range is undefined behaviour), and a faulty server's
// board size would then index what it never allocated.
inline int int_of(const nlohmann::json& value, std::string_view what) {
  if (value.is_number_integer() && value.get<long long>() >= INT_MIN && value.get<long long>() <= INT_MAX &&
      !(value.is_number_unsigned() && value.get<unsigned long long>() > INT_MAX))
    return value.get<int>();
  throw std::runtime_error(std::string(what) + " " + value.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) +
                           " is not a whole number");
}

// A state's `turn`: the engine counts turns in an int, from 0. Anything else (missing, a
// string, negative, 2^64-1) throws std::runtime_error saying what it was: a faulty server's
// 18446744073709551615 read as -1, "a turn already answered", and no prompt ever came.
inline int turn_of(const nlohmann::json& state) {
  const nlohmann::json& value = field(state, "turn");
  if (value.is_number_unsigned() && value.get<unsigned long long>() <= INT_MAX) return value.get<int>();
  if (value.is_number_integer() && value.get<long long>() >= 0 && value.get<long long>() <= INT_MAX)
    return value.get<int>();
  throw std::runtime_error(value.is_null() ? std::string("its turn is missing")
                                           : "its turn " + value.dump() + " is not a turn number (0 to " +
                                                 std::to_string(INT_MAX) + ")");
}

}  // namespace skirmish::client
