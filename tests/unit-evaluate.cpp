// evaluate() (core/src/evaluation/evaluate.cpp): aggregation, topic order, MissingTopics, warnings, progress
// and cancellation; and the cross-check that `eval --missing zero|skip` averages equal what the
// trec_eval front-end prints with and without -c.
#include "fixture.hpp"

#include "irlens/error.hpp"
#include "irlens/frontends/trec_eval.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <sstream>

using irlens::Evaluation;
using irlens::MissingTopics;
using irlens::parse_measure;
using irlens::test::approx;
using irlens::test::Fixture;

namespace {

// Topics in byte order: "1" < "10" < "2" < "3".
//   1: a 2, b 0, c 1, d 1, e -1; ranking c a x b e.
//   10: f 0, g 3, h 1; ranking g f y h.
//   2: i 1; the run has no results for it.
//   3: j 0 (no relevant document); ranking j z.
//   99: only in the run (ignored, with a warning).
const char* kQrels = "1 0 a 2\n1 0 b 0\n1 0 c 1\n1 0 d 1\n1 0 e -1\n10 0 f 0\n10 0 g 3\n10 0 h 1\n2 0 i 1\n3 0 j 0\n";
const char* kRun =
    "1 Q0 c 1 0.9 t\n1 Q0 a 2 0.8 t\n1 Q0 x 3 0.7 t\n1 Q0 b 4 0.6 t\n1 Q0 e 5 0.5 t\n"
    "10 Q0 g 1 3 t\n10 Q0 f 2 2 t\n10 Q0 y 3 1 t\n10 Q0 h 4 0 t\n3 Q0 j 1 1 t\n3 Q0 z 2 0 t\n99 Q0 q 1 1 t\n";

/// The measure that computes one value printed by trec_eval (default parameters, -l1).
std::string registry_name(const std::string& te) {
    static const std::map<std::string, std::string> fixed = {
        {"num_q", "NumQ"},
        {"num_ret", "NumRet"},
        {"num_rel", "NumRel"},
        {"num_rel_ret", "NumRelRet"},
        {"map", "AP"},
        {"gm_map", "AP(agg=gmean)"},
        {"Rprec", "Rprec"},
        {"bpref", "Bpref"},
        {"gm_bpref", "Bpref(agg=gmean)"},
        {"recip_rank", "RR"},
        {"infAP", "infAP"},
        {"utility", "Utility"},
        {"11pt_avg", "IPrecAvg"},
        {"binG", "BinG"},
        {"G", "G"},
        {"ndcg", "nDCG"},
        {"ndcg_rel", "nDCGRel"},
        {"Rndcg", "RnDCG"},
        {"dcg", "DCG"},
        {"ideal_dcg", "IdealDCG"},
        {"yaap", "YAAP"},
        {"set_P", "SetP"},
        {"set_relative_P", "SetRelP"},
        {"set_recall", "SetR"},
        {"set_map", "SetAP"},
        {"set_F", "SetF"},
        {"num_nonrel_judged_ret", "NumNonRelJudgedRet"},
        {"rbp", "RBP(p=0.9,norm=topic)"},
        {"rbp_resid", "RBPResid(p=0.9)"},
    };
    auto it = fixed.find(te);
    if (it != fixed.end()) return it->second;
    static const std::pair<const char*, const char*> cut[] = {
        {"P_", "P@"},
        {"recall_", "R@"},
        {"ndcg_cut_", "nDCG@"},
        {"map_cut_", "AP@"},
        {"relative_P_", "RelP@"},
        {"success_", "Success@"},
        {"unj_", "Unjudged@"},
        {"iprec_at_recall_", "IPrec@"},
    };
    for (const auto& c : cut)
        if (te.rfind(c.first, 0) == 0) return c.second + te.substr(std::string(c.first).size());
    if (te.rfind("Rprec_mult_", 0) == 0) return "RprecMult(mult=" + te.substr(11) + ")";
    return "";
}

/// Every "all" line of trec_eval's output, by name (runid and relstring excluded).
std::map<std::string, std::string> summary_lines(const std::string& out) {
    std::map<std::string, std::string> lines;
    std::istringstream in(out);
    std::string line;
    while (std::getline(in, line)) {
        std::istringstream fields(line);
        std::string name, topic, value;
        fields >> name >> topic >> value;
        if (topic == "all" && name != "runid") lines[name] = value;
    }
    return lines;
}

/// An aggregate printed as trec_eval prints it (%ld for counts, %6.4f otherwise).
std::string printed(const irlens::MeasureSpec& m, double v) {
    char buf[64];
    if (m.info().integer && m.aggregate() != irlens::Aggregate::GeoMean)
        std::snprintf(buf, sizeof buf, "%ld", static_cast<long>(v));
    else
        std::snprintf(buf, sizeof buf, "%6.4f", v);
    return buf;
}

}  // namespace

