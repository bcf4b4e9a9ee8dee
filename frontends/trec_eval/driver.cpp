// The trec_eval front-end: trec_eval's measure names, parameter syntax, nicknames, averaging rules
// and output format (trec_eval.c, measures.c, meas_init.c, meas_avg.c, meas_print_*.c; NIST),
// computed with the registry's measures.
#include "irlens/error.hpp"
#include "irlens/measures/measure.hpp"
#include "irlens/readers/preferences.hpp"
#include "irlens/evaluation/topic_view.hpp"
#include "irlens/frontends/trec_eval.hpp"

#include "irlens/parallel.hpp"

#include <algorithm>
#include <climits>
#include <cmath>
#include <cstdarg>
#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace irlens {

namespace {

enum class Style { None, CutLong, CutDouble, Doubles, Pairs };
enum class Print { Double, Long, RunId, Text };
enum class Avg { Mean, Sum, GeoMean, NumQ, NumRel, None };

/// The parameter of one printed value.
struct Param {
    long k = 0;                                      // CutLong
    double x = 0;                                    // CutDouble
    std::vector<double> doubles;                     // Doubles
    std::vector<std::pair<std::string, double>> pairs;  // Pairs
};

std::string rel(const TrecEvalOptions& o) { return "rel=" + std::to_string(o.rel_level); }

std::string gains_of(const Param& p) {
    // gain_init.c: only pairs whose name is an integer are gains.
    std::string g;
    for (const auto& pr : p.pairs) {
        const char* s = pr.first.c_str();
        if (*s == '-' || *s == '+') ++s;
        if (!*s || std::strspn(s, "0123456789") != std::strlen(s)) continue;
        g += (g.empty() ? "" : ",") + std::to_string(std::atol(pr.first.c_str())) + ":" + format_number(pr.second);
    }
    return g.empty() ? "" : "gains={" + g + "}";
}

std::string with(std::string name, const std::string& args, const std::string& cutoff = "") {
    if (!args.empty()) name += "(" + args + ")";
    if (!cutoff.empty()) name += "@" + cutoff;
    return name;
}

double pair_value(const Param& p, const char* name, double def) {
    for (const auto& pr : p.pairs)
        if (pr.first == name) def = pr.second;
    return def;
}

struct Binding {
    const char* root;
    Style style;
    const char* defaults;
    Print print;
    Avg avg;
    bool per_query;
    std::string (*spec)(const Param&, const TrecEvalOptions&);
};

// te_trec_measures[] of measures.c, in its order (which is the output order).
const Binding kBindings[] = {
    {"runid", Style::None, "", Print::RunId, Avg::None, false, nullptr},
    {"num_q", Style::None, "", Print::Long, Avg::NumQ, false, [](const Param&, const TrecEvalOptions&) { return std::string("NumQ"); }},
    {"num_ret", Style::None, "", Print::Long, Avg::Sum, true, [](const Param&, const TrecEvalOptions&) { return std::string("NumRet"); }},
    {"num_rel", Style::None, "", Print::Long, Avg::NumRel, true,
     [](const Param&, const TrecEvalOptions& o) { return with("NumRel", rel(o)); }},
    {"num_rel_ret", Style::None, "", Print::Long, Avg::Sum, true,
     [](const Param&, const TrecEvalOptions& o) { return with("NumRelRet", rel(o)); }},
    {"map", Style::None, "", Print::Double, Avg::Mean, true, [](const Param&, const TrecEvalOptions& o) { return with("AP", rel(o)); }},
    {"gm_map", Style::None, "", Print::Double, Avg::GeoMean, false,
     [](const Param&, const TrecEvalOptions& o) { return with("AP", rel(o)); }},
    {"Rprec", Style::None, "", Print::Double, Avg::Mean, true, [](const Param&, const TrecEvalOptions& o) { return with("Rprec", rel(o)); }},
    {"bpref", Style::None, "", Print::Double, Avg::Mean, true, [](const Param&, const TrecEvalOptions& o) { return with("Bpref", rel(o)); }},
    {"recip_rank", Style::None, "", Print::Double, Avg::Mean, true, [](const Param&, const TrecEvalOptions& o) { return with("RR", rel(o)); }},
    {"iprec_at_recall", Style::CutDouble, "0.0,0.1,0.2,0.3,0.4,0.5,0.6,0.7,0.8,0.9,1.0", Print::Double, Avg::Mean, true,
     [](const Param& p, const TrecEvalOptions& o) { return with("IPrec", rel(o), format_number(p.x)); }},
    {"P", Style::CutLong, "5,10,15,20,30,100,200,500,1000", Print::Double, Avg::Mean, true,
     [](const Param& p, const TrecEvalOptions& o) { return with("P", rel(o), std::to_string(p.k)); }},
    {"relstring", Style::Doubles, "10", Print::Text, Avg::None, true,
     [](const Param& p, const TrecEvalOptions&) {
         // A length <= 0 prints an empty string: no measure needed. trec_eval's (long) cast of a
         // length beyond long's range (relstring.1e308, relstring.nan) is undefined; on x86 it
         // gives LONG_MIN, an empty string, and so does irlens (found by the fuzzer).
         double x = p.doubles[0];
         long len = x > static_cast<double>(LONG_MIN) && x < static_cast<double>(LONG_MAX) ? static_cast<long>(x) : 0;
         return len > 0 ? "RelString@" + std::to_string(len) : std::string();
     }},
    {"recall", Style::CutLong, "5,10,15,20,30,100,200,500,1000", Print::Double, Avg::Mean, true,
     [](const Param& p, const TrecEvalOptions& o) { return with("R", rel(o), std::to_string(p.k)); }},
    {"infAP", Style::None, "", Print::Double, Avg::Mean, true, [](const Param&, const TrecEvalOptions& o) { return with("infAP", rel(o)); }},
    {"gm_bpref", Style::None, "", Print::Double, Avg::GeoMean, false,
     [](const Param&, const TrecEvalOptions& o) { return with("Bpref", rel(o)); }},
    {"Rprec_mult", Style::CutDouble, "0.2,0.4,0.6,0.8,1.0,1.2,1.4,1.6,1.8,2.0", Print::Double, Avg::Mean, true,
     [](const Param& p, const TrecEvalOptions& o) { return with("RprecMult", "mult=" + format_number(p.x) + "," + rel(o)); }},
    {"utility", Style::Doubles, "1.0,-1.0,0.0,0.0", Print::Double, Avg::Mean, true,
     [](const Param& p, const TrecEvalOptions& o) {
         if (p.doubles.size() != 4)
             throw UsageError("trec_eval.calc_utility: improper number of coefficients (utility takes 4)");
         return with("Utility", "a=" + format_number(p.doubles[0]) + ",b=" + format_number(p.doubles[1]) +
                                    ",c=" + format_number(p.doubles[2]) + ",d=" + format_number(p.doubles[3]) +
                                    ",N=" + std::to_string(o.num_docs) + "," + rel(o));
     }},
    {"11pt_avg", Style::Doubles, "0.0,0.1,0.2,0.3,0.4,0.5,0.6,0.7,0.8,0.9,1.0", Print::Double, Avg::Mean, true,
     [](const Param& p, const TrecEvalOptions& o) {
         std::string list;
         for (double x : p.doubles) list += (list.empty() ? "" : ",") + format_number(x);
         return with("IPrecAvg", "recall=[" + list + "]," + rel(o));
     }},
    {"binG", Style::None, "", Print::Double, Avg::Mean, true, [](const Param&, const TrecEvalOptions& o) { return with("BinG", rel(o)); }},
    {"G", Style::Pairs, "", Print::Double, Avg::Mean, true, [](const Param& p, const TrecEvalOptions&) { return with("G", gains_of(p)); }},
    {"dcg", Style::Pairs, "", Print::Double, Avg::Mean, true, [](const Param& p, const TrecEvalOptions&) { return with("DCG", gains_of(p)); }},
    {"ideal_dcg", Style::Pairs, "", Print::Double, Avg::Mean, true,
     [](const Param& p, const TrecEvalOptions&) { return with("IdealDCG", gains_of(p)); }},
    {"ndcg", Style::Pairs, "", Print::Double, Avg::Mean, true, [](const Param& p, const TrecEvalOptions&) { return with("nDCG", gains_of(p)); }},
    {"ndcg_rel", Style::Pairs, "", Print::Double, Avg::Mean, true,
     [](const Param& p, const TrecEvalOptions&) { return with("nDCGRel", gains_of(p)); }},
    {"Rndcg", Style::Pairs, "", Print::Double, Avg::Mean, true, [](const Param& p, const TrecEvalOptions&) { return with("RnDCG", gains_of(p)); }},
    {"ndcg_cut", Style::CutLong, "5,10,15,20,30,100,200,500,1000", Print::Double, Avg::Mean, true,
     [](const Param& p, const TrecEvalOptions&) { return with("nDCG", "", std::to_string(p.k)); }},
    {"map_cut", Style::CutLong, "5,10,15,20,30,100,200,500,1000", Print::Double, Avg::Mean, true,
     [](const Param& p, const TrecEvalOptions& o) { return with("AP", rel(o), std::to_string(p.k)); }},
    {"relative_P", Style::CutLong, "5,10,15,20,30,100,200,500,1000", Print::Double, Avg::Mean, true,
     [](const Param& p, const TrecEvalOptions& o) { return with("RelP", rel(o), std::to_string(p.k)); }},
    {"success", Style::CutLong, "1,5,10", Print::Double, Avg::Mean, true,
     [](const Param& p, const TrecEvalOptions& o) { return with("Success", rel(o), std::to_string(p.k)); }},
    {"set_P", Style::None, "", Print::Double, Avg::Mean, true, [](const Param&, const TrecEvalOptions& o) { return with("SetP", rel(o)); }},
    {"set_relative_P", Style::None, "", Print::Double, Avg::Mean, true,
     [](const Param&, const TrecEvalOptions& o) { return with("SetRelP", rel(o)); }},
    {"set_recall", Style::None, "", Print::Double, Avg::Mean, true, [](const Param&, const TrecEvalOptions& o) { return with("SetR", rel(o)); }},
    {"set_map", Style::None, "", Print::Double, Avg::Mean, true, [](const Param&, const TrecEvalOptions& o) { return with("SetAP", rel(o)); }},
    {"set_F", Style::Doubles, "1.0", Print::Double, Avg::Mean, true,
     [](const Param& p, const TrecEvalOptions& o) { return with("SetF", "beta=" + format_number(p.doubles[0]) + "," + rel(o)); }},
    {"num_nonrel_judged_ret", Style::None, "", Print::Long, Avg::Sum, true,
     [](const Param&, const TrecEvalOptions& o) { return with("NumNonRelJudgedRet", rel(o)); }},
    {"prefs_num_prefs_poss", Style::None, "", Print::Long, Avg::Sum, true,
     [](const Param&, const TrecEvalOptions&) { return std::string("NumPrefsPossible"); }},
    {"prefs_num_prefs_ful", Style::None, "", Print::Long, Avg::Sum, true,
     [](const Param&, const TrecEvalOptions&) { return std::string("NumPrefsFulfilled"); }},
    {"prefs_num_prefs_ful_ret", Style::None, "", Print::Long, Avg::Sum, true,
     [](const Param&, const TrecEvalOptions&) { return std::string("NumPrefsFulfilledRet"); }},
    {"prefs_simp", Style::None, "", Print::Double, Avg::Mean, true,
     [](const Param&, const TrecEvalOptions&) { return std::string("PrefsSimp"); }},
    {"prefs_pair", Style::None, "", Print::Double, Avg::Mean, true,
     [](const Param&, const TrecEvalOptions&) { return std::string("PrefsPair"); }},
    {"prefs_avgjg", Style::None, "", Print::Double, Avg::Mean, true,
     [](const Param&, const TrecEvalOptions&) { return std::string("PrefsAvgJG"); }},
    {"prefs_avgjg_Rnonrel", Style::None, "", Print::Double, Avg::Mean, true,
     [](const Param&, const TrecEvalOptions&) { return std::string("PrefsAvgJGRNonrel"); }},
    {"prefs_simp_ret", Style::None, "", Print::Double, Avg::Mean, true,
     [](const Param&, const TrecEvalOptions&) { return std::string("PrefsSimpRet"); }},
    {"prefs_pair_ret", Style::None, "", Print::Double, Avg::Mean, true,
     [](const Param&, const TrecEvalOptions&) { return std::string("PrefsPairRet"); }},
    {"prefs_avgjg_ret", Style::None, "", Print::Double, Avg::Mean, true,
     [](const Param&, const TrecEvalOptions&) { return std::string("PrefsAvgJGRet"); }},
    {"prefs_avgjg_Rnonrel_ret", Style::None, "", Print::Double, Avg::Mean, true,
     [](const Param&, const TrecEvalOptions&) { return std::string("PrefsAvgJGRNonrelRet"); }},
    {"prefs_simp_imp", Style::None, "", Print::Double, Avg::Mean, true,
     [](const Param&, const TrecEvalOptions&) { return std::string("PrefsSimpImp"); }},
    {"prefs_pair_imp", Style::None, "", Print::Double, Avg::Mean, true,
     [](const Param&, const TrecEvalOptions&) { return std::string("PrefsPairImp"); }},
    {"prefs_avgjg_imp", Style::None, "", Print::Double, Avg::Mean, true,
     [](const Param&, const TrecEvalOptions&) { return std::string("PrefsAvgJGImp"); }},
    {"map_avgjg", Style::None, "", Print::Double, Avg::Mean, true,
     [](const Param&, const TrecEvalOptions& o) { return with("APAvgJG", rel(o)); }},
    {"P_avgjg", Style::CutLong, "5,10,15,20,30,100,200,500,1000", Print::Double, Avg::Mean, true,
     [](const Param& p, const TrecEvalOptions& o) { return with("PAvgJG", rel(o), std::to_string(p.k)); }},
    {"Rprec_mult_avgjg", Style::CutDouble, "0.2,0.4,0.6,0.8,1.0,1.2,1.4,1.6,1.8,2.0", Print::Double, Avg::Mean, true,
     [](const Param& p, const TrecEvalOptions& o) { return with("RprecMultAvgJG", "mult=" + format_number(p.x) + "," + rel(o)); }},
    {"yaap", Style::None, "", Print::Double, Avg::Mean, true, [](const Param&, const TrecEvalOptions& o) { return with("YAAP", rel(o)); }},
    {"rbp", Style::Pairs, "", Print::Double, Avg::Mean, true,
     [](const Param& p, const TrecEvalOptions&) {
         std::string g = gains_of(p);
         return with("RBP", "p=" + format_number(pair_value(p, "p", 0.9)) + ",norm=topic" + (g.empty() ? "" : "," + g));
     }},
    {"rbp_resid", Style::Pairs, "", Print::Double, Avg::Mean, true,
     [](const Param& p, const TrecEvalOptions&) { return with("RBPResid", "p=" + format_number(pair_value(p, "p", 0.9))); }},
    {"unj", Style::CutLong, "5,10,20", Print::Double, Avg::Mean, true,
     [](const Param& p, const TrecEvalOptions&) { return with("Unjudged", "", std::to_string(p.k)); }},
};

struct Nickname {
    const char* name;
    std::vector<const char*> measures;
};

const Nickname kNicknames[] = {
    {"official", {"runid", "num_q", "num_ret", "num_rel", "num_rel_ret", "map", "gm_map", "Rprec", "bpref", "recip_rank",
                  "iprec_at_recall", "P"}},
    {"set", {"runid", "num_q", "num_ret", "num_rel", "num_rel_ret", "utility", "set_P", "set_recall", "set_relative_P",
             "set_map", "set_F"}},
    {"all_trec", {"runid", "num_q", "num_ret", "num_rel", "num_rel_ret", "map", "gm_map", "Rprec", "bpref", "recip_rank",
                  "iprec_at_recall", "P", "relstring", "recall", "unj", "rbp", "rbp_resid", "infAP", "gm_bpref", "utility",
                  "11pt_avg", "ndcg", "relative_P", "Rprec_mult", "success", "map_cut", "ndcg_cut", "ndcg_rel", "Rndcg",
                  "binG", "G", "set_P", "set_recall", "set_relative_P", "set_map", "set_F", "num_nonrel_judged_ret"}},
    {"all_prefs", {"runid", "num_q", "prefs_num_prefs_poss", "prefs_num_prefs_ful", "prefs_num_prefs_ful_ret", "prefs_simp",
                   "prefs_pair", "prefs_avgjg", "prefs_avgjg_Rnonrel", "prefs_simp_ret", "prefs_pair_ret", "prefs_avgjg_ret",
                   "prefs_avgjg_Rnonrel_ret", "prefs_simp_imp", "prefs_pair_imp", "prefs_avgjg_imp"}},
    {"prefs", {"runid", "num_q", "prefs_num_prefs_poss", "prefs_num_prefs_ful", "prefs_num_prefs_ful_ret", "prefs_simp",
               "prefs_pair", "prefs_avgjg"}},
    {"qrels_jg", {"runid", "num_q", "map_avgjg", "P_avgjg", "Rprec_mult_avgjg"}},
};

const double kMinGeoMean = 0.00001;     // MIN_GEO_MEAN
const double kMissingZscore = -1000000;  // MISSING_ZSCORE_VALUE

/// trec_eval's atol/atof on a piece of the parameter string.
long c_atol(const std::string& s) { return std::atol(s.c_str()); }
double c_atof(const std::string& s) { return std::atof(s.c_str()); }

std::vector<std::string> split_commas(const std::string& s) {
    std::vector<std::string> out;
    std::size_t start = 0;
    for (std::size_t i = 0; i <= s.size(); ++i) {
        if (i == s.size() || s[i] == ',') {
            out.push_back(s.substr(start, i - start));
            start = i + 1;
        }
    }
    return out;
}

/// One printed value: its trec_eval name and the measure computing it.
struct Slot {
    const Binding* binding;
    std::string name;
    std::unique_ptr<TopicMeasure> measure;
    bool zero_if_missing = false;
    RelInput input = RelInput::Qrels;
    double sum = 0;
};

/// Expands a binding into its values (meas_init.c: cutoffs sorted, names from the parameters).
void expand(const Binding& b, const std::string* given, const TrecEvalOptions& o, std::vector<Slot>& slots) {
    auto add = [&](const std::string& name, const Param& p) {
        Slot s;
        s.binding = &b;
        s.name = name;
        std::string spec = b.spec ? b.spec(p, o) : std::string();
        if (!spec.empty()) {
            MeasureSpec m = parse_measure(spec, {}, false);  // trec_eval's values, whatever their range
            s.measure = m.compile();
            s.zero_if_missing = m.info().zero_if_missing;
            s.input = m.info().input;
        }
        slots.push_back(std::move(s));
    };
    std::string text = given ? *given : b.defaults;
    char buf[64];
    switch (b.style) {
        case Style::None:
            add(b.root, Param{});
            break;
        case Style::CutLong: {
            std::vector<long> cuts;
            for (const std::string& piece : split_commas(text)) {
                cuts.push_back(c_atol(piece));
                // trec_eval says "Negative cutoff detected" for any of these.
                if (cuts.back() <= 0)
                    throw UsageError("trec_eval: -m " + std::string(b.root) + "." + text + ": the cutoff '" + piece +
                                     "' is not a positive integer");
            }
            std::sort(cuts.begin(), cuts.end());
            for (std::size_t i = 1; i < cuts.size(); ++i)
                if (cuts[i - 1] == cuts[i]) throw UsageError("trec_eval: duplicate cutoffs detected in '" + std::string(b.root) + "." + text + "'");
            for (long k : cuts) {
                Param p;
                p.k = k;
                add(std::string(b.root) + "_" + std::to_string(k), p);
            }
            break;
        }
        case Style::CutDouble: {
            std::vector<double> cuts;
            for (const std::string& piece : split_commas(text)) cuts.push_back(c_atof(piece));
            std::sort(cuts.begin(), cuts.end());
            for (std::size_t i = 1; i < cuts.size(); ++i)
                if (cuts[i - 1] == cuts[i]) throw UsageError("trec_eval: duplicate cutoffs detected in '" + std::string(b.root) + "." + text + "'");
            for (double x : cuts) {
                Param p;
                p.x = x;
                std::snprintf(buf, sizeof buf, "%3.2f", x);
                add(std::string(b.root) + "_" + buf, p);
            }
            break;
        }
        case Style::Doubles: {
            Param p;
            for (const std::string& piece : split_commas(text)) p.doubles.push_back(c_atof(piece));
            add(given ? std::string(b.root) + "_" + *given : b.root, p);
            break;
        }
        case Style::Pairs: {
            Param p;
            if (given) {
                // meas_init.c get_param_pairs: a list of name=value.
                char last = ',';
                bool bad = false;
                for (char c : *given) {
                    if (c == ',') {
                        if (last == ',') {
                            bad = true;
                            break;
                        }
                        last = ',';
                    } else if (c == '=') {
                        if (last == '=') {
                            last = ',';
                            bad = true;
                            break;
                        }
                        last = '=';
                    }
                }
                if (bad || last != '=') throw UsageError("trec_eval: malformed pair parameters in '" + *given + "'");
                for (const std::string& piece : split_commas(*given)) {
                    std::size_t eq = piece.find('=');
                    p.pairs.emplace_back(piece.substr(0, eq), c_atof(piece.substr(eq + 1)));
                }
            }
            add(given ? std::string(b.root) + "_" + *given : b.root, p);
            break;
        }
    }
}

void appendf(std::string& out, const char* fmt, ...) __attribute__((format(printf, 2, 3)));
void appendf(std::string& out, const char* fmt, ...) {
    char buf[512];
    va_list ap;
    va_start(ap, fmt);
    int n = std::vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    if (n < static_cast<int>(sizeof buf)) {
        out.append(buf, static_cast<std::size_t>(n));
        return;
    }
    std::string big(static_cast<std::size_t>(n) + 1, '\0');
    va_start(ap, fmt);
    std::vsnprintf(&big[0], big.size(), fmt, ap);
    va_end(ap);
    out.append(big.data(), static_cast<std::size_t>(n));
}

}  // namespace

