// The measure-name language: parsing, canonical printing, error messages.
#include "irlens/error.hpp"
#include "irlens/measures/measure.hpp"

#include <doctest/doctest.h>

using namespace irlens;

TEST_CASE("canonical names: cutoff and non-default parameters only") {
    CHECK(parse_measure("P@10").name() == "P@10");
    CHECK(parse_measure("P(rel=2)@5").name() == "P(rel=2)@5");
    CHECK(parse_measure("P(rel=1)@5").name() == "P@5");  // default omitted
    CHECK(parse_measure(" nDCG @ 10 ").name() == "nDCG@10");
    CHECK(parse_measure("RBP").name() == "RBP");  // issue 13: defaults are never printed
    CHECK(parse_measure("RBP(p=0.8)").name() == "RBP");
    CHECK(parse_measure("RBP(p=0.50)").name() == "RBP(p=0.5)");
    CHECK(parse_measure("SetF").name() == "SetF");
    CHECK(parse_measure("Q").name() == "Q");
    CHECK(parse_measure("alpha-nDCG@5").name() == "alpha_nDCG@5");  // ir_measures' spelling
    CHECK(parse_measure("I-rec@10").name() == "StRecall@10");
    CHECK(parse_measure("MAP").name() == "AP");  // alias -> canonical
    CHECK(parse_measure("AP(agg=gmean)").name() == "AP(agg=gmean)");
    CHECK(parse_measure("nDCG(gains={0:0,1:1,2:3})@10").name() == "nDCG(gains={0:0,1:1,2:3})@10");
    CHECK(parse_measure("IPrec@0.50").name() == "IPrec@0.5");
    CHECK(parse_measure("AP(judged_only=true)").name() == "AP(judged_only=True)");
    CHECK(parse_measure("P@10").full_name() == "P(rel=1,judged_only=False,agg=mean)@10");
    CHECK(parse_measure("RBP").full_name() == "RBP(p=0.8,norm=qrels,judged_only=False,agg=mean)");
}

TEST_CASE("parse_measures splits lists on spaces and top-level commas") {
    auto list = parse_measures("P@5 nDCG(gains={0:0, 1:1})@10,RR");
    REQUIRE(list.size() == 3);
    CHECK(list[1].name() == "nDCG(gains={0:0,1:1})@10");
    CHECK(list[2].name() == "RR");
}

TEST_CASE("measure-name errors say what is wrong") {
    CHECK_THROWS_WITH_AS(parse_measure("Foo@10"), "unknown measure 'Foo' (see `irlens measures` for the list)",
                         UsageError);
    CHECK_THROWS_WITH_AS(parse_measure("ndcg_cut@10"),
                         "unknown measure 'ndcg_cut' (see `irlens measures` for the list)", UsageError);
    CHECK_THROWS_WITH_AS(parse_measure("rr"), "unknown measure 'rr' (did you mean RR?)", UsageError);
    CHECK_THROWS_WITH_AS(parse_measure("P"), "measure 'P': P needs a cutoff, e.g. P@10", UsageError);
    CHECK_THROWS_WITH_AS(parse_measure("P@0"), "measure 'P@0': the cutoff must be a positive integer, got '0'",
                         UsageError);
    CHECK_THROWS_WITH_AS(parse_measure("P@x"), "measure 'P@x': the cutoff must be a positive integer, got 'x'",
                         UsageError);
    CHECK_THROWS_WITH_AS(parse_measure("Rprec@5"), "measure 'Rprec@5': Rprec takes no @cutoff", UsageError);
    CHECK_THROWS_WITH_AS(parse_measure("P(foo=1)@5"),
                         "measure 'P(foo=1)@5': P has no parameter 'foo' (parameters: rel, judged_only, agg)",
                         UsageError);
    CHECK_THROWS_WITH_AS(parse_measure("P(rel=x)@5"),
                         "measure 'P(rel=x)@5': parameter rel of P must be an integer, got 'x'", UsageError);
    CHECK_THROWS_WITH_AS(parse_measure("P(rel=1,rel=2)@5"), "measure 'P(rel=1,rel=2)@5': parameter rel given twice",
                         UsageError);
    CHECK_THROWS_WITH_AS(parse_measure("P(rel=1@5"), "measure 'P(rel=1@5': missing ')'", UsageError);
    CHECK_THROWS_WITH_AS(parse_measure("RBP(norm=x)"),
                         "measure 'RBP(norm=x)': parameter norm of RBP must be one of qrels|topic|none, got 'x'",
                         UsageError);
    CHECK_THROWS_WITH_AS(
        parse_measure("nDCG(gains={1:2,1:3})"),
        "measure 'nDCG(gains={1:2,1:3})': parameter gains of nDCG lists level 1 twice, got '{1:2,1:3}'", UsageError);
    CHECK_THROWS_WITH_AS(parse_measure(""), "empty measure name", UsageError);
}