TEST_CASE("aggregate: mean, sum, and trec_eval's geometric mean with floor 1e-5") {
    irlens::MeasureSpec ap = parse_measure("AP"), sum = parse_measure("AP(agg=sum)"),
                        gm = parse_measure("AP(agg=gmean)");
    CHECK(irlens::aggregate(ap, {0.2, 0.4, 0.9}) == approx(0.5));
    CHECK(irlens::aggregate(sum, {0.2, 0.4, 0.9}) == approx(1.5));
    CHECK(irlens::aggregate(gm, {0.5, 0.125}) == approx(0.25));                 // sqrt(1/16)
    CHECK(irlens::aggregate(gm, {0.1, 0.0}) == approx(std::sqrt(0.1 * 1e-5)));  // 0 floored at 1e-5
    CHECK(irlens::aggregate(gm, {1e-9}) == approx(1e-5));                       // below the floor too
    CHECK(std::isnan(irlens::aggregate(ap, {})));                               // no topics: NaN, not 0
    CHECK(std::isnan(irlens::aggregate(parse_measure("RelString@5"), {1.0})));  // text: no aggregate
    CHECK(irlens::aggregate(parse_measure("NumRet"), {3, 4}) == 7);             // counts sum by default
    CHECK(irlens::aggregate(parse_measure("NumRet(agg=mean)"), {3, 4}) == approx(3.5));
}

TEST_CASE("evaluate: topics in qrels byte order, per-topic values per run, names and tags") {
    // A second run, tagged differently, answering every topic with one document.
    Fixture f(kQrels, {kRun, "1 Q0 a 1 1 other\n10 Q0 h 1 1 other\n2 Q0 i 1 1 other\n3 Q0 j 1 1 other\n"});
    Evaluation ev = f.eval("P@1");
    REQUIRE(ev.runs.size() == 2);
    CHECK(ev.runs[0].name == "run0");
    CHECK(ev.runs[0].tag == "t");
    CHECK(ev.runs[1].tag == "other");
    CHECK(ev.runs[0].topics == std::vector<std::string>{"1", "10", "3"});  // 2 unanswered, 99 unknown
    CHECK(ev.runs[1].topics == std::vector<std::string>{"1", "10", "2", "3"});
    // run0 P@1: c (1) -> 1, g (3) -> 1, j (0) -> 0.   run1: a, h, i relevant, j not.
    CHECK(ev.runs[0].values[0] == std::vector<double>{1, 1, 0});
    CHECK(ev.runs[1].values[0] == std::vector<double>{1, 1, 1, 0});
    CHECK(ev.runs[0].aggregate[0] == approx(2.0 / 3));
    CHECK(ev.runs[1].aggregate[0] == approx(0.75));
    CHECK(ev.measures.at(0).name() == "P@1");
    // Several measures at once: one row of values and one aggregate per measure, in the given order.
    irlens::EvalOptions o;
    Evaluation two = irlens::evaluate(f.qrels, f.runs, irlens::parse_measures("NumRet P@1"), o);
    CHECK(two.runs[0].values.size() == 2);
    CHECK(two.runs[0].aggregate[0] == 11);  // 5 + 4 + 2
    CHECK(two.runs[0].aggregate[1] == approx(2.0 / 3));
}

