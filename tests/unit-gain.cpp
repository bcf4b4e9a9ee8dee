// Gain-based measures (core/src/measures/gain.cpp) on a hand-checkable fixture: nDCG (and
// nDCG@k = ndcg_cut), DCG, IdealDCG, nDCGRel, RnDCG, G, BinG, with gains, judged_only and rel.
// Every expected value was also checked against trec_eval 10.0 (-c -q, -J, -l2, ndcg.GAINS ...).
#include "fixture.hpp"

#include "irlens/error.hpp"
#include "measures/common.hpp"

#include <cmath>
#include <limits>

using irlens::MissingTopics;
using irlens::UsageError;
using irlens::test::approx;
using irlens::test::Fixture;

namespace {

// Topic 1: judged a 2, b 1, c 0, d 1, e -1. Levels: 0 x1 (c), 1 x2 (b d), 2 x1 (a).
//   Ranking: x b c a e -> not in the qrels, 1, 0, 2, judged negative (d not retrieved).
//   Ideal ranking (trec_eval's gains = the levels): 2, 1, 1, then nothing positive.
// Topic 2: f 0 only (no relevant document); ranking f.
// Topic 3: z 1; no results.
const char* kQrels = "1 0 a 2\n1 0 b 1\n1 0 c 0\n1 0 d 1\n1 0 e -1\n2 0 f 0\n3 0 z 1\n";
const char* kRun = "1 Q0 x 1 5 t\n1 Q0 b 2 4 t\n1 Q0 c 3 3 t\n1 Q0 a 4 2 t\n1 Q0 e 5 1 t\n2 Q0 f 1 1 t\n";

const MissingTopics kZero = MissingTopics::Zero;
const double L3 = std::log2(3.0), L5 = std::log2(5.0);  // discounts of ranks 2 and 4
// DCG of topic 1: b at rank 2, a at rank 4; the ideal: 2 at rank 1, 1 at ranks 2 and 3.
const double kDcg = 1 / L3 + 2 / L5;         // 1.4923
const double kIdeal = 2 + 1 / L3 + 1.0 / 2;  // 3.1309

}  // namespace

TEST_CASE("DCG and IdealDCG: gain / log2(rank + 1), the run's and the ideal ranking's") {
    Fixture f(kQrels, {kRun});
    CHECK(f.value("DCG", "1") == approx(kDcg));
    CHECK(f.value("IdealDCG", "1") == approx(kIdeal));
    CHECK(f.value("DCG@2", "1") == approx(1 / L3));
    CHECK(f.value("DCG@1", "1") == 0);  // x
    CHECK(f.value("IdealDCG@1", "1") == approx(2.0));
    CHECK(f.value("IdealDCG@2", "1") == approx(2 + 1 / L3));
    CHECK(f.value("IdealDCG@100", "1") == approx(kIdeal));        // only 3 positive gains
    CHECK(f.value("DCG(judged_only=True)", "1") == approx(2.0));  // b c a: 1/1 + 2/log2(4)
    CHECK(f.value("DCG", "2") == 0);
    CHECK(f.value("IdealDCG", "2") == 0);
    // No results: the run scores 0, but the ideal depends on the qrels alone (trec_eval -c: 1).
    CHECK(f.value("DCG", "3", 0, kZero) == 0);
    CHECK(f.value("IdealDCG", "3", 0, kZero) == approx(1.0));
}

TEST_CASE("nDCG and nDCG@k (ndcg, ndcg_cut)") {
    Fixture f(kQrels, {kRun});
    CHECK(f.value("nDCG", "1") == approx(kDcg / kIdeal));  // 0.4766
    CHECK(f.value("nDCG@1", "1") == 0);
    CHECK(f.value("nDCG@2", "1") == approx((1 / L3) / (2 + 1 / L3)));  // 0.2398
    CHECK(f.value("nDCG@4", "1") == approx(kDcg / kIdeal));
    CHECK(f.value("nDCG@10", "1") == approx(kDcg / kIdeal));  // cutoff beyond the ranking
    // judged_only: b c a -> DCG 2, the ideal is unchanged.
    CHECK(f.value("nDCG(judged_only=True)", "1") == approx(2 / kIdeal));          // 0.6388
    CHECK(f.value("nDCG(judged_only=True)@2", "1") == approx(1 / (2 + 1 / L3)));  // 0.3801
    CHECK(f.value("nDCG", "2") == 0);                                             // no ideal gain: 0, not 0/0
    CHECK(f.value("nDCG@10", "2") == 0);
    CHECK(f.value("nDCG", "3", 0, kZero) == 0);
    CHECK(f.value("nDCG@10", "3", 0, kZero) == 0);
    CHECK(f.mean("nDCG@2", 0, kZero) == approx((1 / L3) / (2 + 1 / L3) / 3));  // trec_eval -c: 0.0799
    CHECK(f.value("NDCG@10", "1") == f.value("nDCG@10", "1"));                 // ir_measures' spelling
}