TEST_CASE("every registry entry parses with its defaults and prints a name that parses back to itself") {
    for (const MeasureInfo& m : registry()) {
        std::string text = m.name;
        if (m.cutoff_required)
            text += m.cutoff == CutoffKind::Int ? "@10" : m.cutoff == CutoffKind::Percent ? "@50%" : "@0.5";
        bool needs_param = false;
        for (const ParamInfo& p : m.params) needs_param |= p.required;
        if (needs_param) continue;  // measures with required parameters have their own tests
        MeasureSpec s = parse_measure(text);
        CHECK_MESSAGE(parse_measure(s.name()).name() == s.name(), text);
        CHECK_MESSAGE(parse_measure(s.full_name()).full_name() == s.full_name(), text);
        CHECK_MESSAGE(!m.help.empty(), text);
        CHECK_MESSAGE(!m.citation.empty(), text);
    }
}

TEST_CASE("a measure named twice, also through two aliases, is listed once") {
    auto list = parse_measures("AP MAP map P@5 Precision@5 RBP(p=0.8) RBP");
    REQUIRE(list.size() == 3);
    CHECK(list[0].name() == "AP");
    CHECK(list[1].name() == "P@5");
    CHECK(list[2].name() == "RBP");
    std::vector<MeasureSpec> more = list;
    add_distinct(more, parse_measure("P(rel=1)@5"));
    add_distinct(more, parse_measure("P(rel=2)@5"));
    CHECK(more.size() == 4);
}

TEST_CASE("parameter ranges: every number is checked where the name is parsed") {
    // Issue 13: each of these gave 0.0000, inf or nan with exit 0.
    CHECK_THROWS_WITH_AS(parse_measure("IPrec@2"), "measure 'IPrec@2': the cutoff of IPrec must be [0, 1], got '2'",
                         UsageError);
    CHECK_THROWS_WITH_AS(parse_measure("SetF(beta=-1)"),
                         "measure 'SetF(beta=-1)': parameter beta of SetF must be [0, 1e+100], got '-1'", UsageError);
    CHECK_THROWS_WITH_AS(parse_measure("SetF(beta=1e400)"),
                         "measure 'SetF(beta=1e400)': parameter beta of SetF must be [0, 1e+100], got '1e400'",
                         UsageError);
    CHECK_THROWS_WITH_AS(
        parse_measure("nDCG(gains={0:0,1:1e400})@10"),
        "measure 'nDCG(gains={0:0,1:1e400})@10': parameter gains of nDCG gains must be [-1e+100, 1e+100], "
        "got '{0:0,1:1e400}'",
        UsageError);
    CHECK_THROWS_WITH_AS(parse_measure("RBP(p=1)"), "measure 'RBP(p=1)': parameter p of RBP must be [0, 1), got '1'",
                         UsageError);
    CHECK_THROWS_WITH_AS(
        parse_measure("IPrecAvg(recall=[0,1.5])"),
        "measure 'IPrecAvg(recall=[0,1.5])': parameter recall of IPrecAvg items must be [0, 1], got '[0,1.5]'",
        UsageError);
    CHECK_THROWS_WITH_AS(parse_measure("nDCG(dcg=jk,b=1)"),
                         "measure 'nDCG(dcg=jk,b=1)': parameter b of nDCG must be a number > 1, got '1'", UsageError);
    CHECK_THROWS_WITH_AS(parse_measure("Utility(a=inf)"),
                         "measure 'Utility(a=inf)': parameter a of Utility must be [-1e+100, 1e+100], got 'inf'",
                         UsageError);
    // The ends of a range are accepted as declared.
    CHECK(parse_measure("IPrec@1").cutoff() == 1);
    CHECK(parse_measure("IPrec@0").cutoff() == 0);
    CHECK(parse_measure("RBP(p=0)").real_param("p") == 0);
    CHECK(parse_measure("SetF(beta=0)").real_param("beta") == 0);
    // The trec_eval drop-in reads what trec_eval reads (its own warnings say when a value is odd).
    CHECK(parse_measure("IPrec@2", {}, false).cutoff() == 2);
    CHECK(parse_measure("RBP(p=1)", {}, false).real_param("p") == 1);
}

