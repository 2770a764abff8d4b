#pragma once
// The protocol version this build speaks (docs/protocol.md). A client's `hello` names the
// version it speaks; any other is refused with `unsupported_version`.
namespace skirmish::protocol {
inline constexpr int kProtocolVersion = 1;
}  // namespace skirmish::protocol