TEST_CASE("nDCG with gains: listed levels take the given gain, unlisted levels their own") {
    Fixture f(kQrels, {kRun});
    // {0:0,1:1,2:3}: a gains 3. DCG = 1/log2(3) + 3/log2(5); ideal 3, 1, 1.
    const double dcg = 1 / L3 + 3 / L5, ideal = 3 + 1 / L3 + 1.0 / 2;
    CHECK(f.value("DCG(gains={0:0,1:1,2:3})", "1") == approx(dcg));         // 1.9230
    CHECK(f.value("IdealDCG(gains={0:0,1:1,2:3})", "1") == approx(ideal));  // 4.1309
    CHECK(f.value("nDCG(gains={0:0,1:1,2:3})", "1") == approx(dcg / ideal));
    // @k truncates both rankings: DCG@2 = 1/log2(3), ideal@2 = 3 + 1/log2(3).
    CHECK(f.value("nDCG(gains={0:0,1:1,2:3})@2", "1") == approx((1 / L3) / (3 + 1 / L3)));
    // {1:3}: level 1 now outranks level 2 (gain 2) in the ideal ranking: 3, 3, 2.
    CHECK(f.value("nDCG(gains={1:3})", "1") == approx((3 / L3 + 2 / L5) / (3 + 3 / L3 + 2.0 / 2)));  // 0.4674
    // {0:0.5}: judged non-relevant documents gain too, in the run (c at rank 3) and in the ideal
    // ranking (c at rank 4).
    CHECK(f.value("nDCG(gains={0:0.5})", "1") == approx((1 / L3 + 0.5 / 2 + 2 / L5) / (kIdeal + 0.5 / L5)));  // 0.5207
    // {0:-1}: a penalty for judged non-relevant documents; the ideal ranking stops before it.
    CHECK(f.value("nDCG(gains={0:-1})", "1") == approx((1 / L3 - 1.0 / 2 + 2 / L5) / kIdeal));  // 0.3169
    // Gains beyond the int range still order correctly in the ideal ranking (trec_eval compares
    // gains through an int conversion): {1:1e40} puts b and d first: 1e40 (1 + 1/log2 3).
    CHECK(f.value("IdealDCG(gains={1:1e40})", "1") == approx(1e40 * (1 + 1 / L3) + 2.0 / 2));
    // A level absent from the topic changes nothing.
    CHECK(f.value("nDCG(gains={3:10})", "1") == approx(kDcg / kIdeal));
    // Negative levels address trec_eval's codes (form_res_rels.c): -1 = not in the qrels (x at
    // rank 1), -2 = judged negative (e at rank 5). trec_eval's ndcg.-1=5,-2=5 gives them gain 5
    // (2.6914 here) and so does irlens; the ideal ranking has no such documents.
    CHECK(f.value("nDCG(gains={-1:5,-2:5})", "1") == approx((5 + kDcg + 5 / std::log2(6.0)) / kIdeal));
    CHECK(f.value("nDCG(gains={-2:5})", "1") == approx((kDcg + 5 / std::log2(6.0)) / kIdeal));  // 1.0944
    CHECK_THROWS_WITH_AS(
        irlens::parse_measure("nDCG(gains=3)"),
        "measure 'nDCG(gains=3)': parameter gains of nDCG must be linear, exp or a mapping like {0:0,1:1,2:3}, got '3'",
        UsageError);
}

