// The relative measures on real data: TREC-COVID round 1 (143 runs, 30 topics, teams in the official
// leaderboard.csv) from ../shared/data/covid-r1. Invariants that must hold whatever the data:
//   - rareness at alpha = 0 is trec_eval's P_k / map_cut_k / map (the golden -q files in ref/, to
//     their 4 decimals) and bit for bit irlens' P@k / AP@k / AP;
//   - NRG with an empty prior set is nDCG@10 (golden ndcg_cut_10, and bit for bit), RBP, P@10, RR;
//   - NRG never exceeds its base metric for P and RBP (residual gains only shrink, N is fixed);
//   - unique contributions per run = 10 x NRG(base=P,prior=other_groups)@10, topic by topic;
//   - Algorithm 1 with N = all runs reproduces the full ranking (tau = 1 in every trial), and the
//     alpha sweep at alpha = 0 gives tau = 1;
//   - every run (file NAME.gz, named NAME: cli run_names) is matched to its leaderboard row NAME.
// Exits 77 - reported by ctest as SKIPPED, never as passed - when the data is absent.
#include "evaluation_input.hpp"
#include "input.hpp"
#include "reference_data.hpp"

#include "irlens/evaluation/evaluate.hpp"
#include "irlens/relative/rarity.hpp"
#include "irlens/readers/run_groups.hpp"
#include "irlens/relative/unique.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <exception>
#include <map>
#include <sstream>
#include <string>
#include <vector>

namespace {

int failures = 0, checks = 0;

void check(bool ok, const std::string& what) {
    ++checks;
    if (ok) return;
    if (++failures <= 20) std::printf("FAIL %s\n", what.c_str());
}

std::string fixed4(double v) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.4f", v);
    return buf;
}

/// trec_eval -q output: (measure, topic) -> the printed value.
std::map<std::pair<std::string, std::string>, std::string> read_golden(const std::string& path) {
    std::string bytes;
    irlens::cli::read_file(path, [&](std::string_view c) { bytes.append(c.data(), c.size()); });
    std::map<std::pair<std::string, std::string>, std::string> out;
    std::istringstream in(bytes);
    std::string measure, topic, value;
    while (in >> measure >> topic >> value) out[{measure, topic}] = value;
    return out;
}

}  // namespace

