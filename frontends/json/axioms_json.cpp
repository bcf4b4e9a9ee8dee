// The JSON documents of the axiomatic audit (irlens/frontends/json_documents.hpp).
#include "irlens/frontends/json_documents.hpp"
#include "irlens/version.hpp"

#include <nlohmann/json.hpp>

#include <cmath>
#include <map>

namespace irlens {

namespace {

using json = nlohmann::ordered_json;  // keys in the documented order

json number(double v) { return std::isfinite(v) ? json(v) : json(nullptr); }  // NaN as null

json case_object(const AxiomCase& c) {
    json judgments = json::object();
    for (const AxiomJudgment& j : c.judgments)
        judgments[j.doc] = j.grades.size() == 1 ? json(j.grades[0]) : json(j.grades);
    auto ranking = [](const AxiomRanking& r) { return json{{"ranking", r.docs}, {"score", number(r.score)}}; };
    json out;
    out["claim"] = c.strict ? "score(better) > score(worse)" : "score(better) >= score(worse)";
    out["note"] = c.note;
    out["judgments"] = std::move(judgments);
    if (!c.weights.empty()) out["weights"] = c.weights;
    out["better"] = ranking(c.better);
    out["worse"] = ranking(c.worse);
    return out;
}

const char* verdict_kind(Verdict v) {
    switch (v) {
        case Verdict::Violated: return "violated";
        case Verdict::NoViolation: return "no_violation";
        case Verdict::Witness: return "witness";
        case Verdict::NoWitness: return "no_witness";
        case Verdict::NotApplicable: return "n/a";
    }
    return "";
}

}  // namespace

std::string axiom_case_json(const AxiomCase& c) { return case_object(c).dump(); }

std::string axioms_json(const std::vector<AxiomResult>& results, const AxiomOptions& options, int indent) {
    json doc;
    doc["irlens"] = IRLENS_VERSION;
    doc["command"] = "axioms";
    doc["paper"] = "Amigó, Spina & Carrillo-de-Albornoz, SIGIR 2018, Sec. 3 (Eqs. 1-10)";
    doc["seed"] = options.seed;
    doc["random_cases"] = options.random_cases;
    doc["depth_bound"] = options.depth_bound;
    doc["grade_bound"] = options.grade_bound;
    std::map<std::string, std::string> paper;  // full name -> the Table 1 metric it stands for
    for (const PaperMetric& p : axiom_paper_metrics()) paper[parse_measure(p.measure).full_name()] = p.paper;
    json rows = json::array();
    for (const AxiomResult& r : results) {
        json row;
        row["measure"] = r.measure;
        auto p = paper.find(r.measure);
        row["paper_metric"] = p == paper.end() ? json(nullptr) : json(p->second);
        row["constraint"] = constraint_info(r.constraint).name;
        row["verdict"] = r.verdict_text();
        row["kind"] = verdict_kind(r.verdict);
        row["cases"] = r.cases;
        row["undefined"] = r.undefined;
        row["witness"] = r.verdict == Verdict::Witness ? json(r.witness) : json(nullptr);
        row["bound"] = r.bound ? json(r.bound) : json(nullptr);
        row["max_grade"] = r.max_grade ? json(r.max_grade) : json(nullptr);
        row["reason"] = r.reason.empty() ? json(nullptr) : json(r.reason);
        row["counterexample"] = r.example ? case_object(*r.example) : json(nullptr);
        rows.push_back(std::move(row));
    }
    doc["results"] = std::move(rows);
    return doc.dump(indent);
}

}  // namespace irlens
