// The cases of each constraint of Amigó, Spina & Carrillo-de-Albornoz (SIGIR 2018), Sec. 3: small
// judgments and the two rankings the constraint's equation compares. Built here, scored in
// check.cpp by the real measures. Readings: irlens/axioms/axioms.hpp and docs/axioms.md.
#pragma once

#include "irlens/stats/random.hpp"

#include <cstddef>
#include <string>
#include <vector>

namespace irlens::axioms {

/// One case: judged documents d1, d2, ... (grades per aspect; one aspect for the relevance
/// constraints) and two rankings of them (indices into docs). The claim: better > worse
/// (strict) or better >= worse (Sat).
struct Case {
    std::vector<std::vector<int>> docs;
    std::vector<double> weights;  // intent weights (AspRel); empty: uniform
    std::vector<int> better, worse;
    bool strict = true;
    int param = 0;     // the existential constraints: n (DeepTh), m (CloseTh), the grade r_max (Sat)
    std::string note;  // what the pair differs in
};

/// What the generators vary: grades 0..max_grade (1: binary measures), how many random cases.
struct Space {
    int max_grade = 2;
    std::size_t random = 300;
};

/// "Relevance contribution" (Sec. 3.1: r(d, t) << 1, "there is always room for new documents"):
/// an unretrieved document of grade kScaleTop judged for every aspect, so that the grades the
/// rankings hold (0..2) sit low on the scale of measures that map grades to probabilities
/// ((2^g - 1)/2^gmax: grade 1 -> 1/32). Added to the cases of Pri, Deep, DeepTh, CloseTh, Conf,
/// AspDiv and MRed, the constraints stated under that condition.
constexpr int kScaleTop = 5;
void add_scale_top(Case& c);

// Relevance-oriented (Sec. 3.2: one aspect).
std::vector<Case> pri_cases(const Space& s, Rng& rng);         // Eq. 1
std::vector<Case> deep_cases(const Space& s, Rng& rng);        // Eq. 2
std::vector<Case> deep_threshold_cases(int bound);             // Eq. 3, n = 1..bound
std::vector<Case> close_threshold_cases(int bound);            // Eq. 4, m = 1..bound
std::vector<Case> confidence_cases(const Space& s, Rng& rng);  // Eq. 5
// Diversity-oriented (Sec. 3.3: intents).
std::vector<Case> aspect_diversity_cases(const Space& s, Rng& rng);             // Eq. 6
std::vector<Case> redundancy_cases(const Space& s, Rng& rng);                   // Eq. 7
std::vector<Case> monotonic_redundancy_cases(const Space& s, Rng& rng);         // Eq. 8
std::vector<Case> saturation_cases(int grade_bound, const Space& s, Rng& rng);  // Eq. 9, r_max = 1..grade_bound
std::vector<Case> aspect_relevance_cases(const Space& s, Rng& rng);             // Eq. 10

}  // namespace irlens::axioms
