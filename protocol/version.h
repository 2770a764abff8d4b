#pragma once
// The protocol version this build speaks (docs/protocol.md). A client's `hello` names the
// version it speaks; any other is refused with `unsupported_version`.
#include <string>

namespace skirmish::protocol {
inline constexpr int kProtocolVersion = 1;

// This build's release (CMake's project version), as `--version` prints it.
inline constexpr const char* kSkirmishVersion = SKIRMISH_VERSION;

// "NAME 0.1.0 (protocol 1)": the first line of `--version`, for bug reports.
inline std::string version_line(const std::string& program) {
  return program + " " + kSkirmishVersion + " (protocol " + std::to_string(kProtocolVersion) + ")";
}
}  // namespace skirmish::protocol
