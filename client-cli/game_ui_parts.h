#pragma once
// What each game's GameUi entry is made of, defined in the game's *_screen.cc and
// *_dialog.cc. Only those files and game_ui.cc include this; the rest of the client reaches
// a game through find_ui (or screens.h and move_dialogs.h).
#include <memory>
#include <string>

#include <nlohmann/json.hpp>

#include "client-cli/move_dialogs.h"
#include "client-cli/style.h"

namespace skirmish::client {

std::string render_tactego(const nlohmann::json& view, const Style& style);
std::string describe_tactego_last(const nlohmann::json& last);
std::unique_ptr<MoveDialog> make_tactego_dialog(const nlohmann::json& state);
std::string tactego_legend();
std::string check_tactego_answer(const nlohmann::json& answer, const std::string& phase);

std::string render_onedchess(const nlohmann::json& view, const Style& style);
std::string describe_onedchess_last(const nlohmann::json& last);
std::unique_ptr<MoveDialog> make_onedchess_dialog(const nlohmann::json& state);
std::string onedchess_legend();
std::string check_onedchess_answer(const nlohmann::json& answer, const std::string& phase);

std::string render_dcms(const nlohmann::json& view, const Style& style);
// As render_dcms, for a terminal of `columns` (0: any width): a map too wide for it in
// four characters a square is drawn in three.
std::string render_dcms_within(const nlohmann::json& view, const Style& style, int columns);
std::string describe_dcms_last(const nlohmann::json& last);
std::unique_ptr<MoveDialog> make_dcms_dialog(const nlohmann::json& state);
std::string dcms_legend();
std::string check_dcms_answer(const nlohmann::json& answer, const std::string& phase);

}  // namespace skirmish::client