TEST_CASE("MissingTopics::Zero scores unanswered topics as trec_eval -c, with its zeroed measures") {
    Fixture f(kQrels, {kRun});
    Evaluation skip = f.eval("AP"), zero = f.eval("AP", MissingTopics::Zero);
    CHECK(skip.runs[0].topics.size() == 3);
    CHECK(zero.runs[0].topics == std::vector<std::string>{"1", "10", "2", "3"});
    CHECK(zero.runs[0].values[0][2] == 0);
    // AP: topic 1 (c 1/1, a 2/2 of R = 3) = 2/3; topic 10 (g 1/1, h 2/4 of R = 2) = 3/4; topic 3: 0.
    CHECK(skip.runs[0].aggregate[0] == approx((2.0 / 3 + 0.75 + 0) / 3));
    CHECK(zero.runs[0].aggregate[0] == approx((2.0 / 3 + 0.75 + 0 + 0) / 4));
    // The measures trec_eval -c resets to 0 for such a topic (trec_eval.c, "clean up leftovers");
    // every other measure is computed on trec_eval's placeholder ranking.
    std::vector<std::string> zeroed;
    for (const irlens::MeasureInfo& m : irlens::registry())
        if (m.zero_if_missing) zeroed.push_back(m.name);
    std::sort(zeroed.begin(), zeroed.end());
    CHECK(zeroed == std::vector<std::string>{"NumRet", "RBPResid", "RelString", "Unjudged", "Utility"});
    // The placeholder retrieves one non-relevant doc: utility would be -1, unj 1, rbp_resid 1.
    CHECK(f.value("Utility", "2", 0, MissingTopics::Zero) == 0);
    CHECK(f.value("Unjudged@1", "2", 0, MissingTopics::Zero) == 0);
    CHECK(f.value("RBPResid", "2", 0, MissingTopics::Zero) == 0);
    CHECK(f.value("NumRet", "2", 0, MissingTopics::Zero) == 0);
    // ... while measures defined on the qrels keep their value.
    CHECK(f.value("NumRel", "2", 0, MissingTopics::Zero) == 1);
    CHECK(f.value("IdealDCG", "2", 0, MissingTopics::Zero) == approx(1.0));
    CHECK(f.value("NumQ", "2", 0, MissingTopics::Zero) == 1);
}

TEST_CASE("missing=zero: a qrels line that judges trec_eval's placeholder doc counts for a topic without results") {
    // Topic 2 has no results; its placeholder ranking is the one doc "ceci_nest_pas_un_docno",
    // which these qrels judge relevant (R = 2 with c): P@1 = 1, AP = (1/1) / 2 = 0.5, one
    // relevant retrieved. trec_eval 10.0 -c -q -m P.1 -m map -m num_rel_ret on these files:
    // topic 2 P_1 1.0000, map 0.5000, num_rel_ret 1.
    Fixture f("1 0 a 1\n1 0 b 0\n2 0 ceci_nest_pas_un_docno 1\n2 0 c 1\n", {"1 Q0 a 1 2 t\n1 Q0 b 2 1 t\n"});
    CHECK(f.value("P@1", "2", 0, MissingTopics::Zero) == 1);
    CHECK(f.value("AP", "2", 0, MissingTopics::Zero) == approx(0.5));
    CHECK(f.value("NumRelRet", "2", 0, MissingTopics::Zero) == 1);
}