TEST_CASE("every registry default is inside its declared range") {
    for (const MeasureInfo& m : registry())
        for (const ParamInfo& p : m.params)
            if (!p.default_value.empty()) {
                INFO(m.name << "(" << p.name << "=" << p.default_value << ")");
                CHECK_NOTHROW(
                    parse_measure(m.name + "(" + p.name + "=" + p.default_value + ")" +
                                      (m.cutoff_required ? (m.cutoff == CutoffKind::Percent ? "@100%" : "@1") : ""),
                                  {{"alpha", "0"}}));  // the one required parameter (rareness measures)
            }
}

TEST_CASE("names people type: trec_eval's output names and ranx's names map to the canonical measure") {
    // Issue 16: trec_eval prints ndcg_cut_10, P_10, recall_100; ranx names mrr, precision@10 ...
    CHECK(parse_measure("ndcg_cut_10").name() == "nDCG@10");
    CHECK(parse_measure("ndcg_cut.10").name() == "nDCG@10");
    CHECK(parse_measure("P_10").name() == "P@10");
    CHECK(parse_measure("P.10").name() == "P@10");
    CHECK(parse_measure("recall_100").name() == "R@100");
    CHECK(parse_measure("map_cut_100").name() == "AP@100");
    CHECK(parse_measure("success_1").name() == "Success@1");
    CHECK(parse_measure("iprec_at_recall_0.10").name() == "IPrec@0.1");
    CHECK(parse_measure("mrr").name() == "RR");
    CHECK(parse_measure("mrr@10").name() == "RR@10");
    CHECK(parse_measure("recall@100").name() == "R@100");
    CHECK(parse_measure("precision@10").name() == "P@10");
    CHECK(parse_measure("precision(rel=2)@10").name() == "P(rel=2)@10");
    CHECK(parse_measure("hit_rate@10").name() == "Success@10");
    CHECK(parse_measure("f1@10").name() == "F@10");
    CHECK(parse_measure("r-precision").name() == "Rprec");
    // ranx's map@100 divides the precisions at the relevant documents of the top 100 by all R
    // relevant documents (ranx/metrics/average_precision.py): trec_eval's map_cut.100, AP@100.
    CHECK(parse_measure("map@100").name() == "AP@100");
    CHECK(parse_measure("ndcg@10").name() == "nDCG@10");
    // Lists dedupe across spellings; what is not a name stays an error.
    CHECK(parse_measures("P@10 P_10 precision@10 P.10").size() == 1);
    CHECK_THROWS_WITH_AS(parse_measure("P_abc"), "unknown measure 'P_abc' (see `irlens measures` for the list)",
                         UsageError);
    CHECK_THROWS_WITH_AS(parse_measure("ndcg_cut_10@5"),
                         "unknown measure 'ndcg_cut_10' (see `irlens measures` for the list)", UsageError);
}