int run_checks(int argc, char** argv) {
    std::string shared = argc > 1 ? argv[1] : "../shared";
    std::string dir = shared + "/data/covid-r1/";
    if (!irlens::test::is_dir(dir + "runs")) {
        std::printf("SKIPPED: %sruns not found - the relative-measure checks on TREC-COVID were NOT run\n",
                    dir.c_str());
        return 77;
    }
    // The runs the leaderboard lists, read from runs/NAME.gz and so named "NAME" (without .gz).
    auto groups = irlens::cli::load_groups(dir + "leaderboard.csv");
    std::vector<std::string> paths;
    for (std::size_t i = 0; i < groups->size(); ++i) paths.push_back(dir + "runs/" + groups->run(i) + ".gz");
    auto qrels = irlens::cli::load_qrels(dir + "qrels-rnd1.txt", irlens::QrelsFormat::Plain);
    auto runs = irlens::cli::load_runs(qrels, paths, irlens::RunOrder::Score);
    check(runs.size() == 143, "143 runs");
    for (const auto& r : runs) check(groups->group_of(r->name()) != nullptr, r->name() + " matched in leaderboard.csv");

    // One evaluation, every measure: index = position in this list.
    const std::vector<std::string> names = {"P@5",
                                            "P_rareness(alpha=0)@5",
                                            "P@10",
                                            "P_rareness(alpha=0)@10",
                                            "P_rareness(alpha=0,variant=mixture)@10",
                                            "P@100",
                                            "P_rareness(alpha=0)@100",
                                            "AP",
                                            "AP_rareness(alpha=0)",
                                            "AP@100",
                                            "AP_rareness(alpha=0)@100",
                                            "nDCG@10",
                                            "NRG(base=nDCG,prior=list,runs=[])@10",
                                            "RBP(p=0.8)",
                                            "NRG(base=RBP,prior=list,runs=[])",
                                            "RR@10",
                                            "NRG(base=RR,prior=list,runs=[])@10",
                                            "NRG(base=P,prior=list,runs=[])@10",
                                            "NRG(base=P,prior=other_groups)@10",
                                            "NRG(base=P,prior=others)@10",
                                            "NRG(base=RBP,prior=best_per_group)",
                                            "P_rareness(alpha=1)@10"};
    std::vector<irlens::MeasureSpec> specs;
    for (const std::string& n : names) specs.push_back(irlens::parse_measure(n));
    irlens::EvalOptions options;
    options.groups = groups;
    options.missing = irlens::MissingTopics::Zero;  // as the golden files (trec_eval -c)
    irlens::Evaluation ev = irlens::evaluate(qrels, runs, specs, options);
    auto at = [&](const irlens::RunScores& r, const std::string& name, std::size_t t) {
        return r.values[static_cast<std::size_t>(std::find(names.begin(), names.end(), name) - names.begin())][t];
    };

    // Rareness at alpha = 0 and NRG with no prior: the base measures, bit for bit.
    const std::vector<std::pair<std::string, std::string>> same = {
        {"P@5", "P_rareness(alpha=0)@5"},
        {"P@10", "P_rareness(alpha=0)@10"},
        {"P@10", "P_rareness(alpha=0,variant=mixture)@10"},
        {"P@100", "P_rareness(alpha=0)@100"},
        {"AP", "AP_rareness(alpha=0)"},
        {"AP@100", "AP_rareness(alpha=0)@100"},
        {"nDCG@10", "NRG(base=nDCG,prior=list,runs=[])@10"},
        {"RBP(p=0.8)", "NRG(base=RBP,prior=list,runs=[])"},
        {"RR@10", "NRG(base=RR,prior=list,runs=[])@10"},
        {"P@10", "NRG(base=P,prior=list,runs=[])@10"},
    };
    // ... and trec_eval's printed values (ref/RUN.all_trec.txt.gz = trec_eval -c -q -m all_trec).
    const std::vector<std::pair<std::string, std::string>> golden_of = {
        {"P_5", "P_rareness(alpha=0)@5"},
        {"P_10", "P_rareness(alpha=0)@10"},
        {"P_100", "P_rareness(alpha=0)@100"},
        {"map", "AP_rareness(alpha=0)"},
        {"map_cut_100", "AP_rareness(alpha=0)@100"},
        {"ndcg_cut_10", "NRG(base=nDCG,prior=list,runs=[])@10"},
    };
    irlens::UniqueContributions unique = irlens::unique_contributions(qrels, runs, groups.get(), 10);
    for (std::size_t r = 0; r < ev.runs.size(); ++r) {
        const irlens::RunScores& rs = ev.runs[r];
        std::string run = rs.name;
        auto golden = read_golden(dir + "ref/" + run + ".all_trec.txt.gz");
        double unique_from_nrg = 0;
        for (std::size_t t = 0; t < rs.topics.size(); ++t) {
            const std::string where = run + " topic " + rs.topics[t] + ": ";
            for (const auto& p : same)
                check(at(rs, p.first, t) == at(rs, p.second, t), where + p.second + " != " + p.first);
            for (const auto& g : golden_of) {
                auto it = golden.find({g.first, rs.topics[t]});
                check(it != golden.end() && it->second == fixed4(at(rs, g.second, t)),
                      where + g.second + " = " + fixed4(at(rs, g.second, t)) + ", trec_eval " + g.first + " = " +
                          (it == golden.end() ? "missing" : it->second));
            }
            check(at(rs, "NRG(base=P,prior=others)@10", t) <= at(rs, "NRG(base=P,prior=other_groups)@10", t),
                  where + "others is a superset of other_groups");
            check(at(rs, "NRG(base=P,prior=other_groups)@10", t) <= at(rs, "P@10", t), where + "NRG(P) <= P");
            check(at(rs, "NRG(base=RBP,prior=best_per_group)", t) <= at(rs, "RBP(p=0.8)", t),
                  where + "NRG(RBP) <= RBP");
            check(at(rs, "P_rareness(alpha=1)@10", t) >= at(rs, "P@10", t) &&
                      at(rs, "P_rareness(alpha=1)@10", t) < 2 * at(rs, "P@10", t) + 1e-12,
                  where + "P@10 <= P_rareness(alpha=1)@10 < 2 P@10");
            unique_from_nrg += 10 * at(rs, "NRG(base=P,prior=other_groups)@10", t);
        }
        check(std::fabs(unique_from_nrg - static_cast<double>(unique.runs[r].total)) < 1e-9,
              run + ": unique contributions = 10 x NRG(base=P,prior=other_groups)@10");
    }

    // Algorithm 1 with N = every run: the sample is the full set, tau = 1 in every trial.
    irlens::MeasureSpec p1 = irlens::parse_measure("P_rareness(alpha=1)@10");
    auto points = irlens::sample_size_tau(qrels, runs, p1, {runs.size()}, 3, 7);
    check(points.size() == 1 && points[0].defined == 3 && points[0].mean_tau_b == 1.0, "Algorithm 1 with N = all runs");
    auto sweep = irlens::alpha_sweep(qrels, runs, "AP_rareness@100", {0, 1});
    check(sweep.size() == 2 && sweep[0].tau_b == 1.0 && sweep[1].tau_b > 0.5 && sweep[1].tau_b < 1.0,
          "alpha sweep: tau 1 at alpha 0, below 1 at alpha 1");

    std::printf("relative measures on covid-r1: %d checks, %d failed (%zu runs)\n", checks, failures, runs.size());
    return failures ? 1 : 0;
}

int main(int argc, char** argv) {
    try {
        return run_checks(argc, argv);
    } catch (const std::exception& e) {
        std::printf("FAIL: %s\n", e.what());
        return 1;
    }
}