std::shared_ptr<const ZScores> ZScores::parse(const std::string& source, std::string_view bytes) {
    auto z = std::make_shared<ZScores>();
    text::LineSplitter lines(source);
    lines.bom.mode = text::ByteOrderMark::Keep;  // as trec_eval, which reads it as part of the first line
    auto on_line = [&](std::string_view line, std::uint64_t no) {
        if (text::is_blank_or_comment(line)) return;
        std::string_view f[4];
        std::size_t n = text::split_fields(line, f, 4);
        if (n != 4) throw InputError(source, no, "expected 4 columns (topic measure mean stddev), found " +
                                                      (n > 4 ? std::string("more") : std::to_string(n)));
        double mean, sd;
        if (!text::parse_double(f[2], mean) || !text::parse_double(f[3], sd))
            throw InputError(source, no, "mean and stddev must be numbers");
        z->topics_[std::string(f[0])][std::string(f[1])] = {mean, sd};
    };
    lines.feed(bytes, on_line);
    lines.finish(on_line);
    if (z->topics_.empty()) throw InputError(source, 0, "no z-score lines found (empty file?)");
    return z;
}

bool ZScores::find(const std::string& topic, const std::string& measure, double& mean, double& stddev) const {
    auto t = topics_.find(topic);
    if (t == topics_.end()) return false;
    auto m = t->second.find(measure);
    if (m == t->second.end()) return false;
    mean = m->second.first;
    stddev = m->second.second;
    return true;
}

