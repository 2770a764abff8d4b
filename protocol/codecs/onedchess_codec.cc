// 1D Chess on the wire: {"position": i, "direction": "LEFT"}; the view is the nine cells
// by the seed's names. Nothing is hidden in this game.
#include <climits>

#include "engine/onedchess/onedchess.h"
#include "protocol/client_message.h"
#include "protocol/codecs/codecs.h"
#include "protocol/error_code.h"

namespace skirmish::protocol {
namespace {

namespace chess = engine::onedchess;

const chess::OneDChessState& typed(const engine::GameState& state) {
  return dynamic_cast<const chess::OneDChessState&>(state);
}

class OneDChessCodec final : public GameCodec {
 public:
  std::string_view game() const override { return "onedchess"; }

  std::string move_text(const nlohmann::json& message, const engine::GameState&,
                        engine::Seat) const override {
    require_move_fields(message, {"position", "direction"},
                        "a 1D Chess move is {\"position\": 2, \"direction\": \"RIGHT\"}");
    const long long position = require_integer(message, "position");
    const std::string& direction = require_string(message, "direction");
    if (direction != "LEFT" && direction != "RIGHT")
      throw ProtocolError(ErrorCode::BadMessage,
                          "field 'direction' must be \"LEFT\" or \"RIGHT\"");
    if (position < INT_MIN || position > INT_MAX)
      throw ProtocolError(ErrorCode::BadMessage, "field 'position' is out of range");
    return std::to_string(position) + " " + direction;
  }

  void write_view(JsonWriter& out, const engine::GameState& state, const engine::Viewer&,
                  bool) const override {
    out.begin_object().key("board").begin_array();
    for (chess::Cell cell : typed(state).board()) out.string(chess::cell_name(cell));
    out.end_array().end_object();
  }

  void write_last(JsonWriter& out, const engine::GameState& state,
                  const engine::Viewer&) const override {
    const auto& last = typed(state).last_move();
    if (!last) {
      out.null();
      return;
    }
    out.begin_object();
    out.key("seat").string(last->seat == chess::kWhite ? "white" : "black");
    out.key("position").number(last->move.position);
    out.key("direction").string(chess::direction_name(last->move.direction));
    out.key("from").number(last->from);
    out.key("to").number(last->to);
    out.key("killed");
    if (last->killed == chess::Cell::Empty)
      out.null();
    else
      out.string(chess::cell_name(last->killed));
    out.end_object();
  }
};

}  // namespace

const GameCodec& onedchess_codec() {
  static const OneDChessCodec codec;
  return codec;
}

}  // namespace skirmish::protocol
