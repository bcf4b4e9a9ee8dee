// Tiny hand-checkable fixtures for unit tests: qrels and runs written inline, evaluated with the
// same engine as `irlens eval`.
#pragma once

#include "irlens/evaluation/evaluate.hpp"
#include "irlens/measures/measure.hpp"
#include "irlens/readers/qrels.hpp"
#include "irlens/readers/run.hpp"

#include <doctest/doctest.h>

#include <cmath>
#include <limits>
#include <memory>
#include <string>
#include <vector>

namespace irlens::test {

struct Fixture {
    std::shared_ptr<const Qrels> qrels;
    std::vector<std::shared_ptr<const Run>> runs;
    EvalOptions options;  // optional inputs (doc lengths, sessions, ...) for every evaluation

    /// runs are named run0, run1, ...
    Fixture(const std::string& qrels_text, const std::vector<std::string>& run_texts,
            QrelsFormat format = QrelsFormat::Plain, RunOrder order = RunOrder::Score) {
        qrels = read_qrels("qrels", qrels_text, format);
        for (std::size_t i = 0; i < run_texts.size(); ++i)
            runs.push_back(read_run(qrels, "run" + std::to_string(i), run_texts[i], order));
    }

    Evaluation eval(const std::string& measure, MissingTopics missing = MissingTopics::Skip) const {
        EvalOptions o = options;
        o.missing = missing;
        return evaluate(qrels, runs, {parse_measure(measure)}, o);
    }

    /// The value of one topic (NaN when the topic was not scored).
    double value(const std::string& measure, const std::string& topic, std::size_t run = 0,
                 MissingTopics missing = MissingTopics::Skip) const {
        Evaluation ev = eval(measure, missing);
        const RunScores& r = ev.runs.at(run);
        for (std::size_t t = 0; t < r.topics.size(); ++t)
            if (r.topics[t] == topic) return r.values[0][t];
        return std::numeric_limits<double>::quiet_NaN();
    }

    /// The aggregate over topics.
    double mean(const std::string& measure, std::size_t run = 0, MissingTopics missing = MissingTopics::Skip) const {
        return eval(measure, missing).runs.at(run).aggregate[0];
    }
};

/// Run lines ranking `docs` in this order for `topic` (scores n, n-1, ..., 1).
inline std::string ranked(const std::string& topic, const std::vector<std::string>& docs) {
    std::string out;
    for (std::size_t i = 0; i < docs.size(); ++i)
        out += topic + " Q0 " + docs[i] + " " + std::to_string(i + 1) + " " + std::to_string(docs.size() - i) + " t\n";
    return out;
}

/// doctest Approx with a tolerance suited to hand arithmetic written with many decimals.
inline doctest::Approx approx(double v) { return doctest::Approx(v).epsilon(1e-12); }

}  // namespace irlens::test
