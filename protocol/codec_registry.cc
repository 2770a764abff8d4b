#include <array>

#include "protocol/codecs/codecs.h"

namespace skirmish::protocol {

const GameCodec* find_codec(std::string_view game) {
  // One line per game.
  static const auto codecs = std::to_array<const GameCodec*>({
      &tactego_codec(),
      &dcms_codec(),
      &onedchess_codec(),
  });
  for (const GameCodec* codec : codecs)
    if (codec->game() == game) return codec;
  return nullptr;
}

}  // namespace skirmish::protocol
