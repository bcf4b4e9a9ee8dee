// A number for the JSON documents of compare and meta (internal): null when not finite.
#pragma once

#include <cmath>

#include <nlohmann/json.hpp>

namespace irlens::stats {

inline nlohmann::json json_number(double v) { return std::isfinite(v) ? nlohmann::json(v) : nlohmann::json(nullptr); }

}  // namespace irlens::stats