TEST_CASE("warnings: ignored topics, unanswered topics, mixed tags") {
    Fixture f(kQrels, {kRun, "1 Q0 a 1 1 x\n10 Q0 h 1 1 y\n2 Q0 i 1 1 y\n3 Q0 j 1 1 y\n"});
    Evaluation ev = f.eval("P@1");
    CHECK(ev.warnings ==
          std::vector<std::string>{"run0: 1 lines for 1 topic(s) not in the qrels were ignored (99)",
                                   "run0: 1 of 4 qrels topics have no results (skipped; --missing zero scores them 0)",
                                   "run1: several run tags in one file; reporting the last, 'y'"});
    CHECK(f.eval("P@1", MissingTopics::Zero).warnings.at(1) == "run0: 1 of 4 qrels topics have no results (scored 0)");
    // More than 5 ignored topics are abbreviated.
    Fixture many(
        "1 0 a 1\n",
        {"1 Q0 a 1 1 t\n2 Q0 a 1 1 t\n3 Q0 a 1 1 t\n4 Q0 a 1 1 t\n5 Q0 a 1 1 t\n6 Q0 a 1 1 t\n7 Q0 a 1 1 t\n"});
    CHECK(many.eval("P@1").warnings ==
          std::vector<std::string>{"run0: 6 lines for 6 topic(s) not in the qrels were ignored (2, 3, 4, 5, 6, ...)"});
}

TEST_CASE("a run sharing no topic with the qrels has no scored topic and NaN aggregates") {
    Fixture f(kQrels, {"42 Q0 a 1 1 t\n"});
    Evaluation ev = f.eval("AP");
    CHECK(ev.runs[0].topics.empty());
    CHECK(std::isnan(ev.runs[0].aggregate[0]));
    // With MissingTopics::Zero every qrels topic is scored 0.
    CHECK(f.mean("AP", 0, MissingTopics::Zero) == 0);
    // The trec_eval front-end refuses it, as trec_eval does.
    irlens::TrecEvalOptions o;
    CHECK_THROWS_WITH_AS(irlens::trec_eval(o, f.qrels, f.runs[0]),
                         "run0: no topic has both results and relevance judgments (trec_eval: No queries with both "
                         "results and relevance info)",
                         irlens::InputError);
}

TEST_CASE("progress rises to 1 during the evaluation; returning false cancels") {
    // 200 topics x 2 runs. How often progress is reported depends on the build (natively the
    // topics are shared by two threads and only the calling thread reports), so only its shape
    // is pinned: at least one report before the end, fractions rising within (0, 1], then 1.
    std::string qrels, run;
    for (int t = 0; t < 200; ++t) {
        qrels += std::to_string(t) + " 0 d 1\n";
        run += std::to_string(t) + " Q0 d 1 1 t\n";
    }
    Fixture f(qrels, {run, run});
    std::vector<double> seen;
    irlens::EvalOptions o;
    o.progress = [&](double x) {
        seen.push_back(x);
        return true;
    };
    irlens::evaluate(f.qrels, f.runs, {parse_measure("P@1")}, o);
    REQUIRE(seen.size() >= 2);
    CHECK(seen.back() == 1.0);
    CHECK(seen.front() > 0.0);
    CHECK(std::is_sorted(seen.begin(), seen.end()));
    o.progress = [](double) { return false; };
    CHECK_THROWS_AS(irlens::evaluate(f.qrels, f.runs, {parse_measure("P@1")}, o), irlens::Cancelled);
}

TEST_CASE("cross-check: --missing zero averages equal trec_eval -c, --missing skip equal trec_eval") {
    // trec_eval's output for this fixture was checked byte for byte against trec_eval 10.0 with -c
    // (without -c, trec_eval 10.0 aborts on topic 2; irlens skips it, see trec_eval.hpp).
    Fixture f(kQrels, {kRun});
    for (bool complete : {true, false}) {
        irlens::TrecEvalOptions o;
        o.measures = {"all_trec", "dcg", "ideal_dcg", "yaap"};
        o.complete = complete;
        std::map<std::string, std::string> lines = summary_lines(irlens::trec_eval(o, f.qrels, f.runs[0]));
        REQUIRE(lines.size() == 101);  // every all_trec value but runid and relstring, + dcg ideal_dcg yaap
        std::vector<irlens::MeasureSpec> specs;
        std::vector<std::string> names;
        for (const auto& l : lines) {
            std::string name = registry_name(l.first);
            CAPTURE(l.first);
            REQUIRE(!name.empty());
            specs.push_back(parse_measure(name));
            names.push_back(l.first);
        }
        irlens::EvalOptions eo;
        eo.missing = complete ? MissingTopics::Zero : MissingTopics::Skip;
        Evaluation ev = irlens::evaluate(f.qrels, f.runs, specs, eo);
        for (std::size_t m = 0; m < specs.size(); ++m) {
            CAPTURE(complete);
            CAPTURE(names[m]);
            CHECK(printed(specs[m], ev.runs[0].aggregate[m]) == lines[names[m]]);
        }
    }
}

