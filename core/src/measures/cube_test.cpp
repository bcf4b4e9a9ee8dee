// The Cube Test as the TREC Dynamic Domain track scores it: cubeTest.pl (version "lgc", InfoSense
// group, Georgetown University, 2014; github.com/trec-dd/trec-dd-metrics, cube-test/cubetest/),
// after Luo, Wing, Yang & Hearst, The Water Filling Model and the Cube Test (CIKM 2013).
// A topic is a cube whose base is split among its subtopics (intents) by their importance
// area(s); each relevant document pours water into the subtopics it is relevant to:
//   height(d_i, s) = gamma^(c(i,s) + 1) * (grade(d_i, s) / max_grade) * boost(d_i, s)
//   boost(d_i, s)  = 1 + sum_{s' != s, grade(d_i, s') > 0} area(s') * H(s')         (beta = 1)
//   gain(d_i)      = sum_{s: grade(d_i, s) > 0, H(s) < 1} area(s) * height(d_i, s)
// where c(i,s) counts the documents above rank i relevant to s, and H(s) is the water already in
// s (the cube has a top cover of height 1: a subtopic whose water reached 1 takes no more; the
// last pour may overflow it). Time to read the top k (Smucker & Clarke's calibration, as in TBG):
//   Time(k) = sum_{j<=k} 4.4 + (0.018 words(d_j) + 7.8) * (0.64 if d_j is relevant to some
//             subtopic, else 0.39)
//   CT_speed@K = sum_{i<=n} gain(d_i) / Time(n),             n = min(K, documents retrieved)
//   ACT@K      = (1/n) sum_{k=1..n} CT_speed@k                (cubeTest.pl's ct_accel)
// Subtopic importance area(s): the intent probabilities (--intents), divided by their
// sum as cubeTest.pl divides its fifth qrels column by its sum; without them, cubeTest.pl's decay
// (1/log2(1 + s)) / sum_{c=1..n} 1/log2(1 + c) of the numeric subtopic id s over the topic's n
// subtopics. Readings where cubeTest.pl departs from its own model or cannot be matched
// (docs/differences-from-reference-tools.md):
// - A document relevant to several subtopics: cubeTest.pl keeps only the gain of the subtopic it
//   visits last (`$rel =`, not `+=`) and visits them in Perl's hash order, which changes from one
//   run of the script to the next; irlens sums over the subtopics, visiting them in ndeval's
//   intent order (each one's boost sees the heights poured before it). With one subtopic per
//   document (the reference's test data) both agree.
// - cubeTest.pl takes the run's lines in file order and ignores rank and score; irlens ranks by
//   score as trec_eval does. Document lengths come from the lengths file (words, its third column)
//   where cubeTest.pl reads a seventh run column.
// - A topic without relevant judgments scores 0; cubeTest.pl leaves it out of its mean. A topic the
//   run did not answer scores 0 (with --missing zero, as every measure; cubeTest.pl: left out).
#include "measures/doc_length_lookup.hpp"
#include "measures/intent_rankings.hpp"
#include "measures/trace.hpp"

#include "irlens/error.hpp"
#include "irlens/readers/intents.hpp"

#include <algorithm>
#include <cmath>
#include <string>
#include <type_traits>

