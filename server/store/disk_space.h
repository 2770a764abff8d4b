#pragma once
// What a store error at start does not say: SQLite reports a full disk while it sets up its
// log as a plain "disk I/O error". The server adds the free space when it is low.
#include <cstdint>
#include <filesystem>
#include <string>

namespace skirmish::store {

// Below this, a store that cannot start is probably short of space: the journal alone
// reserves 8 MiB (Journal::kSegmentBytes) when it starts a file.
inline constexpr std::uintmax_t kLowDiskBytes = 16u << 20;

// " (the file system holding DIR has only 3.2 MiB free; a full disk is the likely cause)"
// when `available_bytes` is below kLowDiskBytes, else "".
std::string low_disk_note(const std::filesystem::path& dir, std::uintmax_t available_bytes);
// The same for the free space of `dir` now ("" when it cannot be read).
std::string low_disk_note(const std::filesystem::path& dir);

}  // namespace skirmish::store
