// Benchmark of the relative measures (rareness, NRG, unique contributions and the rareness
// experiments) on a synthetic campaign generated deterministically with irlens' Rng:
// 150 runs x 50 topics x 1,000 documents by default (`relative_bench RUNS TOPICS DOCS`).
//
// Each topic has a universe of 3 x DOCS documents with a popularity (its index); a run ranks the
// universe by popularity plus run-specific noise and keeps its top DOCS, so runs overlap heavily
// at the top and diverge below, as real runs do. The qrels judge the 500 most popular documents
// and 100 others, about a third of them relevant (grades 1-2). Runs are read from text like any
// run file; the reading time is printed separately. Times are wall-clock, one thread.
#include "irlens/evaluation/evaluate.hpp"
#include "irlens/stats/random.hpp"
#include "irlens/relative/rarity.hpp"
#include "irlens/readers/run_groups.hpp"
#include "irlens/relative/unique.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <ctime>
#include <cstdlib>
#include <functional>
#include <string>
#include <vector>

namespace {

/// Wall-clock and CPU seconds of f, as "wall s (cpu s)": the CPU time is what a shared machine's
/// load does not inflate.
std::string seconds_of(const std::function<void()>& f) {
    std::clock_t cpu = std::clock();
    auto start = std::chrono::steady_clock::now();
    f();
    double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    char buf[64];
    std::snprintf(buf, sizeof buf, "%7.3f s (cpu %6.3f s)", wall,
                  static_cast<double>(std::clock() - cpu) / CLOCKS_PER_SEC);
    return buf;
}

double uniform(irlens::Rng& r) { return static_cast<double>(r.next() >> 11) * (1.0 / 9007199254740992.0); }

}  // namespace

int main(int argc, char** argv) {
    const std::size_t runs_n = argc > 1 ? std::strtoul(argv[1], nullptr, 10) : 150;
    const std::size_t topics_n = argc > 2 ? std::strtoul(argv[2], nullptr, 10) : 50;
    const std::size_t docs_n = argc > 3 ? std::strtoul(argv[3], nullptr, 10) : 1000;
    const std::size_t universe = 3 * docs_n;
    irlens::Rng rng(20240501);

    std::string qrels_text;
    for (std::size_t t = 0; t < topics_n; ++t) {
        for (std::size_t d = 0; d < universe; ++d) {
            if (d >= 500 && rng.below(universe) >= 100) continue;
            std::uint64_t grade = rng.below(6);  // 0-3: 0, 4: 1, 5: 2
            qrels_text += std::to_string(t) + " 0 t" + std::to_string(t) + "d" + std::to_string(d) + " " +
                          std::to_string(grade < 4 ? 0 : grade - 3) + "\n";
        }
    }
    std::vector<std::string> run_texts(runs_n);
    std::vector<std::pair<double, std::size_t>> scored(universe);
    for (std::size_t r = 0; r < runs_n; ++r) {
        double noise = 200.0 + 800.0 * uniform(rng);  // how far this run strays from popularity
        for (std::size_t t = 0; t < topics_n; ++t) {
            for (std::size_t d = 0; d < universe; ++d) scored[d] = {static_cast<double>(d) + noise * uniform(rng), d};
            std::partial_sort(scored.begin(), scored.begin() + static_cast<long>(docs_n), scored.end());
            for (std::size_t i = 0; i < docs_n; ++i)
                run_texts[r] += std::to_string(t) + " Q0 t" + std::to_string(t) + "d" +
                                std::to_string(scored[i].second) + " " + std::to_string(i + 1) + " " +
                                std::to_string(docs_n - i) + " run" + std::to_string(r) + "\n";
        }
    }

    std::shared_ptr<const irlens::Qrels> qrels;
    std::vector<std::shared_ptr<const irlens::Run>> runs;
    std::string load = seconds_of([&] {
        qrels = irlens::read_qrels("qrels", qrels_text);
        for (std::size_t r = 0; r < runs_n; ++r)
            runs.push_back(irlens::read_run(qrels, "run" + std::to_string(r), run_texts[r]));
    });
    std::vector<std::pair<std::string, std::string>> group_list;
    for (std::size_t r = 0; r < runs_n; ++r)
        group_list.push_back({"run" + std::to_string(r), "team" + std::to_string(r / 3)});
    irlens::EvalOptions options;
    options.groups = std::make_shared<irlens::RunGroups>("groups", group_list);

    std::printf("relative_bench: %zu runs x %zu topics x %zu docs, %zu judgments\n", runs_n, topics_n, docs_n,
                qrels->num_judgments());
    std::printf("  %-58s %s\n", "reading qrels and runs (not part of the rows below)", load.c_str());
    auto time_eval = [&](const std::string& measures) {
        std::vector<irlens::MeasureSpec> specs = irlens::parse_measures(measures);
        std::string s = seconds_of([&] { irlens::evaluate(qrels, runs, specs, options); });
        std::printf("  eval %-53s %s\n", measures.c_str(), s.c_str());
    };
    time_eval("P@10");
    time_eval("AP");
    time_eval("P_rareness(alpha=1)@10");
    time_eval("P_rareness(alpha=1)@100");
    time_eval("AP_rareness(alpha=1)@100");
    time_eval("AP_rareness(alpha=1)");
    time_eval("NRG(base=nDCG,prior=others)@10");
    time_eval("NRG(base=nDCG,prior=best_per_group)@10");
    time_eval("NRG(base=P,prior=other_groups)@10");
    time_eval("NRG(base=RBP,prior=others)@100");
    time_eval("NRG(base=RBP,prior=others)");
    time_eval("P_rareness(alpha=1)@100 NRG(base=nDCG,prior=others)@10");

    irlens::RarityOptions ro;
    ro.depth = 100;
    std::printf("  %-58s %s\n", "rarity report, depth 100",
                seconds_of([&] { irlens::rarity_report(qrels, runs, ro); }).c_str());
    std::printf("  %-58s %s\n", "unique contributions, depth 100, 50 groups",
                seconds_of([&] { irlens::unique_contributions(qrels, runs, options.groups.get(), 100); }).c_str());
    std::printf("  %-58s %s\n", "alpha sweep P_rareness@100, 11 alphas",
                seconds_of([&] {
                    irlens::alpha_sweep(qrels, runs, "P_rareness@100", {0, .1, .2, .3, .4, .5, .6, .7, .8, .9, 1});
                }).c_str());
    irlens::MeasureSpec p = irlens::parse_measure("P_rareness(alpha=1)@100");
    // Sample sizes 2, 4, ..., 64 that the campaign has runs for (RUNS may be fewer than 64).
    std::vector<std::size_t> sizes;
    for (std::size_t n = 2; n <= 64 && n <= runs_n; n *= 2) sizes.push_back(n);
    std::printf(
        "  %-58s %s\n",
        ("Algorithm 1, P_rareness(alpha=1)@100, N = 2.." + std::to_string(sizes.back()) + ", 1000 trials").c_str(),
        seconds_of([&] { irlens::sample_size_tau(qrels, runs, p, sizes, 1000, 1); }).c_str());
    return 0;
}
