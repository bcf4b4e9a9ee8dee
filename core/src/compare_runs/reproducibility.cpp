// The reproducibility and replicability measures of Breuer et al. (SIGIR 2020) as repro_eval
// computes them; the contract is in irlens/compare_runs/reproducibility.hpp.
#include "irlens/compare_runs/reproducibility.hpp"

#include "irlens/compare_runs/run_comparison.hpp"
#include "irlens/error.hpp"

#include <algorithm>
#include <cmath>
#include <map>

namespace irlens {

namespace {

const double kUndefined = std::numeric_limits<double>::quiet_NaN();

/// One run's scores of one measure by topic id (topics where the measure is NaN left out).
std::map<std::string, double> scores_by_topic(const RunScores& r, std::size_t m) {
    std::map<std::string, double> out;
    for (std::size_t t = 0; t < r.topics.size(); ++t)
        if (!std::isnan(r.values[m][t])) out[r.topics[t]] = r.values[m][t];
    return out;
}

/// The scores of the topics both runs have, in topic order, and how many topics one of them lacks.
struct TopicPairs {
    std::vector<double> x, y;
    std::size_t unpaired = 0;
};
TopicPairs pair_by_topic(const std::map<std::string, double>& x, const std::map<std::string, double>& y) {
    TopicPairs p;
    for (const auto& [topic, v] : x) {
        auto it = y.find(topic);
        if (it == y.end()) {
            ++p.unpaired;
            continue;
        }
        p.x.push_back(v);
        p.y.push_back(it->second);
    }
    for (const auto& entry : y) p.unpaired += !x.count(entry.first);
    return p;
}

std::string left_out_note(std::size_t n) {
    return n ? std::to_string(n) + " topic(s) scored for one run only left out" : "";
}

std::string join_notes(const std::string& a, const std::string& b) {
    return a.empty() ? b : b.empty() ? a : a + "; " + b;
}

double mean_improvement_of(const TopicPairs& p) {
    if (p.x.empty()) return kUndefined;
    double sum = 0;
    for (std::size_t i = 0; i < p.x.size(); ++i) sum += p.x[i] - p.y[i];  // advanced - baseline
    return sum / double(p.x.size());
}

void add_document_order(ReproReport& report, const Run& orig, const Run& rep, const std::string& which) {
    const ReproSettings& s = report.settings;
    const Qrels& qrels = orig.qrels();
    for (std::size_t cutoff : s.cutoffs) {
        const std::size_t depth = std::min(cutoff, s.run_length);
        std::vector<double> ktu, ktu_re, rbo_re, rbo_ext;
        std::size_t missing = 0, re_fails = 0;
        for (std::size_t t = 0; t < qrels.num_topics(); ++t) {
            if (orig.has_topic(t) != rep.has_topic(t)) ++missing;
            if (!orig.has_topic(t) || !rep.has_topic(t)) continue;
            const DocList a = ranked_docs(orig, t, depth), b = ranked_docs(rep, t, depth);
            ktu.push_back(kendall_tau_union(a, b));
            std::string why;
            ktu_re.push_back(kendall_tau_union_repro_eval(a, b, &why));
            re_fails += a.size() != b.size();
            rbo_re.push_back(rbo_repro_eval(a, b, s.p, s.rbo_depth));
            rbo_ext.push_back(rank_biased_overlap(a, b, s.p).ext);
        }
        auto add = [&](const std::string& quantity, const std::vector<double>& v, std::string note) {
            ReproValue r{quantity, "", cutoff, which};
            double sum = 0;
            for (double x : v)
                if (!std::isnan(x)) sum += x, ++r.topics;
            r.value = r.topics ? sum / double(r.topics) : kUndefined;
            if (r.topics < v.size())
                note = join_notes(note, std::to_string(v.size() - r.topics) + " of " + std::to_string(v.size()) +
                                            " topics where it is undefined left out");
            if (v.empty()) note = join_notes(note, "no topic both runs answered: undefined");
            r.note = join_notes(note, left_out_note(missing));
            report.values.push_back(std::move(r));
        };
        add("KTU", ktu, "");
        add("KTU_repro_eval", ktu_re,
            re_fails ? "repro_eval fails on " + std::to_string(re_fails) + " topic(s): the lists differ in length"
                     : "");
        add("RBO_repro_eval", rbo_re, "");
        add("RBO_ext", rbo_ext, "");
    }
}

}  // namespace

ReproReport reproducibility(const std::shared_ptr<const Run>& orig_b, const std::shared_ptr<const Run>& orig_a,
                            const std::shared_ptr<const Run>& rep_b, const std::shared_ptr<const Run>& rep_a,
                            const std::vector<MeasureSpec>& measures, const ReproSettings& settings) {
    if (!(settings.p > 0 && settings.p < 1))
        throw UsageError("rank-biased overlap: the persistence p must be between 0 and 1 (exclusive)");
    for (std::size_t k : settings.cutoffs)
        if (k == 0) throw UsageError("reproducibility: a cutoff must be at least 1");
    if (settings.run_length == 0 || settings.rbo_depth == 0)
        throw UsageError("reproducibility: the run length and the RBO depth must be at least 1");
    if (measures.empty()) throw UsageError("reproducibility: no measure given");
    if (&orig_b->qrels() != &orig_a->qrels() || &rep_b->qrels() != &rep_a->qrels())
        throw UsageError("reproducibility: the runs of a pair were read against different qrels");
    if (!settings.replicability && &orig_b->qrels() != &rep_b->qrels())
        throw UsageError("reproducibility: the reproduced runs must be read against the original qrels");
    ReproReport report;
    report.settings = settings;
    if (!settings.replicability) {
        add_document_order(report, *orig_b, *rep_b, "baseline");
        add_document_order(report, *orig_a, *rep_a, "advanced");
    }
    const Evaluation orig = evaluate(orig_b->qrels_ptr(), {orig_b, orig_a}, measures);
    const Evaluation rep = evaluate(rep_b->qrels_ptr(), {rep_b, rep_a}, measures);
    for (const std::string& w : orig.warnings) report.warnings.push_back(w);
    for (const std::string& w : rep.warnings) report.warnings.push_back(w);
    for (std::size_t m = 0; m < measures.size(); ++m) {
        const std::string name = measures[m].name();
        const auto ob = scores_by_topic(orig.runs[0], m), oa = scores_by_topic(orig.runs[1], m);
        const auto rb = scores_by_topic(rep.runs[0], m), ra = scores_by_topic(rep.runs[1], m);
        const std::pair<const char*,
                        std::pair<const std::map<std::string, double>*, const std::map<std::string, double>*>>
            runs[] = {{"baseline", {&ob, &rb}}, {"advanced", {&oa, &ra}}};
        if (!settings.replicability) {
            for (const auto& [which, scores] : runs) {
                const TopicPairs p = pair_by_topic(*scores.first, *scores.second);
                ReproValue rmse{"RMSE", name, 0, which}, nrmse{"nRMSE", name, 0, which};
                rmse.topics = nrmse.topics = p.x.size();
                if (p.x.empty()) {
                    rmse.note = nrmse.note =
                        join_notes("no topic scored for both runs: undefined", left_out_note(p.unpaired));
                } else {
                    double se = 0, worst = 0;
                    for (std::size_t i = 0; i < p.x.size(); ++i) {
                        se += (p.x[i] - p.y[i]) * (p.x[i] - p.y[i]);
                        const double far = std::max(p.x[i], 1 - p.x[i]);
                        worst += far * far;
                    }
                    rmse.value = std::sqrt(se / double(p.x.size()));
                    nrmse.value = rmse.value / std::sqrt(worst / double(p.x.size()));
                    rmse.note = nrmse.note = left_out_note(p.unpaired);
                }
                report.values.push_back(rmse);
                report.values.push_back(nrmse);
            }
        }
        const TopicPairs orig_pair = pair_by_topic(oa, ob), rep_pair = pair_by_topic(ra, rb);
        const double mi_orig = mean_improvement_of(orig_pair), mi_rep = mean_improvement_of(rep_pair);
        ReproValue er{"ER", name, 0, "both"};
        er.topics = rep_pair.x.size();
        er.note = join_notes(left_out_note(orig_pair.unpaired), left_out_note(rep_pair.unpaired));
        if (std::isnan(mi_orig) || std::isnan(mi_rep))
            er.note = join_notes(er.note, "no topic scored for both runs of a pair: undefined");
        else if (mi_orig == 0)
            er.note = join_notes(er.note, "the original mean improvement is 0: undefined");
        else
            er.value = mi_rep / mi_orig;
        report.values.push_back(er);
        ReproValue dri{"DeltaRI", name, 0, "both"};
        const double mb = orig.runs[0].aggregate[m], ma = orig.runs[1].aggregate[m];
        const double rmb = rep.runs[0].aggregate[m], rma = rep.runs[1].aggregate[m];
        dri.topics = rep.runs[1].topics.size();
        if (mb == 0 || rmb == 0)
            dri.note = "a baseline's mean is 0: the relative improvement is undefined";
        else if (std::isnan(mb) || std::isnan(ma) || std::isnan(rmb) || std::isnan(rma))
            dri.note = "a run has no score: undefined";
        else
            dri.value = (ma - mb) / mb - (rma - rmb) / rmb;
        report.values.push_back(dri);
        for (const auto& [which, scores] : runs) {
            ReproValue pv{"p_value", name, 0, which};
            TestResult t;
            if (settings.replicability) {
                std::vector<double> x, y;
                for (const auto& e : *scores.first) x.push_back(e.second);
                for (const auto& e : *scores.second) y.push_back(e.second);
                t = unpaired_t_test(x, y);
            } else {
                const TopicPairs p = pair_by_topic(*scores.first, *scores.second);
                t = t_test(p.x, p.y);
                t.note = join_notes(t.note, left_out_note(p.unpaired));
            }
            pv.value = t.p;
            pv.topics = t.n;
            pv.note = t.note;
            report.values.push_back(pv);
        }
    }
    return report;
}

}  // namespace irlens
