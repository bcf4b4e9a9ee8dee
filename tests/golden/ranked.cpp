// Golden checks of the ranked-retrieval measures beyond trec_eval, against the reference outputs
// in ../shared/data (see ../shared/README.md for how each was made):
//   - web2012, gdeval.pl (nDCG@20 and ERR@20 with exponential gains, MAX_JUDGMENT 4), per topic
//     at gdeval's 5 decimals: nDCG(gains=exp)@20, nDCG(dcg=exp-log2)@20, ERR@20 (max_grade
//     defaults to 4, the file's highest grade) and ERR(max_grade=4)@20.
//   - covid-r1 (143 runs) and web2012 (8 runs), trec_eval -c: nDCG(gains=linear)@k, which takes
//     the generic gain-table path, equals ndcg_cut_k; Q(beta=0) equals map; and bpref_R (where
//     R <= N) and bpref_N (where R >= N) equal bpref, at trec_eval's 4 decimals.
// Exits 77 - reported by ctest as SKIPPED, never as passed - when ../shared/data is absent.
#include "input.hpp"
#include "reference_data.hpp"

#include "irlens/evaluation/evaluate.hpp"

#include <algorithm>
#include <cstdio>
#include <map>
#include <sstream>
#include <string>
#include <vector>

namespace {

using irlens::test::is_dir;
using irlens::test::list_dir;

using namespace irlens;

int failures = 0, checks = 0;

std::vector<std::string> lines_of(const std::string& path) {
    std::string bytes;
    cli::read_file(path, [&](std::string_view c) { bytes.append(c.data(), c.size()); });
    std::vector<std::string> lines;
    std::istringstream in(bytes);
    for (std::string line; std::getline(in, line);) lines.push_back(line);
    return lines;
}

std::string fixed(double v, int decimals) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.*f", decimals, v);
    return buf;
}

/// Per-topic values of one measure of one evaluated run.
std::map<std::string, double> per_topic(const Evaluation& ev, std::size_t measure) {
    std::map<std::string, double> out;
    const RunScores& r = ev.runs.at(0);
    for (std::size_t t = 0; t < r.topics.size(); ++t) out[r.topics[t]] = r.values[measure][t];
    return out;
}

void expect(const std::string& what, const std::string& want, double got, int decimals) {
    ++checks;
    if (fixed(got, decimals) == want) return;
    if (++failures <= 20)
        std::printf("FAIL %s: want %s, got %s\n", what.c_str(), want.c_str(), fixed(got, decimals).c_str());
}

Evaluation evaluate_run(const std::shared_ptr<const Qrels>& qrels, const std::string& path,
                        const std::vector<std::string>& names, MissingTopics missing) {
    std::vector<MeasureSpec> specs;
    for (const std::string& n : names) specs.push_back(parse_measure(n));
    EvalOptions o;
    o.missing = missing;
    return evaluate(qrels, {cli::load_run(qrels, path, path, RunOrder::Score)}, specs, o);
}

/// gdeval's per-topic CSV (runid,topic,ndcg@20,err@20) against irlens.
void check_gdeval(const std::string& web) {
    auto qrels = cli::load_qrels(web + "qrels/qrels.adhoc.txt", QrelsFormat::Plain);
    const std::vector<std::string> names = {"nDCG(gains=exp)@20", "nDCG(dcg=exp-log2)@20", "ERR@20",
                                            "ERR(max_grade=4)@20"};
    for (const std::string& f : list_dir(web + "runs")) {
        std::string run = f.substr(0, f.size() - 7);  // strip .txt.gz
        Evaluation ev = evaluate_run(qrels, web + "runs/" + f, names, MissingTopics::Skip);
        std::vector<std::map<std::string, double>> got;
        for (std::size_t m = 0; m < names.size(); ++m) got.push_back(per_topic(ev, m));
        int rows = 0;
        for (const std::string& line : lines_of(web + "ref/" + run + ".gdeval.csv")) {
            std::vector<std::string> col;
            std::istringstream in(line);
            for (std::string c; std::getline(in, c, ',');) col.push_back(c);
            if (col.size() != 4 || col[1] == "topic" || col[1] == "amean") continue;
            ++rows;
            for (std::size_t m = 0; m < names.size(); ++m) {
                auto it = got[m].find(col[1]);
                std::string label = "web2012 " + run + " topic " + col[1] + " " + names[m];
                if (it == got[m].end()) {
                    ++checks;
                    ++failures;
                    std::printf("FAIL %s: topic not scored\n", label.c_str());
                    continue;
                }
                expect(label, m < 2 ? col[2] : col[3], it->second, 5);
            }
        }
        if (rows < 40) {
            ++failures;
            std::printf("FAIL web2012 %s: only %d topics in the gdeval reference\n", run.c_str(), rows);
        }
    }
}