TEST_CASE("cross-check: nDCG@k without gains (ndcg_cut) equals nDCG with the identity gains") {
    // Two code paths (m_ndcg_cut.c's and m_ndcg.c's) must agree when gains are the levels.
    // Topic 7 adds a level gap (0, 1, 3; no 2), ties and a negative judgment.
    std::string qrels = std::string(kQrels) + "7 0 p 3\n7 0 q 1\n7 0 r 0\n7 0 s 3\n7 0 t -1\n7 0 w 1\n";
    std::string run =
        std::string(kRun) + "7 Q0 q 1 2 t\n7 Q0 t 2 2 t\n7 Q0 p 3 1 t\n7 Q0 y 4 1 t\n7 Q0 r 5 0 t\n7 Q0 w 6 0 t\n";
    Fixture f(qrels, {run});
    for (const char* topic : {"1", "2", "7"}) {
        for (int k = 1; k <= 7; ++k) {
            std::string at = "@" + std::to_string(k);
            for (const char* jo : {"", "judged_only=True,"}) {
                std::string plain = std::string("nDCG") + (*jo ? "(judged_only=True)" : "") + at;
                std::string gains = std::string("nDCG(") + jo + "gains={0:0,1:1,2:2,3:3})" + at;
                CAPTURE(topic);
                CAPTURE(plain);
                CHECK(f.value(plain, topic) == approx(f.value(gains, topic)));
            }
        }
    }
    // And the cross-check can fail: other gains give another value on topic 7.
    CHECK(f.value("nDCG@3", "7") != approx(f.value("nDCG(gains={0:0,1:1,3:7})@3", "7")));
}

TEST_CASE("nDCGRel: nDCG averaged at each relevant document, unretrieved ones at the final value") {
    Fixture f(kQrels, {kRun});
    // b (rank 2): (1/log2 3) / (2 + 1/log2 3); a (rank 4) and d (not retrieved): DCG / ideal.
    CHECK(f.value("nDCGRel", "1") == approx(((1 / L3) / (2 + 1 / L3) + 2 * kDcg / kIdeal) / 3));  // 0.3977
    const double dcg = 1 / L3 + 3 / L5, ideal = 3 + 1 / L3 + 1.0 / 2;
    CHECK(f.value("nDCGRel(gains={0:0,1:1,2:3})", "1") == approx(((1 / L3) / (3 + 1 / L3) + 2 * dcg / ideal) / 3));
    // judged_only: b c a, DCG@1 = 1, DCG@3 = 1 + 0 + 2/log2(4) = 2. b (rank 1): 1 / 2;
    // a (rank 3): 2 / kIdeal; d (not retrieved): the final DCG over the ideal, 2 / kIdeal.
    CHECK(f.value("nDCGRel(judged_only=True)", "1") == approx((1.0 / 2 + 2 / kIdeal + 2 / kIdeal) / 3));
    CHECK(f.value("nDCGRel", "2") == 0);
    CHECK(f.value("nDCGRel", "3", 0, kZero) == 0);
}

TEST_CASE("RnDCG: nDCG averaged where the ideal gain changes, and at the end") {
    Fixture f(kQrels, {kRun});
    // Ideal gains 2 | 1 1 | 0: nDCG@1 = 0/2, nDCG@3 = (1/log2 3) / kIdeal, then the final DCG / kIdeal.
    CHECK(f.value("RnDCG", "1") == approx((0.0 + (1 / L3) / kIdeal + kDcg / kIdeal) / 3));  // 0.2260
    const double dcg = 1 / L3 + 3 / L5, ideal = 3 + 1 / L3 + 1.0 / 2;
    CHECK(f.value("RnDCG(gains={0:0,1:1,2:3})", "1") == approx((0.0 + (1 / L3) / ideal + dcg / ideal) / 3));  // 0.2061
    // judged_only: b c a. The ideal gain changes after rank 1 (nDCG@1 = 1/2) and, past the end of
    // the ranking, after rank 3 (nDCG@3 = 2 / kIdeal); no extra final point: (1/2 + 2/kIdeal) / 2.
    CHECK(f.value("RnDCG(judged_only=True)", "1") == approx((0.5 + 2 / kIdeal) / 2));  // 0.5694
    CHECK(f.value("RnDCG", "2") == 0);                                                 // R = 0
    CHECK(f.value("RnDCG", "3", 0, kZero) == 0);
    // Every gain 0 with relevant documents present: trec_eval divides 0 by 0 changes; irlens
    // matches it (NaN) rather than invent a value.
    CHECK(std::isnan(f.value("RnDCG(gains={1:0,2:0})", "1")));
}

