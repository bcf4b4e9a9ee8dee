// The general path of text::parse_double, for the tests (core/src: not part of the public API).
#pragma once

#include <string_view>

namespace irlens::text {

/// parse_double without its short path for plain decimals ([-+]digits[.digits], at most 19
/// digits; text.cpp): the same results for every input; what the tests compare the short path with.
bool parse_double_general(std::string_view s, double& out);

}  // namespace irlens::text