/// trec_eval's per-topic lines ("measure \t topic \t value") of one run, keyed by measure then topic.
std::map<std::string, std::map<std::string, std::string>> trec_eval_values(const std::string& path) {
    std::map<std::string, std::map<std::string, std::string>> out;
    for (const std::string& line : lines_of(path)) {
        std::istringstream in(line);
        std::string measure, topic, value;
        if (in >> measure >> topic >> value) out[measure][topic] = value;
    }
    return out;
}

/// R and N (judged relevant / non-relevant at rel=1) per topic.
std::map<std::string, std::pair<long, long>> rel_counts(const Qrels& q) {
    std::map<std::string, std::pair<long, long>> out;
    for (std::size_t t = 0; t < q.num_topics(); ++t) {
        auto& c = out[std::string(q.topic_id(t))];
        for (const Judgment* j = q.begin(t); j != q.end(t); ++j) {
            if (j->rel >= 1)
                ++c.first;
            else if (j->rel >= 0)
                ++c.second;
        }
    }
    return out;
}

/// nDCG(gains=linear)@k vs ndcg_cut_k, Q(beta=0) vs map, bpref_R / bpref_N vs bpref.
void check_against_trec_eval(const std::string& label, const std::string& qrels_path, const std::string& run_path,
                             const std::string& ref_path) {
    auto qrels = cli::load_qrels(qrels_path, QrelsFormat::Plain);
    const std::vector<long> cuts = {5, 10, 15, 20, 30, 100, 200, 500, 1000};
    std::vector<std::string> names;
    for (long k : cuts) names.push_back("nDCG(gains=linear)@" + std::to_string(k));
    names.push_back("Q(beta=0)");
    names.push_back("BprefR");
    names.push_back("BprefN");
    Evaluation ev = evaluate_run(qrels, run_path, names, MissingTopics::Zero);
    auto ref = trec_eval_values(ref_path);
    auto counts = rel_counts(*qrels);
    for (std::size_t m = 0; m < names.size(); ++m) {
        std::string trec = m < cuts.size() ? "ndcg_cut_" + std::to_string(cuts[m]) : m == cuts.size() ? "map" : "bpref";
        for (const auto& [topic, value] : per_topic(ev, m)) {
            auto it = ref[trec].find(topic);
            if (names[m] == "BprefR" && counts[topic].first > counts[topic].second) continue;
            if (names[m] == "BprefN" && counts[topic].first < counts[topic].second) continue;
            if (it == ref[trec].end()) {
                ++checks;
                ++failures;
                std::printf("FAIL %s topic %s: no %s in the reference\n", label.c_str(), topic.c_str(), trec.c_str());
                continue;
            }
            expect(label + " topic " + topic + " " + names[m] + " vs " + trec, it->second, value, 4);
        }
    }
}

}  // namespace

int main(int argc, char** argv) {
    std::string shared = argc > 1 ? argv[1] : "../shared";
    std::string web = shared + "/data/web2012/", covid = shared + "/data/covid-r1/";
    if (!is_dir(web) || !is_dir(covid)) {
        std::printf(
            "SKIPPED: %s or %s not found - the gdeval and trec_eval cross-checks of the ranked measures were NOT run\n",
            web.c_str(), covid.c_str());
        return 77;
    }
    int runs = 0;
    try {
        check_gdeval(web);
        for (const std::string& f : list_dir(web + "runs")) {
            std::string run = f.substr(0, f.size() - 7);
            check_against_trec_eval("web2012 " + run, web + "qrels/qrels.adhoc.txt", web + "runs/" + f,
                                    web + "ref/" + run + ".trec_eval.all_trec.txt");
            ++runs;
        }
        for (const std::string& f : list_dir(covid + "runs")) {
            std::string run = f.substr(0, f.size() - 3);
            check_against_trec_eval("covid-r1 " + run, covid + "qrels-rnd1.txt", covid + "runs/" + f,
                                    covid + "ref/" + run + ".all_trec.txt.gz");
            ++runs;
        }
    } catch (const std::exception& e) {
        std::printf("FAIL: %s\n", e.what());
        return 1;
    }
    std::printf("golden ranked: %d of %d checks failed (gdeval on web2012; trec_eval on %d runs)\n", failures, checks,
                runs);
    if (runs != 151 || checks < 50000) {
        std::printf("FAIL: expected 8 web2012 and 143 covid-r1 runs in %s\n", shared.c_str());
        return 1;
    }
    return failures ? 1 : 0;
}
