// The names of tests, alternatives and corrections in the CLI and the JS API.
#include "irlens/error.hpp"
#include "irlens/stats/significance.hpp"

#include <string>

namespace irlens {

Alternative parse_alternative(std::string_view text) {
    if (text == "two-sided") return Alternative::TwoSided;
    if (text == "greater") return Alternative::Greater;
    if (text == "less") return Alternative::Less;
    throw UsageError("alternative must be two-sided, greater or less, got '" + std::string(text) + "'");
}

const char* alternative_name(Alternative a) {
    switch (a) {
        case Alternative::TwoSided: return "two-sided";
        case Alternative::Greater: return "greater";
        case Alternative::Less: return "less";
    }
    return "";
}

PairedTest parse_paired_test(std::string_view text) {
    if (text == "t") return PairedTest::T;
    if (text == "wilcoxon") return PairedTest::Wilcoxon;
    if (text == "sign") return PairedTest::Sign;
    if (text == "randomisation" || text == "randomization" || text == "permutation") return PairedTest::Randomisation;
    if (text == "bootstrap") return PairedTest::Bootstrap;
    throw UsageError("paired test must be t, wilcoxon, sign, randomisation or bootstrap, got '" + std::string(text) +
                     "'");
}

const char* paired_test_name(PairedTest t) {
    switch (t) {
        case PairedTest::T: return "paired t-test";
        case PairedTest::Wilcoxon: return "Wilcoxon signed-rank test";
        case PairedTest::Sign: return "sign test";
        case PairedTest::Randomisation: return "randomisation test";
        case PairedTest::Bootstrap: return "studentised paired bootstrap test";
    }
    return "";
}

Correction parse_correction(std::string_view text) {
    if (text == "none") return Correction::None;
    if (text == "bonferroni") return Correction::Bonferroni;
    if (text == "holm") return Correction::Holm;
    if (text == "bh" || text == "fdr") return Correction::BenjaminiHochberg;
    throw UsageError("correction must be none, bonferroni, holm or bh, got '" + std::string(text) + "'");
}

const char* correction_name(Correction c) {
    switch (c) {
        case Correction::None: return "none";
        case Correction::Bonferroni: return "Bonferroni";
        case Correction::Holm: return "Holm";
        case Correction::BenjaminiHochberg: return "Benjamini-Hochberg";
    }
    return "";
}

}  // namespace irlens
