#include "bench/loadgen/message_summary.h"

#include <algorithm>

#include <nlohmann/json.hpp>

namespace skirmish::loadgen {
namespace {

using Json = nlohmann::json;

// Depth 1 is the message object's own fields; depth 2 the items of its arrays (to_act and
// submitted are arrays of names, so a string at depth 2 under those keys is one of them).
class SummaryHandler final : public nlohmann::json_sax<Json> {
 public:
  explicit SummaryHandler(MessageSummary& out) : out_(out) {}

  bool null() override { return true; }
  bool boolean(bool) override { return true; }
  bool number_integer(number_integer_t value) override { return number(value); }
  bool number_unsigned(number_unsigned_t value) override {
    return number(static_cast<long long>(value));
  }
  bool number_float(number_float_t, const string_t&) override { return true; }
  bool binary(binary_t&) override { return true; }

  bool string(string_t& value) override {
    if (depth_ == 1) {
      if (key_ == "type") out_.type = std::move(value);
      else if (key_ == "status") out_.status = std::move(value);
      else if (key_ == "you") out_.you = std::move(value);
      else if (key_ == "match") out_.match = std::move(value);
      else if (key_ == "code") out_.code = std::move(value);
      else if (key_ == "message") out_.message = std::move(value);
    } else if (depth_ == 2) {
      if (key_ == "to_act") out_.to_act.push_back(std::move(value));
      else if (key_ == "submitted") out_.submitted.push_back(std::move(value));
    }
    return true;
  }

  bool start_object(std::size_t) override {
    ++depth_;
    return true;
  }
  bool end_object() override {
    --depth_;
    return true;
  }
  bool start_array(std::size_t) override {
    ++depth_;
    return true;
  }
  bool end_array() override {
    --depth_;
    return true;
  }
  bool key(string_t& name) override {
    if (depth_ == 1) key_ = std::move(name);
    return true;
  }
  bool parse_error(std::size_t, const std::string&, const nlohmann::detail::exception&) override {
    return false;
  }

 private:
  bool number(long long value) {
    if (depth_ != 1) return true;
    if (key_ == "id") out_.id = value;
    else if (key_ == "turn") out_.turn = value;
    return true;
  }

  MessageSummary& out_;
  std::string key_;
  int depth_ = 0;
};

bool contains(const std::vector<std::string>& names, const std::string& name) {
  return std::find(names.begin(), names.end(), name) != names.end();
}

}  // namespace

bool MessageSummary::you_to_act() const { return contains(to_act, you) && !contains(submitted, you); }

bool summarize(std::string_view text, MessageSummary& out) {
  out = MessageSummary{};
  if (text.empty() || text.front() != '{') return false;
  SummaryHandler handler(out);
  return Json::sax_parse(text.begin(), text.end(), &handler, nlohmann::detail::input_format_t::json,
                         /*strict=*/true);
}

}  // namespace skirmish::loadgen
