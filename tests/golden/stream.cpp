// The streaming path against the in-memory path on the shared runs (../shared/data: trec_eval-test,
// covid-r1's 143 runs, web2012): every per-topic value and aggregate bit for bit (irlens eval's
// measures, --missing skip and zero) and trec_eval's output byte for byte (-q, -q -c, all_trec),
// the run fed in odd-sized chunks. A run that is not grouped by topic must throw NotGrouped; it is
// then checked sorted by topic (LC_ALL=C sort -s -k1,1), which changes no value.
// Exits 77 - reported by ctest as SKIPPED, never as passed - when the data is absent.
#include "input.hpp"
#include "reference_data.hpp"

#include "irlens/error.hpp"
#include "irlens/evaluation/stream.hpp"
#include "irlens/frontends/trec_eval.hpp"

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <exception>
#include <string>
#include <vector>

namespace {

int failures = 0, checks = 0;

void check(bool ok, const std::string& what) {
    ++checks;
    if (ok) return;
    if (++failures <= 20) std::printf("FAIL %s\n", what.c_str());
}

std::string read_all(const std::string& path) {
    std::string bytes;
    irlens::cli::read_file(path, [&](std::string_view c) { bytes.append(c.data(), c.size()); });
    return bytes;
}

/// The lines sorted by their first field, stable (LC_ALL=C sort -s -k1,1).
std::string sorted_by_topic(const std::string& bytes) {
    std::vector<std::string_view> lines;
    for (std::size_t at = 0; at < bytes.size();) {
        std::size_t nl = bytes.find('\n', at);
        std::size_t end = nl == std::string::npos ? bytes.size() : nl + 1;
        lines.push_back(std::string_view(bytes).substr(at, end - at));
        at = end;
    }
    auto key = [](std::string_view l) {
        std::size_t b = l.find_first_not_of(" \t");
        if (b == std::string_view::npos) return std::string_view();
        std::size_t e = l.find_first_of(" \t\r\n", b);
        return l.substr(b, (e == std::string_view::npos ? l.size() : e) - b);
    };
    std::stable_sort(lines.begin(), lines.end(),
                     [&](std::string_view a, std::string_view b) { return key(a) < key(b); });
    std::string out;
    for (std::string_view l : lines) {
        out.append(l.data(), l.size());
        if (out.back() != '\n') out += '\n';
    }
    return out;
}

template <class Stream>
void feed(Stream& s, const std::string& bytes) {
    const std::size_t kChunk = 65521;  // a prime: chunks end mid-line
    for (std::size_t i = 0; i < bytes.size(); i += kChunk) s.feed(std::string_view(bytes).substr(i, kChunk));
}

bool same_bits(double a, double b) { return std::memcmp(&a, &b, sizeof a) == 0; }

void compare_eval(const std::shared_ptr<const irlens::Qrels>& qrels, const std::string& label, const std::string& bytes,
                  const std::string& grouped) {
    using namespace irlens;
    std::vector<MeasureSpec> measures;
    for (const char* m : {"P@5", "P@10", "AP", "nDCG@10", "RR", "RBP(p=0.8)", "bpref", "NumRel", "RelString@10"})
        measures.push_back(parse_measure(m));
    auto run = read_run(qrels, "run", bytes);
    for (MissingTopics missing : {MissingTopics::Skip, MissingTopics::Zero}) {
        EvalOptions o;
        o.missing = missing;
        Evaluation a = evaluate(qrels, {run}, measures, o);
        StreamEvaluation s(qrels, "run", measures, o);
        feed(s, grouped);
        Evaluation b = s.finish();
        const std::string what = label + (missing == MissingTopics::Zero ? " (missing zero)" : "");
        check(a.runs[0].topics == b.runs[0].topics, what + ": topics");
        check(a.warnings == b.warnings || &grouped != &bytes, what + ": warnings");
        for (std::size_t m = 0; m < measures.size(); ++m) {
            bool same = a.runs[0].values[m].size() == b.runs[0].values[m].size() &&
                        same_bits(a.runs[0].aggregate[m], b.runs[0].aggregate[m]) &&
                        a.runs[0].texts[m] == b.runs[0].texts[m];
            for (std::size_t k = 0; same && k < a.runs[0].values[m].size(); ++k)
                same = same_bits(a.runs[0].values[m][k], b.runs[0].values[m][k]);
            check(same, what + ": " + measures[m].name());
        }
    }
}

void compare_trec_eval(const std::shared_ptr<const irlens::Qrels>& qrels, const std::string& label,
                       const std::string& bytes, const std::string& grouped) {
    using namespace irlens;
    RunReader reader(qrels, "run");
    reader.set_byte_order_mark(text::ByteOrderMark::Keep);
    reader.feed(bytes);
    auto run = reader.finish();
    std::vector<TrecEvalOptions> cases(3);
    cases[1].per_query = true;
    cases[2].per_query = cases[2].complete = true;
    cases[2].measures = {"all_trec"};
    for (std::size_t i = 0; i < cases.size(); ++i) {
        TrecEvalStream s(cases[i], qrels, "run");
        feed(s, grouped);
        check(s.finish() == trec_eval(cases[i], qrels, run), label + ": trec_eval case " + std::to_string(i));
    }
}

}  // namespace

int run_checks(const std::string& shared) {
    using namespace irlens;
    struct Set {
        std::string qrels, runs_dir;
        std::vector<std::string> runs;
    };
    const std::string d = shared + "/data/";
    std::vector<Set> sets = {
        {d + "trec_eval-test/qrels.test", "", {d + "trec_eval-test/results.test", d + "trec_eval-test/results.trunc"}},
        {d + "covid-r1/qrels-rnd1.txt", d + "covid-r1/runs", {}},
        {d + "web2012/qrels/qrels.adhoc.txt", d + "web2012/runs", {}},
    };
    int runs = 0, ungrouped = 0;
    for (Set& set : sets) {
        if (!test::is_dir(set.runs_dir.empty() ? d + "trec_eval-test" : set.runs_dir)) {
            std::printf("SKIPPED: %s is absent\n", set.qrels.c_str());
            return 77;
        }
        for (const std::string& f : test::list_dir(set.runs_dir)) set.runs.push_back(set.runs_dir + "/" + f);
        auto qrels = read_qrels(set.qrels, read_all(set.qrels));
        for (const std::string& path : set.runs) {
            const std::string bytes = read_all(path);
            std::string grouped_copy;
            bool grouped = true;
            try {
                StreamEvaluation s(qrels, "run", {parse_measure("P@10")});
                feed(s, bytes);
                s.finish();
            } catch (const NotGrouped&) {
                grouped = false;
                ++ungrouped;
                grouped_copy = sorted_by_topic(bytes);
            }
            const std::string& streamed = grouped ? bytes : grouped_copy;
            compare_eval(qrels, path, bytes, streamed);
            compare_trec_eval(qrels, path, bytes, streamed);
            ++runs;
        }
    }
    std::printf("%d runs (%d not grouped by topic: NotGrouped, then compared sorted), %d checks, %d failures\n", runs,
                ungrouped, checks, failures);
    return failures ? 1 : 0;
}

int main(int argc, char** argv) {
    try {
        return run_checks(argc > 1 ? argv[1] : "../shared");
    } catch (const std::exception& e) {
        std::printf("FAIL %s\n", e.what());
        return 1;
    }
}
