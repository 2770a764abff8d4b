#pragma once
// Each game's codec, one per file in this folder; codec_registry.cc lists them.
#include "protocol/game_codec.h"

namespace skirmish::protocol {
const GameCodec& tactego_codec();
const GameCodec& dcms_codec();
const GameCodec& onedchess_codec();
}  // namespace skirmish::protocol
