// The axiomatic audit: the ten formal constraints of Amigó, Spina & Carrillo-de-Albornoz, "An
// Axiomatic Analysis of Diversity Evaluation Metrics: Introducing the Rank-Biased Utility Metric"
// (SIGIR 2018), Sec. 3 (Eqs. 1-10), checked computationally for one measure of the registry.
//
// Every score is computed by the real measure: each constraint builds small judgments (a topic per
// case; one aspect for the relevance-oriented constraints, intents of grouped qrels for the
// diversity-oriented ones) and the pairs of rankings its definition compares, and evaluates both
// rankings with evaluate() (irlens/evaluation/evaluate.hpp). The constraint claims
// score(better) > score(worse) (Sat: >=); scores within 1e-12 (relative) of each other count as
// equal, so a strict claim on a tie is a violation.
//
// A finite search cannot prove that a constraint holds, so the verdicts say what was found:
//   Violated      a case breaks the claim; the smallest one (shortest rankings, then fewest
//                 judged documents) is the counterexample.
//   NoViolation   every one of `cases` cases keeps it (systematic small cases + a seeded search).
//   Witness       the existential constraints: DeepTh holds for every n from `witness` up to the
//                 bound ("n large enough"); CloseTh holds at m = `witness` (the smallest such m,
//                 "m small enough": m = 1 never holds for a top-heavy measure, so it is read as
//                 "some m"); Sat holds for every grade from `witness` up to the bound.
//   NoWitness     none found up to the bound (the counterexample is the case at the bound: DeepTh,
//                 Sat; at m = 1: CloseTh).
//   NotApplicable the constraint does not apply to the measure (`reason` says why: a diversity
//                 constraint for a measure without intents, a count that rates nothing, a measure
//                 that reads preferences or sessions, ...).
//
// Readings (docs/axioms.md discusses each):
// - A measure that scores a grade-2 document at rank 1 as it scores a grade-1 one (same judgments)
//   reads binary relevance (P, AP, RR, ndeval's measures ...): its cases use grades 0 and 1 (the
//   paper: graded Pri and Deep are "undefined" for RR, AP and P@k); every other measure gets grades
//   0..2 (DeepTh, CloseTh: binary, as stated; Sat: grades up to the bound).
// - "Relevance contribution" (r(d, t) << 1, assumed by Pri, Deep, DeepTh, CloseTh, Conf, AspDiv,
//   MRed): every case also judges an unretrieved document of grade 5 for each aspect, so that the
//   grades ranked sit low on the scale of measures that map grades to probabilities.
// - "Balanced aspects" (Red, MRed, AspRel, AspDiv, Sat): uniform intent weights (AspRel: unequal
//   weights), and judgments padded with unretrieved documents so that every aspect has the same
//   positive grades: per-aspect normalisations then treat the aspects alike.
// - Measures that score a run against other runs (Need::OtherRuns) are evaluated beside one fixed
//   background run per case (every second judged document, in reverse); measures that need
//   document lengths get 1000 characters / 200 words for every document.
#pragma once

#include "irlens/measures/measure.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace irlens {

enum class Constraint { Pri, Deep, DeepTh, CloseTh, Conf, AspDiv, Red, MRed, Sat, AspRel };

struct ConstraintInfo {
    Constraint id;
    const char* name;        // "Pri"
    bool diversity;          // diversity-oriented (Sec. 3.3) rather than relevance-oriented (Sec. 3.2)
    bool existential;        // DeepTh, CloseTh, Sat: "there exists ..."
    const char* equation;    // "Eq. 1"
    const char* definition;  // one line, as the paper states it
};

/// The ten constraints in the paper's order.
const std::vector<ConstraintInfo>& axiom_constraints();
/// The entry of one constraint.
const ConstraintInfo& constraint_info(Constraint c);
/// By name (case-sensitive, the paper's spelling); nullptr when unknown.
const ConstraintInfo* find_constraint(const std::string& name);

struct AxiomOptions {
    std::uint64_t seed = 2018;       // the seeded random search
    std::size_t random_cases = 300;  // random cases per constraint (besides the systematic ones)
    int depth_bound = 30;            // DeepTh's n and CloseTh's m are searched in 1..depth_bound
    int grade_bound = 3;             // Sat's r_max is searched over grades 1..grade_bound
};

enum class Verdict { Violated, NoViolation, Witness, NoWitness, NotApplicable };

/// One judged document of a case: its id and its grade for each aspect (one aspect: the grade).
struct AxiomJudgment {
    std::string doc;
    std::vector<int> grades;
};

struct AxiomRanking {
    std::vector<std::string> docs;
    double score = 0;  // the measure's value (as the measure reports it; not negated for lower-is-better)
};

/// Two rankings the constraint compares, with the judgments both are scored against.
struct AxiomCase {
    std::vector<AxiomJudgment> judgments;  // every judged document (retrieved or not)
    std::vector<double> weights;           // intent weights; empty: uniform (or one aspect)
    AxiomRanking better, worse;            // the claim: better scores above worse (Sat: at least as high)
    bool strict = true;
    std::string note;  // what was changed: "swap ranks 1 and 3"
};

struct AxiomResult {
    std::string measure;  // MeasureSpec::full_name()
    Constraint constraint;
    Verdict verdict = Verdict::NotApplicable;
    std::size_t cases = 0;             // cases checked (NoViolation, Violated)
    std::size_t undefined = 0;         // cases left out because a score was undefined (NaN)
    int witness = 0;                   // Witness: the n, m or grade
    int bound = 0;                     // Witness, NoWitness: the bound searched
    int max_grade = 0;                 // the grades the cases used: 0..max_grade (0: none, n/a)
    std::string reason;                // NotApplicable: why
    std::optional<AxiomCase> example;  // Violated, NoWitness: the counterexample

    /// "violated", "no violation in 412 cases", "witness at n=3 (bound 30)", "none up to n=30",
    /// "witness at grade 2 (bound 3)", "none up to grade 3", "n/a: REASON".
    std::string verdict_text() const;
};

/// Checks every constraint for one measure (deterministic for a given options.seed).
std::vector<AxiomResult> check_axioms(const MeasureSpec& measure, const AxiomOptions& options = {});
/// Checks one constraint.
AxiomResult check_axiom(const MeasureSpec& measure, Constraint c, const AxiomOptions& options = {});

/// One metric of the paper's Table 1 and the irlens measure that stands for it.
struct PaperMetric {
    std::string paper;    // as the paper writes it: "nDCG@k"
    std::string measure;  // irlens' name, k = 10: "nDCG@10"
};
/// The metrics of Table 1 that irlens has, in the table's order (k = 10 wherever the paper writes @k).
const std::vector<PaperMetric>& axiom_paper_metrics();

/// The measure a registry row is audited as: its defaults; @10 (@0.5, @100%) where it needs a
/// cutoff; alpha=1 for the rareness measures (alpha is required; 0 would be P or AP).
MeasureSpec axiom_measure(const MeasureInfo& info);

/// The measures a front-end audits: `names` empty -> the Table 1 metrics; "all" -> every registry
/// row as axiom_measure makes it; any other item a list of measure names (parse_measures). Each
/// measure once. Throws UsageError for an unknown name.
std::vector<MeasureSpec> axiom_measures(const std::vector<std::string>& names);

}  // namespace irlens