TEST_CASE("G: gain / log2(2 + ideal cost so far - gain so far), over the total ideal gain") {
    Fixture f(kQrels, {kRun});
    // Cost per rank = the ideal gain there, at least 1: 2 1 1 1 1 -> so far 2 3 4 5 6.
    // Gain so far: 0 1 1 3 3. b (rank 2): 1/log2(2 + 3 - 1); a (rank 4): 2/log2(2 + 5 - 3).
    // Total ideal gain 2 + 1 + 1 = 4.
    CHECK(f.value("G", "1") == approx((1.0 / 2 + 2.0 / 2) / 4));  // 0.375
    // gains {0:0,1:1,2:3}: costs 3 1 1 1 -> 3 4 5 6, gains so far 0 1 1 4, total ideal 5.
    CHECK(f.value("G(gains={0:0,1:1,2:3})", "1") == approx((1 / L5 + 3.0 / 2) / 5));  // 0.3861
    // judged_only: b c a. Costs 2 1 1 -> 2 3 4; gains so far 1 1 3:
    //   b: 1/log2(2 + 2 - 1), a: 2/log2(2 + 4 - 3).
    CHECK(f.value("G(judged_only=True)", "1") == approx((1 / L3 + 2 / L3) / 4));
    CHECK(f.value("G", "2") == 0);
    CHECK(f.value("G", "3", 0, kZero) == 0);
}

TEST_CASE("BinG: 1 / log2(2 + non-relevant before it) per relevant document, over R") {
    Fixture f(kQrels, {kRun});
    // b: x before it -> 1/log2(3); a: x c before it -> 1/log2(4). R = 3.
    CHECK(f.value("BinG", "1") == approx((1 / L3 + 0.5) / 3));  // 0.3770
    // rel=2: only a, with x b c before it -> 1/log2(5); R = 1.
    CHECK(f.value("BinG(rel=2)", "1") == approx(1 / L5));  // 0.4307
    // judged_only: b c a -> b 1/log2(2), a 1/log2(3).
    CHECK(f.value("BinG(judged_only=True)", "1") == approx((1 + 1 / L3) / 3));  // 0.5436
    CHECK(f.value("BinG", "2") == 0);
    CHECK(f.value("BinG", "3", 0, kZero) == 0);
    CHECK_THROWS_WITH_AS(
        irlens::parse_measure("BinG(gains={1:1})"),
        "measure 'BinG(gains={1:1})': BinG has no parameter 'gains' (parameters: rel, judged_only, agg)", UsageError);
}

TEST_CASE("GainLookup gives gain_of's gain for every level, also for repeated, negative and far-apart levels") {
    using irlens::measures::gain_of;
    using irlens::measures::GainLevel;
    using irlens::measures::GainLookup;
    const std::vector<std::vector<GainLevel>> tables = {
        {},                                                   // no levels: every gain 0
        {{0, 0.0, 1}, {1, 1.0, 2}, {2, 3.0, 1}},              // trec_eval's table for grades 0..2
        {{2, 0.5, 0}, {-1, 7.0, 0}, {2, 9.0, 0}, {0, 0, 0}},  // level 2 twice: the first gain (0.5) counts
        {{-2, -1.0, 0}, {5, 2.0, 0}},                         // judged-negative code listed; 0..4 absent: 0
        {{0, 1.0, 0}, {100000, 4.0, 0}},                      // wider than kSpan: gain_of itself
    };
    for (std::size_t t = 0; t < tables.size(); ++t) {
        const GainLookup lookup(tables[t]);
        for (long rel : {-100001L, -3L, -2L, -1L, 0L, 1L, 2L, 3L, 4L, 5L, 6L, 1000L, 99999L, 100000L, 100001L})
            CHECK_MESSAGE(lookup(rel) == gain_of(rel, tables[t]), "table ", t, " rel ", rel);
    }
    CHECK(GainLookup(tables[2])(2) == 0.5);  // hand-checked: the first listing of level 2
    CHECK(GainLookup(tables[4])(100000) == 4.0);
    // bound(): the largest |gain| any rel gets (RBP's early stop); unknown (infinity) when wide.
    CHECK(GainLookup(tables[0]).bound() == 0.0);
    CHECK(GainLookup(tables[1]).bound() == 3.0);
    CHECK(GainLookup(tables[2]).bound() == 7.0);  // level 2's second listing (9) is never given
    CHECK(GainLookup(tables[3]).bound() == 2.0);  // |-1| < 2
    CHECK(GainLookup(tables[4]).bound() == std::numeric_limits<double>::infinity());
}
