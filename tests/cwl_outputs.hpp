// The golden tables of the C/W/L family (tests/unit-cwl-golden.cpp, tests/golden/cwl_covid.cpp):
// cwl_eval's ten outputs in its column order (cwl_eval -r), which irlens names with out=.
#pragma once

#include <string>

namespace irlens::test {

/// cwl_eval -r's columns: EU ETU EC ETC ED ResEU ResETU ResEC ResETC ResED.
inline const char* const kCwlOutputs[] = {"EU",    "ETU",    "EC",    "ETC",    "ED",
                                          "ResEU", "ResETU", "ResEC", "ResETC", "ResED"};

/// `measure` (written with parameters in parentheses) with out=`output` added to them:
/// INST(max_rel=1) -> INST(max_rel=1,out=ETU).
inline std::string with_output(const std::string& measure, const char* output) {
    std::size_t close = measure.find(')');
    return measure.substr(0, close) + ",out=" + output + measure.substr(close);
}

}  // namespace irlens::test