namespace irlens::measures {

namespace {

constexpr double kSummary = 4.4, kSlope = 0.018, kIntercept = 7.8, kClickRel = 0.64, kClickNonrel = 0.39;
constexpr double kCover = 1.0;  // the cube's top cover: a subtopic filled to 1 takes no more water

struct CubeParams {
    double gamma = 0.5;
    double max_grade = 4;
    long k = 0;
    bool accel = false;  // ACT (ct_accel) rather than CT_speed
    std::string name;
};

/// area(s) of every intent of the topic (see the top of this file).
std::vector<double> areas(const TopicView& v, const TopicIntents& ti, const std::string& name) {
    if (v.context().intents && v.context().intents->has_probabilities()) return ti.weights();
    double total = 0.0;
    for (std::size_t c = 1; c <= ti.size(); ++c) total += 1.0 / std::log2(1.0 + static_cast<double>(c));
    std::vector<double> out;
    for (std::string_view id : ti.names) {
        long s = 0;
        bool numeric = !id.empty() && id.size() < 10 &&
                       std::all_of(id.begin(), id.end(), [](char c) { return c >= '0' && c <= '9'; });
        if (numeric) s = std::stol(std::string(id));
        if (s < 1)
            throw UsageError(name +
                             ": without intent probabilities the importance of a subtopic decays with its number "
                             "(cubeTest.pl), which needs subtopic ids 1, 2, ...; topic " +
                             std::string(v.qrels().topic_id(v.topic())) + " has subtopic '" + quote_bytes(id) +
                             "' (give --intents)");
        out.push_back(1.0 / std::log2(1.0 + static_cast<double>(s)) / total);
    }
    return out;
}

/// The words of the document at 0-based rank i (cubeTest.pl's document length).
double words_at(const TopicView& v, const Ranking& r, long i, const std::string& name) {
    const DocLengths::Length& len = length_at(v, r, i);
    if (len.words < 0)
        throw InputError(v.context().doc_lengths->source(), len.line,
                         "document '" + quote_bytes(v.run().doc(r.docs[static_cast<std::size_t>(i)])) +
                             "' has no word count (third column), which " + name + " needs");
    return static_cast<double>(len.words);
}

/// CT_speed@K or ACT@K of one topic, traced for explain mode: per rank the document's words, its
/// gain, the gain and time so far, CT_speed at that rank and (ACT) the running mean.
template <class T>
double cube_test(const CubeParams& p, const TopicView& v, T& t) {
    if constexpr (T::on) {
        t.formula(
            std::string(p.accel ? "ACT@K = (1/n) sum_{k<=n} CT_speed@k, " : "") +
            "CT_speed@k = sum_{i<=k} gain(d_i) / Time(k), n = min(K, retrieved); gain(d) = sum over the unfilled "
            "subtopics s of d of area(s) gamma^(c+1) (grade/max_grade) (1 + sum_{s' != s} area(s') H(s')); Time(k) = "
            "sum_{j<=k} 4.4 + (0.018 words + 7.8) (0.64 if relevant, else 0.39); gamma = " +
            format_number(p.gamma) + ", max_grade = " + format_number(p.max_grade) + ", K = " + std::to_string(p.k));
    }
    if (v.missing()) {  // trec_eval -c's placeholder document has no length: nothing was read
        t.term("no ranking (the topic was not answered), so", 0.0);
        return 0.0;
    }
    const IntentRankings& ir = intent_rankings(v, false);
    const Ranking& docs = v.ranking(1);
    show_ranking(v, ir, t);
    const long n = std::min(p.k, docs.num_ret);
    const std::size_t m = ir.rankings.size();
    std::vector<double> area = m ? areas(v, ir.topic, p.name) : std::vector<double>();
    const std::size_t cg = intent_grade_columns(ir.topic, t);
    std::size_t c = 0;
    if constexpr (T::on) {
        std::vector<std::string> cols;
        for (std::string_view s : ir.topic.names) cols.push_back("water in subtopic " + std::string(s));
        c = t.columns(cols);
        t.columns({"words", "gain", "gain so far", "Time so far", "CT_speed at this rank"});
        if (p.accel) t.columns({"ACT sum so far"});
        for (std::size_t i = 0; i < m; ++i) t.term("area of subtopic " + std::string(ir.topic.names[i]), area[i]);
    }
    std::vector<double> water(m, 0.0);
    std::vector<long> count(m, 0);
    double gain_sum = 0.0, time = 0.0, speed_sum = 0.0, speed = 0.0;
    for (long x = 0; x < n; ++x) {
        const std::size_t r = static_cast<std::size_t>(x);
        double gain = 0.0;
        bool relevant = false;
        for (std::size_t s = 0; s < m; ++s) {
            const int grade = ir.rankings[s].rels[r];
            if (grade < 1) continue;
            relevant = true;
            if (water[s] >= kCover) continue;
            double boost = 1.0;
            for (std::size_t o = 0; o < m; ++o)
                if (o != s && ir.rankings[o].rels[r] >= 1) boost += area[o] * water[o];
            const double height = std::pow(p.gamma, static_cast<double>(count[s] + 1)) * (grade / p.max_grade) * boost;
            water[s] += height;
            gain += area[s] * height;
        }
        for (std::size_t s = 0; s < m; ++s)
            if (ir.rankings[s].rels[r] >= 1) ++count[s];
        const double words = words_at(v, docs, x, p.name);
        time += kSummary + (kSlope * words + kIntercept) * (relevant ? kClickRel : kClickNonrel);
        gain_sum += gain;
        speed = gain_sum / time;
        speed_sum += speed;
        if constexpr (T::on) {
            if (m) intent_grade_row(ir, x, t, cg);
            t.row(x, water, c);
            std::vector<double> row = {words, gain, gain_sum, time, speed};
            if (p.accel) row.push_back(speed_sum);
            t.row(x, row, c + m);
        }
    }
    if (n == 0) {
        t.term("no document retrieved, so", 0.0);
        return 0.0;
    }
    if (!p.accel) {
        t.term("CT_speed@K = gain / Time", speed);
        return speed;
    }
    t.term("n", static_cast<double>(n));
    t.term("ACT = sum / n", speed_sum / static_cast<double>(n));
    return speed_sum / static_cast<double>(n);
}

ParamInfo cube_gamma_param() {
    return ParamInfo::real(
               "gamma",
               "the water a document pours into a subtopic decays as gamma^(documents relevant to it above, + 1)")
        .defaults_to("0.5")
        .in(Range::unit());
}
ParamInfo cube_max_grade_param() {
    return ParamInfo::real("max_grade", "grades are divided by it (cubeTest.pl: 4); a qrels grade above it is refused")
        .defaults_to("4")
        .in(Range::positive(kMaxWeight));
}

std::unique_ptr<TopicMeasure> make_cube_test(const MeasureSpec& s, bool accel) {
    CubeParams p;
    p.gamma = s.real_param("gamma");
    p.max_grade = s.real_param("max_grade");
    p.k = s.cutoff_int();
    p.accel = accel;
    p.name = s.name();
    if (!(p.gamma > 0 && p.gamma <= 1))
        throw UsageError(p.name + ": gamma must be in (0,1], got " + format_number(p.gamma));
    if (!(p.max_grade > 0) || !std::isfinite(p.max_grade))
        throw UsageError(p.name + ": max_grade must be a positive number, got " + format_number(p.max_grade));
    return traced([p](const TopicView& v, auto& t) { return cube_test(p, v, t); },
                  [p](const EvalContext& c) {
                      need_doc_lengths(c, p.name);
                      if (static_cast<double>(c.qrels->max_grade()) > p.max_grade)
                          throw UsageError(p.name + ": the qrels have grade " + std::to_string(c.qrels->max_grade()) +
                                           ", above max_grade=" + format_number(p.max_grade) +
                                           " (cubeTest.pl refuses grades above 4); give max_grade");
                  });
}

}  // namespace

void add_cube_test_measures(std::vector<MeasureInfo>& out) {
    Rows rows(out, "cube test");
    const std::string cite =
        "Luo, Wing, Yang & Hearst, The Water Filling Model and the Cube Test (CIKM 2013); "
        "TREC Dynamic Domain's cubeTest.pl (trec-dd/trec-dd-metrics, version lgc, 2014)";
    struct Form {
        const char *name, *alias, *help;
        bool accel;
    };
    const Form forms[] = {
        {"ACT", "ct_accel",
         "Averaged cube test (TREC Dynamic Domain): the mean over k = 1..K of CT_speed@k, the subtopic-weighted water "
         "poured into the topic's cube by the top k over the time to read them; needs --doc-lengths (words).",
         true},
        {"CT_speed", "ct_speed",
         "The cube test as TREC Dynamic Domain's cubeTest.pl reports it: the subtopic-weighted water poured into the "
         "topic's cube by the top K over the time to read them (irlens' CT is Amigo et al.'s form); needs "
         "--doc-lengths (words).",
         false},
    };
    for (const Form& f : forms) {
        const bool accel = f.accel;
        rows.add(f.name)
            .alias(f.alias)
            .help(f.help)
            .cite(cite + ", " + f.alias)
            .cutoff_required()
            .params({cube_gamma_param(), cube_max_grade_param()})
            .values(Range::non_negative())
            .needs(Need::DiversityQrels)
            .needs(Need::DocLengths)
            .make([accel](const MeasureSpec& s) { return make_cube_test(s, accel); });
    }
}

}  // namespace irlens::measures
