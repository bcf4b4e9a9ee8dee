// irlens' reproducibility measures against repro_eval's own outputs (irgroup/repro_eval, commit
// 63b5d8c, run in /tmp by its measure functions; the values are in tests/golden/repro_eval/*.json,
// each naming its source). The per-topic scores repro_eval was given are irlens eval's (checked
// against trec_eval by the conformance tests); the runs were score-sorted files, which repro_eval
// reads in file order.
//   irlens_golden_repro_eval examples DIR   examples/ (bm25, hybrid by dense, hybrid), always present
//   irlens_golden_repro_eval covid SHARED   TREC-COVID round 1 (smith.bm25, smith.rm3 by
//                                           bm25_baseline, udel_fang_run1); exits 77 (SKIPPED,
//                                           never passed) when ../shared is absent.
// Checked: KTU_repro_eval and RBO_repro_eval per cutoff and run, RMSE, nRMSE, ER, DeltaRI per
// measure, and the p-values of the paired and (with replicability) unpaired t-tests. Where
// repro_eval reports p = 1 for identical scores irlens reports NaN (undefined) with a note: checked
// as such (docs/differences-from-reference-tools.md).
#include "input.hpp"

#include "irlens/compare_runs/reproducibility.hpp"

#include <nlohmann/json.hpp>

#include <cmath>
#include <cstdio>
#include <exception>
#include <fstream>
#include <string>

namespace {

int failures = 0, checks = 0;

void check_value(double got, const nlohmann::json& want, const std::string& what) {
    ++checks;
    const double w = want.get<double>();
    const bool ok = std::fabs(got - w) <= 1e-9 * std::max(1.0, std::fabs(w));
    if (!ok && ++failures <= 20) std::printf("FAIL %s: irlens %.17g, repro_eval %.17g\n", what.c_str(), got, w);
}

const irlens::ReproValue* find(const irlens::ReproReport& r, const std::string& quantity, const std::string& measure,
                               std::size_t cutoff, const std::string& run) {
    for (const irlens::ReproValue& v : r.values)
        if (v.quantity == quantity && v.measure == measure && v.cutoff == cutoff && v.run == run) return &v;
    return nullptr;
}

double value_of(const irlens::ReproReport& r, const std::string& quantity, const std::string& measure,
                std::size_t cutoff, const std::string& run) {
    const irlens::ReproValue* v = find(r, quantity, measure, cutoff, run);
    if (!v) {
        ++failures;
        std::printf("FAIL no %s %s %zu %s\n", quantity.c_str(), measure.c_str(), cutoff, run.c_str());
        return NAN;
    }
    return v->value;
}

int run_checks(const std::string& qrels_path, const std::vector<std::string>& run_paths,
               const std::string& golden_path) {
    std::ifstream in(golden_path);
    if (!in) {
        std::printf("FAIL cannot read %s\n", golden_path.c_str());
        return 1;
    }
    const nlohmann::json golden = nlohmann::json::parse(in);
    std::vector<irlens::MeasureSpec> measures;
    for (const auto& m : golden["measures"]) measures.push_back(irlens::parse_measure(m.get<std::string>()));
    auto load = [&](const std::shared_ptr<const irlens::Qrels>& q) {
        std::vector<std::shared_ptr<const irlens::Run>> runs;
        for (const std::string& p : run_paths) runs.push_back(irlens::cli::load_run(q, p, p, irlens::RunOrder::Score));
        return runs;
    };
    auto qrels = irlens::cli::load_qrels(qrels_path, irlens::QrelsFormat::Plain);
    auto runs = load(qrels);
    irlens::ReproReport rpd = irlens::reproducibility(runs[0], runs[1], runs[2], runs[3], measures);
    for (const auto& o : golden["order"]) {
        const std::size_t cutoff = o["cutoff"];
        const std::string run = o["run"];
        const std::string at = " @" + std::to_string(cutoff) + " " + run;
        check_value(value_of(rpd, "KTU_repro_eval", "", cutoff, run), o["KTU_repro_eval"], "KTU_repro_eval" + at);
        check_value(value_of(rpd, "RBO_repro_eval", "", cutoff, run), o["RBO_repro_eval"], "RBO_repro_eval" + at);
    }
    const nlohmann::json& e = golden["effect"];
    // Replicability: the reproduced runs read against a second qrels index (the same file here).
    auto other_qrels = irlens::cli::load_qrels(qrels_path, irlens::QrelsFormat::Plain);
    auto other = load(other_qrels);
    irlens::ReproSettings rpl_settings;
    rpl_settings.replicability = true;
    irlens::ReproReport rpl = irlens::reproducibility(runs[0], runs[1], other[2], other[3], measures, rpl_settings);
    for (const auto& m : golden["measures"]) {
        const std::string name = m;
        for (const char* run : {"baseline", "advanced"}) {
            for (const char* q : {"RMSE", "nRMSE"})
                check_value(value_of(rpd, q, name, 0, run), e[q][run][name], std::string(q) + " " + name + " " + run);
            for (const auto& [quantity, report] :
                 {std::pair<std::string, const irlens::ReproReport*>{"p_value", &rpd}, {"p_value_unpaired", &rpl}}) {
                const double got = value_of(*report, "p_value", name, 0, run);
                const std::string what = quantity + " " + name + " " + run;
                if (e[quantity][run][name].get<double>() == 1.0 && std::isnan(got)) {
                    // repro_eval's 1 for identical scores: irlens says undefined, with the reason.
                    ++checks;
                    const irlens::ReproValue* v = find(*report, "p_value", name, 0, run);
                    if (!v || v->note.find("undefined") == std::string::npos)
                        ++failures, std::printf("FAIL %s: NaN without a note\n", what.c_str());
                } else {
                    check_value(got, e[quantity][run][name], what);
                }
            }
        }
        check_value(value_of(rpd, "ER", name, 0, "both"), e["ER"][name], "ER " + name);
        check_value(value_of(rpd, "DeltaRI", name, 0, "both"), e["DeltaRI"][name], "DeltaRI " + name);
        check_value(value_of(rpl, "ER", name, 0, "both"), e["ER"][name], "ER (replicability) " + name);
    }
    std::printf("%d checks, %d failures (%s)\n", checks, failures, golden_path.c_str());
    return failures ? 1 : 0;
}

bool readable(const std::string& path) { return std::ifstream(path).good(); }

}  // namespace

int main(int argc, char** argv) {
    if (argc < 4) {
        std::fprintf(stderr, "usage: irlens_golden_repro_eval examples|covid DIR GOLDEN_DIR\n");
        return 2;
    }
    const std::string which = argv[1], dir = std::string(argv[2]) + "/", golden = std::string(argv[3]) + "/";
    try {
        if (which == "examples")
            return run_checks(dir + "qrels.txt",
                              {dir + "bm25.run", dir + "hybrid.run", dir + "dense.run", dir + "hybrid.run"},
                              golden + "examples.json");
        const std::string covid = dir + "data/covid-r1/";
        if (!readable(covid + "qrels-rnd1.txt")) {
            std::printf("SKIPPED: %s not found - the repro_eval checks on TREC-COVID were NOT run\n", covid.c_str());
            return 77;
        }
        const std::string runs = covid + "runs/";
        return run_checks(
            covid + "qrels-rnd1.txt",
            {runs + "smith.bm25.gz", runs + "smith.rm3.gz", runs + "bm25_baseline.gz", runs + "udel_fang_run1.gz"},
            golden + "covid-r1.json");
    } catch (const std::exception& e) {
        std::printf("FAIL %s\n", e.what());
        return 1;
    }
}
