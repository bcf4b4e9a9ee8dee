// The names other evaluation tools define, read with their meanings (peer_names.hpp).
#include "irlens/measures/peer_names.hpp"

#include "irlens/error.hpp"
#include "irlens/readers/text.hpp"

#include <algorithm>

namespace irlens {

namespace {

// The versions whose definitions and unit tests the spellings were checked against
// (tests/peers/cases.json): AmenRa/ranx 0.3.20, terrierteam/ir_measures 0.4.3, trec_eval 10.0
// (pytrec_eval 0.5 reads its names).
constexpr const char* kRanx = "0.3.20";
constexpr const char* kIrMeasures = "0.4.3";
constexpr const char* kTrecEval = "10.0";

/// How ranx's level suffix -lN (ranx/meta/evaluate.py: rel_lvl) applies to a metric. ranx's
/// clean_qrels drops the judgments below N: a binary metric counts grades >= N as relevant
/// (irlens' rel=N); a graded one keeps the raw grades of the rest, so grades 1..N-1 gain 0
/// (gains={1:0,...,N-1:0}; unlisted grades gain themselves), which is not rel=N.
enum class Level { Binary, Graded };

/// ranx's metrics (ranx/metrics/__init__.py, metric_switch) as irlens measures: without @k, with
/// @k (nullptr: ranx ignores k), the parameters every spelling takes.
struct RanxMetric {
    const char* name;
    const char* whole;
    const char* at_k;
    const char* params;
    Level level;
};
const RanxMetric kRanxMetrics[] = {
    {"hits", "NumRelRet", "NumRelRet", "agg=mean", Level::Binary},  // relevant retrieved, a mean
    {"hit_rate", "Success", "Success", "", Level::Binary},
    {"precision", "SetP", "P", "", Level::Binary},  // without k: over the documents retrieved
    {"recall", "SetR", "R", "", Level::Binary},     // without k: over the whole ranking
    {"f1", "SetF", "F", "", Level::Binary},
    {"r-precision", "Rprec", nullptr, "", Level::Binary},
    {"r_precision", "Rprec", nullptr, "", Level::Binary},  // its function's name
    {"mrr", "RR", "RR", "", Level::Binary},
    {"map", "AP", "AP", "", Level::Binary},  // map@k: over all R relevant, trec_eval's map_cut
    {"bpref", "Bpref", nullptr, "", Level::Binary},
    {"ndcg", "nDCG", "nDCG", "", Level::Graded},  // Jarvelin's: raw grade / log2(i+1)
    {"dcg", "DCG", "DCG", "", Level::Graded},
    {"ndcg_burges", "nDCG", "nDCG", "dcg=exp-log2", Level::Graded},  // (2^grade - 1) / log2(i+1)
    {"dcg_burges", "DCG", "DCG", "dcg=exp-log2", Level::Graded},
};

/// trec_eval's output names ROOT_K / ROOT.K (also pytrec_eval's keys and ir_measures'
/// trec_eval-name parser) with a number K.
const std::pair<const char*, const char*> kTrecEvalRoots[] = {
    {"P", "P"},        {"recall", "R"},        {"ndcg_cut", "nDCG"},
    {"map_cut", "AP"}, {"success", "Success"}, {"iprec_at_recall", "IPrec"}};

bool all_digits(std::string_view s) {
    return !s.empty() && std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
}

std::string join_params(std::string a, const std::string& b) {
    if (b.empty()) return a;
    return a.empty() ? b : a + "," + b;
}

/// The grades 1..level-1 at gain 0 (ranx's -lN on a graded metric), or "" for level 1.
std::string graded_level(long level) {
    std::string gains;
    for (long g = 1; g < level; ++g) gains += (gains.empty() ? "" : ",") + std::to_string(g) + ":0";
    return gains.empty() ? std::string() : "gains={" + gains + "}";
}

/// ranx's metric m with cutoff k ("" for none) and level suffix -l`level`, in the measure language.
std::string ranx_measure(const RanxMetric& m, const std::string& k, long level) {
    std::string params = m.params;
    if (level > 1)
        params = join_params(params, m.level == Level::Binary ? "rel=" + std::to_string(level) : graded_level(level));
    bool cut = !k.empty() && m.at_k;
    std::string out = cut ? m.at_k : m.whole;
    if (!params.empty()) out += "(" + params + ")";
    if (cut) out += "@" + k;
    return out;
}

/// ranx's NAME[@K][-lN] and rbp.P / rbp@P[-lN], or "" when `whole` is not one.
std::string ranx_name(std::string_view whole) {
    std::string body(whole);
    long level = 1;
    std::size_t l = body.find("-l");
    if (l != std::string::npos) {
        std::string n = body.substr(l + 2);
        body = body.substr(0, l);
        if (!all_digits(n) || !text::parse_long(n, level) || level < 1)
            throw UsageError("measure '" + std::string(whole) +
                             "': ranx's level suffix -lN needs a whole number N >= 1 "
                             "(judgments below N are dropped), got '-l" +
                             n + "'");
    }
    if (body.size() > 4 && body.compare(0, 3, "rbp") == 0 && (body[3] == '.' || body[3] == '@')) {
        // ranx reads the digits after '.' or '@' as the decimals of p: rbp.95 and rbp@95 are p = 0.95.
        std::string digits = body.substr(4);
        if (!all_digits(digits)) return {};
        return "RBP(" + join_params("p=0." + digits + ",norm=none", graded_level(level)) + ")";
    }
    std::string name = body, k;
    std::size_t at = body.find('@');
    if (at != std::string::npos) {
        name = body.substr(0, at);
        k = body.substr(at + 1);
        if (!all_digits(k)) return {};
    }
    for (const RanxMetric& m : kRanxMetrics)
        if (name == m.name) return ranx_measure(m, k, level);
    return {};
}

}  // namespace

const std::vector<PeerSpelling>& peer_spellings() {
    static const std::vector<PeerSpelling> all = [] {
        std::vector<PeerSpelling> v = {
            {"trec_eval", kTrecEval, "P_k, P.k", "P@k"},
            {"trec_eval", kTrecEval, "recall_k, recall.k", "R@k"},
            {"trec_eval", kTrecEval, "ndcg_cut_k, ndcg_cut.k", "nDCG@k"},
            {"trec_eval", kTrecEval, "map_cut_k, map_cut.k", "AP@k"},
            {"trec_eval", kTrecEval, "success_k, success.k", "Success@k"},
            {"trec_eval", kTrecEval, "iprec_at_recall_x, iprec_at_recall.x", "IPrec@x"},
            {"trec_eval", kTrecEval, "P_5,10 (a list)", "P@5 P@10"},
        };
        for (const RanxMetric& m : kRanxMetrics) {
            v.push_back({"ranx", kRanx, m.name, ranx_measure(m, "", 1)});
            if (m.at_k) v.push_back({"ranx", kRanx, std::string(m.name) + "@k", ranx_measure(m, "k", 1)});
        }
        // ir_measures' own names, checked against its provider tests (tests/peers/cases.json).
        for (const char* n :
             {"P@k",   "R@k",     "RR",   "AP",     "nDCG",   "Rprec",   "Success@k", "SetP",     "SetR",   "SetF",
              "SetAP", "SetRelP", "NumQ", "NumRel", "NumRet", "IPrec@x", "infAP",     "Judged@k", "Compat", "Accuracy"})
            v.push_back({"ir_measures", kIrMeasures, n, n});
        v.insert(
            v.end(),
            {
                {"ranx", kRanx, "rbp.95, rbp@95", "RBP(p=0.95,norm=none)"},
                {"ranx", kRanx, "NAME-lN", "binary measures: rel=N; ndcg, dcg, *_burges, rbp: gains={1:0,...,N-1:0}"},
                {"ir_measures", kIrMeasures, "ERR@k", "ERR@k (max_grade=4, gdeval's)"},
                {"ir_measures", kIrMeasures, "nDCG(dcg='exp-log2')@k", "nDCG(dcg=exp-log2)@k (gdeval's nDCG)"},
                {"ir_measures", kIrMeasures, "SetP(relative=True)", "SetRelP"},
                {"ir_measures", kIrMeasures, "IPrec(recall=x)", "IPrec@x"},
                {"ir_measures", kIrMeasures, "NAME(cutoff=k)", "NAME@k"},
                {"ir_measures", kIrMeasures, "α_nDCG@k", "alpha_nDCG@k"},
                {"ir_measures", kIrMeasures, "α_DCG@k", "alpha_DCG@k"},
                {"ir_measures", kIrMeasures, "official", "the preset trec_official"},
                // Its cwl_eval provider's measures, checked against cwl_eval 1.0.12 (tests/unit-cwl-golden.cpp).
                {"ir_measures", kIrMeasures, "INST(T=t,max_rel=m)", "INST(T=t,max_rel=m) (cwl_eval's)"},
                {"ir_measures", kIrMeasures, "INSQ(T=t,max_rel=m)", "INSQ(T=t,max_rel=m) (cwl_eval's)"},
                {"ir_measures", kIrMeasures, "BPM(T=t,max_rel=m)@k", "BPM(T=t,max_rel=m)@k (cwl_eval's, K = k)"},
                {"ir_measures", kIrMeasures, "SDCG(max_rel=m)@k", "SDCG(max_rel=m)@k (cwl_eval's; not sDCG)"},
                {"ir_measures", kIrMeasures, "NERR8(max_rel=m)@k", "NERR8(max_rel=m)@k (cwl_eval's)"},
                {"ir_measures", kIrMeasures, "NERR9(max_rel=m)@k", "NERR9(max_rel=m)@k (cwl_eval's)"},
                {"ir_measures", kIrMeasures, "NERR10(p=x,max_rel=m)", "NERR10(p=x,max_rel=m) (cwl_eval's)"},
                {"ir_measures", kIrMeasures, "NERR11(T=t,max_rel=m)", "NERR11(T=t,max_rel=m) (cwl_eval's)"},
                {"cwl_eval", "1.0.12", "RBPCWLMetric(p)",
                 "RBP_CWL(p=p) (ir_measures' RBP(rel=N) through cwl_eval: RBP_CWL(p=p,rel=N))"},
            });
        return v;
    }();
    return all;
}

std::string translate_peer_name(std::string_view whole) {
    if (whole.find('(') == std::string_view::npos) {
        // trec_eval's ROOT_K / ROOT.K.
        for (const auto& t : kTrecEvalRoots) {
            std::string_view root = t.first;
            if (whole.size() > root.size() + 1 && whole.substr(0, root.size()) == root &&
                (whole[root.size()] == '_' || whole[root.size()] == '.')) {
                std::string k(whole.substr(root.size() + 1));
                double x;
                if (text::parse_double(k, x)) return std::string(t.second) + "@" + k;
            }
        }
        std::string ranx = ranx_name(whole);
        if (!ranx.empty()) return ranx;
    } else {
        // A ranx name with the measure language's parameters: precision(rel=2)@10 -> P(rel=2)@10.
        std::string_view name = whole.substr(0, whole.find('('));
        for (const RanxMetric& m : kRanxMetrics)
            if (name == m.name && !*m.params) {
                bool cut = whole.find('@', whole.rfind(')')) != std::string_view::npos && m.at_k;
                return (cut ? m.at_k : m.whole) + std::string(whole.substr(name.size()));
            }
    }
    // ir_measures spells alpha_nDCG and alpha_DCG with a Greek alpha too.
    static const std::string kAlpha = "\xCE\xB1_";  // "α_" in UTF-8
    if (whole.substr(0, kAlpha.size()) == kAlpha) return "alpha_" + std::string(whole.substr(kAlpha.size()));
    // ir_measures prints SetRelP as SetP(relative=True).
    if (whole.substr(0, 5) == "SetP(") {
        std::size_t close = whole.find(')');
        if (close == std::string_view::npos) return {};
        std::string inner(whole.substr(5, close - 5)), kept;
        bool relative = false, found = false;
        std::size_t start = 0;
        while (start <= inner.size()) {
            std::size_t comma = inner.find(',', start);
            std::string item = inner.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
            std::string key = item.substr(0, item.find('='));
            key.erase(std::remove(key.begin(), key.end(), ' '), key.end());
            if (key == "relative") {
                std::string value = item.substr(item.find('=') + 1);
                value.erase(std::remove(value.begin(), value.end(), ' '), value.end());
                if (value != "True" && value != "False")
                    throw UsageError("measure '" + std::string(whole) + "': relative must be True or False, got '" +
                                     value + "'");
                relative = value == "True";
                found = true;
            } else if (!item.empty()) {
                kept += (kept.empty() ? "" : ",") + item;
            }
            if (comma == std::string::npos) break;
            start = comma + 1;
        }
        if (!found) return {};
        std::string out = relative ? "SetRelP" : "SetP";
        if (!kept.empty()) out += "(" + kept + ")";
        return out + std::string(whole.substr(close + 1));
    }
    return {};
}

std::string peer_refusal(const std::string& name) {
    static const std::pair<const char*, const char*> kRefused[] = {
        {"NERR",
         "NERR is not a measure of ir_measures, which has NERR8, NERR9, NERR10 and NERR11 (cwl_eval's Not-but-"
         "Nearly ERR, Azzopardi, Mackenzie & Moffat, ICTIR 2021; irlens has them too); irlens' normalised ERR is nERR "
         "(until 0.1.0 "
         "also spelled NERR) and its ERR@k is gdeval's"},
        {"rbp",
         "rbp is ranx's RBP, which needs its persistence in the name: rbp.95 or rbp@95 is "
         "RBP(p=0.95,norm=none) (raw grades as gains); irlens' own RBP is RBP(p=0.8) (gains over the highest "
         "grade)"},
    };
    for (const auto& r : kRefused)
        if (name == r.first) return r.second;
    return {};
}

const MeasureGroup* find_measure_group(const std::string& name) {
    const std::string& key = name == "official" ? std::string("trec_official") : name;
    for (const MeasureGroup& g : measure_groups())
        if (g.name == key) return &g;
    return nullptr;
}

std::string changed_name_note(const std::string& typed) {
    if (typed == "recall")
        return "`recall` now means ranx's recall over the whole ranking (SetR); the preset of recall-oriented "
               "measures that 0.1.0 called `recall` is `recall_oriented`";
    return {};
}

}  // namespace irlens
