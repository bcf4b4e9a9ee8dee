// Benchmark of compare's randomised Tukey HSD over every pair of many runs (not a test): prints
// wall-clock and CPU times (issue 25). The same synthetic scores as irlens_stats_bench (seed 2024),
// as one measure of an Evaluation, then compare_evaluation and its JSON document (comparison_json,
// what the CLI prints and the JS API returns), for each part of CompareSettings::only:
//   p-values  the tests alone (the page's p-value matrix)
//   full      tests, intervals of both means and of the difference, Cohen's d and its interval
// A checksum of the p-values shows that both parts computed the same p-values, bit for bit.
// usage: irlens_compare_bench [RUNS [TOPICS [B [PART]]]]   (default 500 x 50, B = 10,000, both parts)
#include "irlens/frontends/json_documents.hpp"
#include "irlens/measures/measure.hpp"
#include "irlens/stats/comparison.hpp"
#include "synthetic_stats.hpp"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

int main(int argc, char** argv) {
    const std::size_t runs = argc > 1 ? std::strtoul(argv[1], nullptr, 10) : 500;
    const std::size_t topics = argc > 2 ? std::strtoul(argv[2], nullptr, 10) : 50;
    const std::size_t B = argc > 3 ? std::strtoul(argv[3], nullptr, 10) : 10000;

    const std::vector<std::vector<double>> rows = irlens::bench::synthetic_scores(runs, topics);
    irlens::Evaluation ev;
    ev.measures = {irlens::parse_measure("AP")};
    ev.missing = irlens::MissingTopics::Zero;
    for (std::size_t j = 0; j < runs; ++j) {
        irlens::RunScores s;
        s.name = "r" + std::to_string(j);
        for (std::size_t t = 0; t < topics; ++t) s.topics.push_back("t" + std::to_string(t));
        s.values = {rows[j]};
        ev.runs.push_back(std::move(s));
    }
    std::sort(ev.runs[0].topics.begin(), ev.runs[0].topics.end());  // qrels (byte) order, as evaluate()
    for (irlens::RunScores& s : ev.runs) s.topics = ev.runs[0].topics;
    std::printf("%zu runs x %zu topics, %zu pairs, randomised Tukey HSD, B = %zu\n", runs, topics,
                runs * (runs - 1) / 2, B);
    for (const char* part : {"p-values", "full"}) {
        if (argc > 4 && std::strcmp(argv[4], part) != 0) continue;
        irlens::CompareSettings s;
        s.testing.tukey = true;
        s.testing.resampling.B = B;
        s.only = std::strcmp(part, "full") == 0 ? irlens::CompareParts::All : irlens::CompareParts::PValues;
        irlens::bench::Timer t;
        const irlens::Comparison c = irlens::compare_evaluation(ev, "synthetic", topics, s, runs);
        const std::string comparison = t.elapsed();
        irlens::bench::Timer j;
        const std::size_t bytes = irlens::comparison_json(c, -1).size();
        std::printf(
            "%-9s compare_evaluation %s   comparison_json %s (%zu bytes)   checksum %016llx\n", part,
            comparison.c_str(), j.elapsed().c_str(), bytes,
            irlens::bench::checksum(c.measures[0].rows, [](const irlens::ComparisonRow& r) { return r.p_adjusted; }));
    }
    return 0;
}
