// A list of measure names as typed (-m "P@5 nDCG(gains={0:0,1:1})@10, AP"): the items that
// parse_measures (measure.hpp) parses, each as written, for provenance ("the name as typed").
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace irlens {

/// The items of a measure list: separated by commas or whitespace outside (), [] and {}, trimmed.
std::vector<std::string> split_measure_list(std::string_view list);

}  // namespace irlens
