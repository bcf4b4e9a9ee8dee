// Checks the constraints of Amigó, Spina & Carrillo-de-Albornoz (SIGIR 2018), Sec. 3, for one
// measure: the cases of cases.cpp scored by the real measure (one topic per case, both rankings
// evaluated with evaluate()), then a verdict (contract: irlens/axioms/axioms.hpp).
#include "irlens/axioms/axioms.hpp"

#include "axioms/cases.hpp"
#include "irlens/error.hpp"
#include "irlens/evaluation/evaluate.hpp"
#include "irlens/readers/doc_lengths.hpp"
#include "irlens/readers/intents.hpp"
#include "irlens/readers/qrels.hpp"
#include "irlens/readers/run.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>

namespace irlens {

const std::vector<ConstraintInfo>& axiom_constraints() {
    static const std::vector<ConstraintInfo> list = {
        {Constraint::Pri, "Pri", false, false, "Eq. 1",
         "swapping two documents into the order of their relevance raises the score"},
        {Constraint::Deep, "Deep", false, false, "Eq. 2",
         "a correct swap of contiguous documents counts more near the top"},
        {Constraint::DeepTh, "DeepTh", false, true, "Eq. 3",
         "for n large enough, one relevant document at rank 1 beats n relevant documents after n non-relevant ones"},
        {Constraint::CloseTh, "CloseTh", false, true, "Eq. 4",
         "for some small m, m relevant documents after m non-relevant ones beat one relevant document at rank 1"},
        {Constraint::Conf, "Conf", false, false, "Eq. 5", "appending a non-relevant document lowers the score"},
        {Constraint::AspDiv, "AspDiv", true, false, "Eq. 6",
         "a document relevant to more aspects in the same place raises the score"},
        {Constraint::Red, "Red", true, false, "Eq. 7",
         "appending a document of a less covered aspect beats appending one of a more covered aspect (binary)"},
        {Constraint::MRed, "MRed", true, false, "Eq. 8",
         "as Red with graded relevance: the aspect every ranked document favours is the redundant one"},
        {Constraint::Sat, "Sat", true, true, "Eq. 9",
         "after a document of grade r_max for an aspect, another document for it adds nothing (for r_max large "
         "enough)"},
        {Constraint::AspRel, "AspRel", true, false, "Eq. 10",
         "a first document for an aspect of higher weight beats one for a lower weight"},
    };
    return list;
}

const ConstraintInfo* find_constraint(const std::string& name) {
    for (const ConstraintInfo& c : axiom_constraints())
        if (name == c.name) return &c;
    return nullptr;
}

const ConstraintInfo& constraint_info(Constraint c) {
    for (const ConstraintInfo& i : axiom_constraints())
        if (i.id == c) return i;
    throw std::logic_error("unknown constraint");
}

namespace {

bool needs(const MeasureInfo& m, Need n) { return std::find(m.needs.begin(), m.needs.end(), n) != m.needs.end(); }

std::string doc_id(int k) { return "d" + std::to_string(k + 1); }

// Why the constraint does not apply to the measure; empty when it does.
std::string not_applicable(const MeasureInfo& m, const ConstraintInfo& c) {
    if (m.text_valued) return "a text, not a score";
    if (m.direction == Direction::Neither) return "a count or diagnostic (better: neither), not a quality score";
    if (m.input == RelInput::Preferences || needs(m, Need::Preferences))
        return "reads preference judgments, not the graded judgments the constraints are stated on";
    if (m.input == RelInput::JudgmentGroups || needs(m, Need::JudgmentGroups))
        return "reads judgment groups, not the graded judgments the constraints are stated on";
    if (needs(m, Need::Sessions)) return "scores sessions of queries, not one ranking";
    if (c.diversity && !needs(m, Need::DiversityQrels))
        return "no intents: the measure reads one grade per document (the paper, Sec. 4.1: such metrics do not "
               "satisfy the diversity-oriented constraints)";
    return {};
}

struct Scores {
    double better, worse;
};

// Both rankings of every case scored by the measure: one topic per case, grouped qrels for the
// diversity measures, plain qrels otherwise.
std::vector<Scores> score(const MeasureSpec& spec, const std::vector<axioms::Case>& cases) {
    const MeasureInfo& m = spec.info();
    const bool grouped = needs(m, Need::DiversityQrels);
    std::string qrels, better, worse, background, probs;
    std::size_t most_docs = 0;
    for (std::size_t i = 0; i < cases.size(); ++i) {
        const axioms::Case& c = cases[i];
        const std::string topic = std::to_string(i);
        most_docs = std::max(most_docs, c.docs.size());
        for (std::size_t k = 0; k < c.docs.size(); ++k) {
            const std::vector<int>& g = c.docs[k];
            bool any = false;
            for (std::size_t a = 0; a < g.size(); ++a) {
                if (g[a] <= 0 && !(a + 1 == g.size() && !any)) continue;
                any = true;
                qrels += topic + (grouped ? " " + std::to_string(a + 1) : std::string(" 0")) + " " +
                         doc_id(static_cast<int>(k)) + " " + std::to_string(g[a]) + "\n";
                if (!grouped) break;
            }
        }
        auto ranking = [&](const std::vector<int>& r, const char* tag, std::string& out) {
            for (std::size_t k = 0; k < r.size(); ++k)
                out += topic + " Q0 " + doc_id(r[k]) + " " + std::to_string(k + 1) + " " +
                       std::to_string(r.size() - k) + " " + tag + "\n";
        };
        ranking(c.better, "better", better);
        ranking(c.worse, "worse", worse);
        std::vector<int> bg;
        for (int k = static_cast<int>(c.docs.size()) - 1; k >= 0; k -= 2) bg.push_back(k);
        ranking(bg, "background", background);
        for (std::size_t a = 0; a < c.weights.size(); ++a)
            probs += topic + " " + std::to_string(a + 1) + " " + format_number(c.weights[a]) + "\n";
    }
    auto q = read_qrels("axioms.qrels", qrels, grouped ? QrelsFormat::Grouped : QrelsFormat::Plain);
    EvalOptions options;
    if (!probs.empty()) {
        auto intents = std::make_shared<Intents>();
        intents->read_probabilities("axioms.probabilities", probs);
        options.intents = intents;
    }
    if (needs(m, Need::DocLengths)) {
        std::string lengths;
        for (std::size_t k = 0; k < most_docs; ++k) lengths += doc_id(static_cast<int>(k)) + " 1000 200\n";
        options.doc_lengths = read_doc_lengths("axioms.lengths", lengths);
    }
    const bool others = needs(m, Need::OtherRuns);
    auto values = [&](const std::string& text, const char* name) {
        std::vector<std::shared_ptr<const Run>> runs = {read_run(q, name, text)};
        if (others) runs.push_back(read_run(q, "background", background));
        Evaluation ev = evaluate(q, runs, {spec}, options);
        std::vector<double> out(cases.size(), std::numeric_limits<double>::quiet_NaN());
        const RunScores& r = ev.runs.at(0);
        for (std::size_t t = 0; t < r.topics.size(); ++t) out[std::stoul(r.topics[t])] = r.values[0][t];
        return out;
    };
    const std::vector<double> b = values(better, "better"), w = values(worse, "worse");
    std::vector<Scores> out(cases.size());
    for (std::size_t i = 0; i < cases.size(); ++i) out[i] = {b[i], w[i]};
    return out;
}

// Whether the measure tells grades 1 and 2 apart: the grade-2 document at rank 1 against the grade-1
// document at rank 1, the same judgments ({d1: 1, d2: 2}). A measure that scores both alike reads
// binary relevance (P, AP, RR, ndeval's measures ...): its cases use grades 0 and 1 only.
bool reads_grades(const MeasureSpec& spec) {
    axioms::Case c;
    c.docs = {{1}, {2}};
    c.better = {1};
    c.worse = {0};
    const Scores s = score(spec, {c}).at(0);
    if (std::isnan(s.better) || std::isnan(s.worse)) return true;
    return std::fabs(s.better - s.worse) > 1e-12 * std::max({1.0, std::fabs(s.better), std::fabs(s.worse)});
}

enum class Outcome { Holds, Fails, Undefined };

Outcome judge(const MeasureInfo& m, const axioms::Case& c, Scores s) {
    if (std::isnan(s.better) || std::isnan(s.worse)) return Outcome::Undefined;
    const double sign = m.direction == Direction::Lower ? -1 : 1;
    const double a = sign * s.better, b = sign * s.worse;
    const double tol = 1e-12 * std::max({1.0, std::fabs(a), std::fabs(b)});
    return (c.strict ? a > b + tol : a >= b - tol) ? Outcome::Holds : Outcome::Fails;
}

AxiomCase to_public(const axioms::Case& c, Scores s) {
    AxiomCase out;
    for (std::size_t k = 0; k < c.docs.size(); ++k) out.judgments.push_back({doc_id(static_cast<int>(k)), c.docs[k]});
    out.weights = c.weights;
    for (int d : c.better) out.better.docs.push_back(doc_id(d));
    for (int d : c.worse) out.worse.docs.push_back(doc_id(d));
    out.better.score = s.better;
    out.worse.score = s.worse;
    out.strict = c.strict;
    out.note = c.note;
    return out;
}

// Smallest first: the longer of the two rankings, then the judged documents, then the order built.
bool smaller(const axioms::Case& a, const axioms::Case& b) {
    const std::size_t la = std::max(a.better.size(), a.worse.size()), lb = std::max(b.better.size(), b.worse.size());
    if (la != lb) return la < lb;
    return a.docs.size() < b.docs.size();
}

std::vector<axioms::Case> cases_of(Constraint c, bool graded, const AxiomOptions& o) {
    // One generator per constraint, seeded from the seed and the constraint: adding a constraint
    // or a measure leaves every other verdict as it was.
    Rng rng(o.seed * 31 + static_cast<std::uint64_t>(c) + 1);
    axioms::Space s;
    s.max_grade = graded ? 2 : 1;
    s.random = o.random_cases;
    std::vector<axioms::Case> cases;
    switch (c) {
        case Constraint::Pri: cases = axioms::pri_cases(s, rng); break;
        case Constraint::Deep: cases = axioms::deep_cases(s, rng); break;
        case Constraint::DeepTh: cases = axioms::deep_threshold_cases(o.depth_bound); break;
        case Constraint::CloseTh: cases = axioms::close_threshold_cases(o.depth_bound); break;
        case Constraint::Conf: cases = axioms::confidence_cases(s, rng); break;
        case Constraint::AspDiv: cases = axioms::aspect_diversity_cases(s, rng); break;
        case Constraint::Red: return axioms::redundancy_cases(s, rng);
        case Constraint::MRed: cases = axioms::monotonic_redundancy_cases(s, rng); break;
        case Constraint::Sat: return axioms::saturation_cases(o.grade_bound, s, rng);
        case Constraint::AspRel: return axioms::aspect_relevance_cases(s, rng);
    }
    for (axioms::Case& x : cases) axioms::add_scale_top(x);  // "relevance contribution"
    return cases;
}

}  // namespace

std::string AxiomResult::verdict_text() const {
    const std::string unit = constraint == Constraint::Sat ? "grade " : constraint == Constraint::CloseTh ? "m=" : "n=";
    switch (verdict) {
        case Verdict::Violated: return "violated";
        case Verdict::NoViolation:
            return "no violation in " + std::to_string(cases) + " cases" +
                   (undefined ? " (" + std::to_string(undefined) + " undefined left out)" : "");
        case Verdict::Witness:
            return "witness at " + unit + std::to_string(witness) + " (bound " + std::to_string(bound) + ")";
        case Verdict::NoWitness: return "none up to " + unit + std::to_string(bound);
        case Verdict::NotApplicable: return "n/a: " + reason;
    }
    return {};
}

AxiomResult check_axiom(const MeasureSpec& spec, Constraint c, const AxiomOptions& o) {
    const MeasureInfo& m = spec.info();
    const ConstraintInfo& ci = constraint_info(c);
    AxiomResult r;
    r.measure = spec.full_name();
    r.constraint = c;
    r.reason = not_applicable(m, ci);
    if (!r.reason.empty()) return r;
    std::vector<axioms::Case> cases;
    std::vector<Scores> scores;
    try {
        r.max_grade = reads_grades(spec) ? 2 : 1;
        cases = cases_of(c, r.max_grade == 2, o);
        if (c == Constraint::Sat)
            r.max_grade = o.grade_bound;
        else if (c == Constraint::DeepTh || c == Constraint::CloseTh)
            r.max_grade = 1;
        scores = score(spec, cases);
    } catch (const UsageError& e) {
        r.reason = e.what();
        return r;
    } catch (const InputError& e) {
        r.reason = e.what();
        return r;
    }
    std::vector<Outcome> outcome(cases.size());
    for (std::size_t i = 0; i < cases.size(); ++i) outcome[i] = judge(m, cases[i], scores[i]);

    if (ci.existential) {
        // outcome per parameter value: holds when every case of that value holds
        const int bound = c == Constraint::Sat ? o.grade_bound : o.depth_bound;
        std::vector<bool> holds(static_cast<std::size_t>(bound) + 1, true);
        std::vector<int> first_failure(static_cast<std::size_t>(bound) + 1, -1);
        for (std::size_t i = 0; i < cases.size(); ++i) {
            const int p = cases[i].param;
            if (outcome[i] == Outcome::Holds) continue;
            holds[p] = false;
            if (first_failure[p] < 0 || smaller(cases[i], cases[static_cast<std::size_t>(first_failure[p])]))
                first_failure[p] = static_cast<int>(i);
        }
        r.bound = bound;
        int witness = 0;
        if (c == Constraint::CloseTh) {  // "some m small enough": the smallest m that holds
            for (int p = 1; p <= bound && !witness; ++p)
                if (holds[p]) witness = p;
        } else {  // "n (r_max) large enough": holds from witness up to the bound
            for (int p = bound; p >= 1 && holds[p]; --p) witness = p;
        }
        if (witness) {
            r.verdict = Verdict::Witness;
            r.witness = witness;
        } else {
            r.verdict = Verdict::NoWitness;
            const int p = c == Constraint::CloseTh ? 1 : bound;
            const auto i = static_cast<std::size_t>(first_failure[p]);
            r.example = to_public(cases[i], scores[i]);
        }
        return r;
    }

    int worst = -1;
    for (std::size_t i = 0; i < cases.size(); ++i) {
        if (outcome[i] == Outcome::Undefined) {
            ++r.undefined;
            continue;
        }
        ++r.cases;
        if (outcome[i] == Outcome::Fails && (worst < 0 || smaller(cases[i], cases[static_cast<std::size_t>(worst)])))
            worst = static_cast<int>(i);
    }
    if (worst >= 0) {
        r.verdict = Verdict::Violated;
        r.example = to_public(cases[static_cast<std::size_t>(worst)], scores[static_cast<std::size_t>(worst)]);
    } else if (r.cases == 0) {
        r.reason = "undefined (NaN) on every case";
    } else {
        r.verdict = Verdict::NoViolation;
    }
    return r;
}

std::vector<AxiomResult> check_axioms(const MeasureSpec& spec, const AxiomOptions& o) {
    std::vector<AxiomResult> out;
    for (const ConstraintInfo& c : axiom_constraints()) out.push_back(check_axiom(spec, c.id, o));
    return out;
}

const std::vector<PaperMetric>& axiom_paper_metrics() {
    // Table 1 of the paper, top to bottom, in the paper's forms (Sec. 4): the intent-aware metrics
    // weighted by w(t) (Sec. 4.2: M-IA = sum_t w(t) M_t), ERR-IA graded (Chapelle's), alpha-nDCG and
    // NRBP with graded r(d, t) (Sec. 4.3); D#-Measure@k as D#-nDCG@k, its instance in Sakai & Song.
    static const std::vector<PaperMetric> list = {
        {"P@k", "P@10"},
        {"RR", "RR"},
        {"AP", "AP"},
        {"nDCG@k", "nDCG@10"},
        {"ERR@k", "ERR@10"},
        {"RBP", "RBP"},
        {"P-IA@k", "wP_IA@10"},
        {"RR-IA@k", "RR_IA@10"},
        {"AP-IA", "wAP_IA"},
        {"nDCG-IA@k", "nDCG_IA@10"},
        {"ERR-IA@k", "ERR_IA(graded=True)@10"},
        {"RBP-IA", "RBP_IA"},
        {"S-Recall@k", "StRecall@10"},
        {"S-RR@100%", "S-RR@100%"},
        {"NRBP", "NRBP(graded=True)"},
        {"D#-Measure@k", "D#-nDCG@10"},
        {"α-nDCG@k", "alpha_nDCG(graded=True)@10"},
        {"EU", "EU"},
        {"CT@k", "CT@10"},
        {"RBU@k", "RBU@10"},
    };
    return list;
}

MeasureSpec axiom_measure(const MeasureInfo& info) {
    std::map<std::string, std::string> preset;
    for (const ParamInfo& p : info.params)
        if (p.required) preset[p.name] = "1";
    std::string cutoff = info.cutoff == CutoffKind::Real      ? "@0.5"
                         : info.cutoff == CutoffKind::Percent ? "@100%"
                                                              : "@10";
    if (info.cutoff_required) return parse_measure(info.name + cutoff, preset);
    MeasureSpec plain = parse_measure(info.name, preset);
    try {
        plain.compile();  // NRG(base=nDCG) needs a cutoff though it is optional
        return plain;
    } catch (const UsageError&) {
        return parse_measure(info.name + cutoff, preset);
    }
}

std::vector<MeasureSpec> axiom_measures(const std::vector<std::string>& names) {
    std::vector<MeasureSpec> out;
    if (names.empty())
        for (const PaperMetric& p : axiom_paper_metrics()) add_distinct(out, parse_measure(p.measure));
    for (const std::string& n : names) {
        if (n == "all") {
            for (const MeasureInfo& info : registry()) add_distinct(out, axiom_measure(info));
            continue;
        }
        for (MeasureSpec& m : parse_measures(n)) add_distinct(out, std::move(m));
    }
    return out;
}

}  // namespace irlens