std::vector<std::string> trec_eval_measure_names() {
    std::vector<std::string> names;
    for (const Nickname& n : kNicknames) names.push_back(n.name);
    for (const Binding& b : kBindings) names.push_back(b.root);
    return names;
}

std::string trec_eval(const TrecEvalOptions& options, const std::shared_ptr<const Qrels>& qrels,
                      const std::shared_ptr<const Run>& run) {
    // Which measures, with which parameter strings (trec_eval.c mark_measure; the first -m
    // giving parameters for a measure wins).
    std::vector<bool> marked(sizeof kBindings / sizeof kBindings[0], false);
    std::vector<std::pair<std::string, std::string>> params;
    auto mark_one = [&](const std::string& name) {
        for (std::size_t i = 0; i < marked.size(); ++i) {
            if (name == kBindings[i].root) {
                marked[i] = true;
                return true;
            }
        }
        return false;
    };
    std::vector<std::string> requested = options.measures;
    if (requested.empty()) requested.push_back("official");
    for (const std::string& arg : requested) {
        std::string name = arg;
        std::size_t dot = arg.find('.');
        if (dot != std::string::npos) {
            name = arg.substr(0, dot);
            std::string p = arg.substr(dot + 1);
            if (p.empty()) throw UsageError("trec_eval: improper measure in parameter '" + name + "'");
            params.emplace_back(name, p);
        }
        bool found = false;
        for (const Nickname& n : kNicknames) {
            if (name == n.name) {
                for (const char* m : n.measures) mark_one(m);
                found = true;
            }
        }
        if (!found && !mark_one(name)) throw UsageError("trec_eval: illegal measure '" + arg + "'");
    }

    std::vector<Slot> slots;
    for (std::size_t i = 0; i < marked.size(); ++i) {
        if (!marked[i]) continue;
        const std::string* given = nullptr;
        for (const auto& p : params)
            if (p.first == kBindings[i].root) {
                given = &p.second;
                break;
            }
        expand(kBindings[i], given, options, slots);
    }

    // trec_eval computes each measure from one relevance format only (form_res_rels.c,
    // form_res_rels_jg.c, form_prefs_counts.c refuse the others); runid and num_q need none.
    RelInput given = options.prefs                               ? RelInput::Preferences
                     : qrels->format() == QrelsFormat::Grouped ? RelInput::JudgmentGroups
                                                                 : RelInput::Qrels;
    for (const Slot& s : slots) {
        if (!s.measure || s.binding->avg == Avg::NumQ || s.input == given) continue;
        const char* format_names[] = {"qrels", "qrels_jg", "prefs or qrels_prefs"};
        throw UsageError("trec_eval: measure '" + s.name + "' needs -R " + format_names[static_cast<int>(s.input)] +
                         ", not -R " + (given != RelInput::Preferences ? format_names[static_cast<int>(given)]
                                        : options.prefs->format() == PrefsFormat::Prefs ? "prefs" : "qrels_prefs"));
    }

    EvalContext context;
    context.qrels = qrels;
    context.prefs = options.prefs;
    context.runs = {run};
    context.base.max_docs = options.max_docs;
    context.base.judged_only = options.judged_only;
    for (Slot& s : slots)
        if (s.measure) s.measure->prepare(context);

    // The topics to evaluate, in qrels order; their values are computed in parallel, then
    // converted, summed and printed in order exactly as trec_eval does.
    std::vector<std::size_t> topics;
    for (std::size_t t = 0; t < qrels->num_topics(); ++t) {
        if (!options.only_topic.empty() && qrels->topic_id(t) != options.only_topic) continue;
        if (!run->has_topic(t) && !options.complete) continue;
        topics.push_back(t);
    }
    std::size_t num_slots = slots.size();
    std::vector<double> all_values(topics.size() * num_slots, 0.0);
    std::vector<std::string> all_texts(topics.size() * num_slots);
    detail::parallel_ranges(topics.size(), [&](std::size_t begin, std::size_t end) {
        for (std::size_t k = begin; k < end; ++k) {
            TopicView view(context, 0, topics[k]);
            double* values = &all_values[k * num_slots];
            std::string* texts = &all_texts[k * num_slots];
            for (std::size_t i = 0; i < num_slots; ++i) {
                const Slot& s = slots[i];
                if (!s.measure) continue;
                if (s.binding->print == Print::Text)
                    texts[i] = s.measure->text(view);
                else
                    values[i] = s.measure->compute(view);
                if (s.binding->avg == Avg::GeoMean) values[i] = std::log(std::max(values[i], kMinGeoMean));
                if (view.missing() && s.zero_if_missing) {
                    values[i] = 0;
                    texts[i].clear();
                }
            }
        }
    });

    std::string out;
    long num_queries = 0;
    for (std::size_t k = 0; k < topics.size(); ++k) {
        std::string topic(qrels->topic_id(topics[k]));
        double* values = &all_values[k * num_slots];
        const std::string* texts = &all_texts[k * num_slots];
        if (options.zscores) {
            for (std::size_t i = 0; i < slots.size(); ++i) {
                if (!slots[i].measure) continue;
                double mean, sd;
                if (!options.zscores->find(topic, slots[i].name, mean, sd))
                    values[i] = kMissingZscore;
                else if (sd != 0)
                    values[i] = (values[i] - mean) / sd;
                else
                    values[i] = values[i] == mean ? 0 : kMissingZscore;
            }
        }
        for (std::size_t i = 0; i < slots.size(); ++i) {
            Slot& s = slots[i];
            s.sum += values[i];
            if (!options.per_query || !s.binding->per_query) continue;
            const char* z = options.zscores ? "Z" : "";
            if (s.binding->print == Print::Text)
                appendf(out, "%-22s\t%s\t'%s'\n", s.name.c_str(), topic.c_str(), texts[i].c_str());
            else if (s.binding->print == Print::Long && !options.zscores)
                appendf(out, "%-22s\t%s\t%ld\n", s.name.c_str(), topic.c_str(), static_cast<long>(values[i]));
            else
                appendf(out, "%s%-22s\t%s\t%6.4f\n", z, s.name.c_str(), topic.c_str(), values[i]);
        }
        ++num_queries;
    }
    if (num_queries == 0)
        throw InputError(run->name(), 0, "no topic has both results and relevance judgments (trec_eval: No queries "
                                         "with both results and relevance info)");

    long averaged = options.complete ? static_cast<long>(qrels->num_topics()) : num_queries;
    for (Slot& s : slots) {
        double v = s.sum;
        switch (s.binding->avg) {
            case Avg::Mean:
                if (averaged) v /= averaged;
                break;
            case Avg::GeoMean:
                if (options.complete) v += (averaged - num_queries) * std::log(kMinGeoMean);
                v = std::exp(v / averaged);
                break;
            case Avg::NumQ:
                v = static_cast<double>(averaged);
                break;
            case Avg::NumRel:
                if (options.complete) {
                    // m_num_rel.c: with -c, every judgment > 0 in the qrels file.
                    long n = 0;
                    for (std::size_t t = 0; t < qrels->num_topics(); ++t)
                        for (const Judgment* j = qrels->begin(t); j != qrels->end(t); ++j) n += j->rel > 0;
                    v = static_cast<double>(n);
                }
                break;
            case Avg::Sum:
            case Avg::None:
                break;
        }
        if (!options.summary) continue;
        const char* z = options.zscores ? "Z" : "";
        switch (s.binding->print) {
            case Print::RunId:
                appendf(out, "%-22s\t%s\t%s\n", "runid", "all", run->tag().c_str());
                break;
            case Print::Text:
                break;
            case Print::Long:
                if (!options.zscores) {
                    appendf(out, "%-22s\t%s\t%ld\n", s.name.c_str(), "all", static_cast<long>(v));
                    break;
                }
                [[fallthrough]];
            case Print::Double:
                appendf(out, "%s%-22s\t%s\t%6.4f\n", z, s.name.c_str(), "all", v);
                break;
        }
    }
    return out;
}

}  // namespace irlens