TEST_CASE("trec_eval -c: deliberate difference for measures given parameters") {
    // trec_eval 10.0 resets num_ret, utility, relstring, unj and rbp_resid for a topic without
    // results by comparing the printed name, so utility.1,-1,0,0, relstring.3 and rbp_resid.p=0.5
    // escape the reset (it prints -1.0000, '-' and 1.0000 for topic 2 here). irlens resets them
    // whatever their parameters, as it does for the defaults and in `eval --missing zero`.
    Fixture f(kQrels, {kRun});
    irlens::TrecEvalOptions o;
    o.measures = {"utility.1,-1,0,0", "relstring.3", "rbp_resid.p=0.5"};
    o.complete = true;
    o.per_query = true;
    std::string out = irlens::trec_eval(o, f.qrels, f.runs[0]);
    CHECK(out.find("utility_1,-1,0,0      \t2\t0.0000\n") != std::string::npos);
    CHECK(out.find("relstring_3           \t2\t''\n") != std::string::npos);
    CHECK(out.find("rbp_resid_p=0.5       \t2\t0.0000\n") != std::string::npos);
}

TEST_CASE("every trec_eval measure of these families has its unit tests") {
    // The measures tested by unit-precision, -average-precision, -gain, -rbp, -bpref, -set,
    // -counts.cpp (and Judged, ir_measures'). A new registry entry of these families that follows
    // trec_eval must get its hand-checked tests there and its name here.
    const std::vector<std::string> tested = {"P",        "R",         "Success",
                                             "RelP",     "Rprec",     "RprecMult",
                                             "AP",       "infAP",     "YAAP",
                                             "IPrec",    "IPrecAvg",  "RR",
                                             "nDCG",     "DCG",       "IdealDCG",
                                             "nDCGRel",  "RnDCG",     "G",
                                             "BinG",     "RBP",       "RBPResid",
                                             "Bpref",    "SetP",      "SetRelP",
                                             "SetR",     "SetAP",     "SetF",
                                             "Utility",  "NumQ",      "NumRet",
                                             "NumRel",   "NumRelRet", "NumNonRelJudgedRet",
                                             "Unjudged", "Judged",    "RelString"};
    const std::vector<std::string> families = {"precision", "average precision", "gain", "rbp", "bpref", "set",
                                               "counts"};
    for (const std::string& name : tested) CHECK_MESSAGE(irlens::find_measure(name) != nullptr, name);
    for (const irlens::MeasureInfo& m : irlens::registry()) {
        bool in_family = std::find(families.begin(), families.end(), m.family) != families.end();
        bool follows_trec_eval = m.citation.find("trec_eval") != std::string::npos;
        if (in_family && follows_trec_eval)
            CHECK_MESSAGE(std::find(tested.begin(), tested.end(), m.name) != tested.end(), m.name);
    }
}

TEST_CASE("trec_eval front-end: relstring lengths beyond long's range print an empty string, as trec_eval on x86") {
    Fixture f(kQrels, {kRun});
    irlens::TrecEvalOptions o;
    o.per_query = true;
    o.only_topic = "1";
    for (const char* m : {"relstring.1e308", "relstring.nan", "relstring.-5"}) {
        o.measures = {m};
        std::string out = irlens::trec_eval(o, f.qrels, f.runs[0]);
        CAPTURE(out);
        CHECK(out.find("\t1\t''\n") != std::string::npos);
    }
    o.measures = {"relstring.2.7"};  // truncated to 2: c a
    CHECK(irlens::trec_eval(o, f.qrels, f.runs[0]).find("\t1\t'12'\n") != std::string::npos);
}
