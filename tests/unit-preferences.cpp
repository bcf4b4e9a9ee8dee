// Preference judgments (-R prefs / qrels_prefs) and the prefs measures, on hand-checkable
// fixtures (arithmetic in comments). Every expected value below was also checked against the
// trec_eval 10.0 binary.
#include "fixture.hpp"

#include "irlens/error.hpp"
#include "irlens/readers/preferences.hpp"
#include "irlens/frontends/trec_eval.hpp"

using namespace irlens;
using irlens::test::approx;

namespace {

/// Preferences and runs read against their (topic, doc) index, evaluated like `irlens eval`.
struct PrefsFixture {
    std::shared_ptr<const Preferences> prefs;
    std::vector<std::shared_ptr<const Run>> runs;

    PrefsFixture(const std::string& prefs_text, const std::vector<std::string>& run_texts,
                 PrefsFormat format = PrefsFormat::Prefs) {
        prefs = read_prefs("prefs", prefs_text, format);
        for (std::size_t i = 0; i < run_texts.size(); ++i)
            runs.push_back(read_run(prefs->qrels(), "run" + std::to_string(i), run_texts[i]));
    }
    double value(const std::string& measure, const std::string& topic, std::size_t run = 0,
                 MissingTopics missing = MissingTopics::Skip) const {
        EvalOptions o;
        o.prefs = prefs;
        o.missing = missing;
        Evaluation ev = evaluate(prefs->qrels(), runs, {parse_measure(measure)}, o);
        const RunScores& r = ev.runs.at(run);
        for (std::size_t t = 0; t < r.topics.size(); ++t)
            if (r.topics[t] == topic) return r.values[0][t];
        return std::numeric_limits<double>::quiet_NaN();
    }
};

/// trec_eval's printed line for a measure and topic (per-query output).
std::string trec_line(const std::shared_ptr<const Preferences>& prefs, const std::string& run_text,
                      const std::string& measure, const std::string& topic, long max_docs = 2147483647L) {
    TrecEvalOptions o;
    o.prefs = prefs;
    o.per_query = true;
    o.summary = false;
    o.max_docs = max_docs;
    o.measures = {measure};
    std::string out = trec_eval(o, prefs->qrels(), read_run(prefs->qrels(), "run", run_text));
    std::string want = "\t" + topic + "\t";
    for (std::size_t at = 0; at < out.size();) {
        std::size_t end = out.find('\n', at);
        std::string line = out.substr(at, end - at);
        if (line.compare(0, measure.size(), measure) == 0 && line.find(want) != std::string::npos) return line;
        at = end + 1;
    }
    return "";
}

const char* kAnyRun = "qid1 Q0 docno1 1 1 r\n";

}  // namespace

TEST_CASE("prefs: the worked examples of trec_eval's get_prefs.c") {
    // One sub-group ranking 6 docs: 6 > 3 > 2 = 2 > 0 = 0 gives 5 + 4 + 2 + 2 = 13 preferences
    // (docno4 over 5 docs, docno1 over 4, docno2 and docno6 over the two at 0).
    PrefsFixture all(
        "qid1 ujg1 sub1 docno1 3.0\nqid1 ujg1 sub1 docno2 2.0\nqid1 ujg1 sub1 docno3 0.0\n"
        "qid1 ujg1 sub1 docno4 6.0\nqid1 ujg1 sub1 docno5 0.0\nqid1 ujg1 sub1 docno6 2.0\n",
        {"qid1 Q0 docno1 1 1 r\n"});
    CHECK(all.value("NumPrefsPossible", "qid1") == 13);
    const PrefsGroup& g = all.prefs->groups(0).at(0);
    CHECK(!g.partial);
    REQUIRE(g.class_level.size() == 4);  // classes 6, 3, 2, 0
    CHECK(g.class_level[2] == 2.0);
    CHECK(g.class_end[2] - g.class_begin(2) == 2);  // docno2, docno6

    // Two sub-groups of one group: 1>2, 1>3, 2>3 and 4>1, 4>2; the duplicate 1>2 counts once.
    // The header comment says "5 preferences", but the transitive closure trec_eval computes
    // also gives 4>3 (4>1>3): trec_eval 10.0 reports 6, and so does irlens.
    PrefsFixture two(
        "qid1 ujg1 sub1 docno1 3.0\nqid1 ujg1 sub1 docno2 2.0\nqid1 ujg1 sub1 docno3 1.0\n"
        "qid1 ujg1 sub2 docno1 2.0\nqid1 ujg1 sub2 docno2 1.0\nqid1 ujg1 sub2 docno4 3.0\n",
        {"qid1 Q0 docno1 1 1 r\n"});
    CHECK(two.value("NumPrefsPossible", "qid1") == 6);
    const PrefsGroup& p = two.prefs->groups(0).at(0);
    CHECK(p.partial);
    CHECK(p.prefers(3, 2));  // docno4 > docno3, by transitivity
    CHECK(!p.prefers(2, 3));

    // Two users (groups) that disagree: ujg1 1>2; ujg2 3>1, 3>4, 4>1 (sub1) and 2>1 (sub2): 5.
    PrefsFixture users(
        "qid1 ujg1 sub1 docno1 3.0\nqid1 ujg1 sub1 docno2 2.0\nqid1 ujg2 sub1 docno1 0.0\n"
        "qid1 ujg2 sub1 docno3 6.0\nqid1 ujg2 sub1 docno4 2.0\nqid1 ujg2 sub2 docno1 0.0\n"
        "qid1 ujg2 sub2 docno2 8.0\n",
        {kAnyRun});
    CHECK(users.value("NumPrefsPossible", "qid1") == 5);
    CHECK(users.prefs->groups(0).size() == 2);

    // Transitivity: 1>2, 1>3, 2>3 (sub1), 2>4 (sub2) and 1>4 through 2; nothing between 3 and 4.
    PrefsFixture trans(
        "qid1 ujg1 sub1 docno1 3.0\nqid1 ujg1 sub1 docno2 2.0\nqid1 ujg1 sub1 docno3 1.0\n"
        "qid1 ujg1 sub2 docno2 5.0\nqid1 ujg1 sub2 docno4 4.0\n",
        {kAnyRun});
    CHECK(trans.value("NumPrefsPossible", "qid1") == 5);
    const PrefsGroup& t = trans.prefs->groups(0).at(0);
    CHECK(t.prefers(0, 3));
    CHECK(!t.prefers(2, 3));
    CHECK(!t.prefers(3, 2));
}

TEST_CASE("prefs: one group, one sub-group - every measure by hand") {
    // a 2 > b 1 > c = d = e = f 0: 9 preferences (a over 5, b over 4).
    // Ranking a(5) c(4) b(3) d(2); e, f not retrieved. Docid ranks: a 0, c 1, b 2, d 3, then the
    // unretrieved in doc order e 4, f 5.
    //   both retrieved: a>b a>c a>d b>d fulfilled, b>c not      -> ful_ret 4, poss_ret 5
    //   one retrieved:  a>e a>f b>e b>f, all fulfilled          -> ful_imp 4, poss_imp 4
    PrefsFixture f("q J 0 a 2\nq J 0 b 1\nq J 0 c 0\nq J 0 d 0\nq J 0 e 0\nq J 0 f 0\n",
                   {"q Q0 a 1 5 r\nq Q0 c 2 4 r\nq Q0 b 3 3 r\nq Q0 d 4 2 r\n"});
    CHECK(f.value("NumPrefsPossible", "q") == 9);
    CHECK(f.value("NumPrefsFulfilled", "q") == 8);
    CHECK(f.value("NumPrefsFulfilledRet", "q") == 4);
    CHECK(f.value("PrefsSimp", "q") == approx(8.0 / 9.0));
    CHECK(f.value("PrefsSimpRet", "q") == approx(4.0 / 5.0));
    CHECK(f.value("PrefsSimpImp", "q") == approx(8.0 / 9.0));
    // One group: per-group and per-pair averages equal the simple ratio.
    CHECK(f.value("PrefsAvgJG", "q") == approx(8.0 / 9.0));
    CHECK(f.value("PrefsPair", "q") == approx(8.0 / 9.0));
    CHECK(f.value("PrefsPairRet", "q") == approx(4.0 / 5.0));
    CHECK(f.value("PrefsAvgJGRet", "q") == approx(4.0 / 5.0));
    // Rnonrel: R = 2 relevant < N = 4 non-relevant, so only the first R = 2 non-relevant docs by
    // rank count, c (1) and d (3). trec_eval pairs classes {a}, {b} (a>b: fulfilled, 1 of 1), then
    // every class - the non-relevant class too - with {c, d}:
    //   {a}=0 vs {1, 3}: 2 of 2; {b}=2 vs {1, 3}: 1 of 2 (2 < 3);
    //   {c,d,e,f}={1,3,4,5} vs {1,3}: 4 x 2 = 8 pairs, fulfilled when x < y and x retrieved: (1,3) -> 1
    // -> (1 + 2 + 1 + 1) / (1 + 2 + 2 + 8) = 5/13.
    CHECK(f.value("PrefsAvgJGRNonrel", "q") == approx(5.0 / 13.0));
    // Rnonrel_ret: R_ret = 2 (a, b) >= N_ret = 2 (c, d): counts stand, (4 + 2*0) / (5 + 2*0).
    CHECK(f.value("PrefsAvgJGRNonrelRet", "q") == approx(4.0 / 5.0));
}

TEST_CASE("prefs: disagreeing groups - simple, per-group and per-pair ratios differ") {
    // g1: a > b.  g2: b > a, b > c, a > c.  Ranking a(3) b(2); c not retrieved (a 0, b 1, c 2).
    //   g1: a>b fulfilled (both retrieved)                        -> 1 of 1 (ret)
    //   g2: b>a failed (ret); b>c, a>c fulfilled (one retrieved) -> ret 0 of 1, imp 2 of 2
    PrefsFixture f("q g1 0 a 2\nq g1 0 b 1\nq g2 0 b 2\nq g2 0 a 1\nq g2 0 c 0\n", {"q Q0 a 1 3 r\nq Q0 b 2 2 r\n"});
    CHECK(f.value("PrefsSimp", "q") == approx(3.0 / 4.0));               // (1 + 2) / (1 + 3)
    CHECK(f.value("PrefsAvgJG", "q") == approx((1.0 + 2.0 / 3.0) / 2));  // (1/1 + 2/3) / 2
    CHECK(f.value("PrefsSimpRet", "q") == approx(0.5));                  // 1 / 2
    CHECK(f.value("PrefsAvgJGRet", "q") == approx(0.5));                 // (1/1 + 0/1) / 2
    // Pairs: {a,b} preferred both ways (1 of 2 groups agree with the ranking): 1/2;
    // {a,c} and {b,c}: 1 each -> (0.5 + 1 + 1) / 3; among retrieved pairs only {a,b}: 0.5.
    CHECK(f.value("PrefsPair", "q") == approx(2.5 / 3.0));
    CHECK(f.value("PrefsPairImp", "q") == approx(2.5 / 3.0));
    CHECK(f.value("PrefsPairRet", "q") == approx(0.5));
    // Rnonrel: g1 has R 2 > N 0: (1 + 2 retrieved rel x 2) / (1 + 2 rel x 2) = 5/5; g2 R 2 > N 1:
    // (2 + 2 x 1) / (3 + 2 x 1) = 4/5 -> (1 + 0.8) / 2. The _ret variant: g1 (1 + 2x2)/(1 + 2x2),
    // g2 R_ret 2, N_ret 0: (0 + 2x2) / (1 + 2x2) -> the same 0.9.
    CHECK(f.value("PrefsAvgJGRNonrel", "q") == approx(0.9));
    CHECK(f.value("PrefsAvgJGRNonrelRet", "q") == approx(0.9));
}

TEST_CASE("prefs: a group with several sub-groups (closed relation)") {
    // s1: a 2 > b 0.  s2: c 1 > b 0 = d 0 = e 0.  Preferences a>b, c>b, c>d, c>e; R = 2 (a, c),
    // N = 3 (b, d, e). Ranking a(3) b(2) c(1): ranks a 0, b 1, c 2, then d 3, e 4.
    //   a>b fulfilled, c>b failed (both retrieved); c>d, c>e fulfilled (one retrieved).
    PrefsFixture f("q J s1 a 2\nq J s1 b 0\nq J s2 c 1\nq J s2 b 0\nq J s2 d 0\nq J s2 e 0\n",
                   {"q Q0 a 1 3 r\nq Q0 b 2 2 r\nq Q0 c 3 1 r\n"});
    CHECK(f.value("PrefsSimp", "q") == approx(3.0 / 4.0));
    CHECK(f.value("PrefsSimpRet", "q") == approx(1.0 / 2.0));
    // Rnonrel: N 3 > R 2: the non-relevant docs from the (R+1)-th by rank on (e, rank 4) are
    // dropped: a>b, c>b, c>d remain, 2 fulfilled -> 2/3.
    CHECK(f.value("PrefsAvgJGRNonrel", "q") == approx(2.0 / 3.0));
    // Rnonrel_ret: R_ret 2 >= N_ret 1 (b): (1 + 2 x 1) / (2 + R 2 x 1) = 3/4.
    CHECK(f.value("PrefsAvgJGRNonrelRet", "q") == approx(3.0 / 4.0));
}

TEST_CASE("prefs: score ties are broken by doc id ascending, then the first max_docs count") {
    // a 1 > b 0, both scored 1: a (smaller id) ranks first -> fulfilled. (The qrels-based
    // measures break ties the other way, by doc id descending.)
    auto up = read_prefs("p", "q J 0 a 1\nq J 0 b 0\n");
    CHECK(trec_line(up, "q Q0 b 1 1 r\nq Q0 a 2 1 r\n", "prefs_simp", "q") == "prefs_simp            \tq\t1.0000");
    auto down = read_prefs("p", "q J 0 a 0\nq J 0 b 1\n");
    CHECK(trec_line(down, "q Q0 b 1 1 r\nq Q0 a 2 1 r\n", "prefs_simp", "q") == "prefs_simp            \tq\t0.0000");
    // -M 1: only a is retrieved, so a>b is fulfilled as an implied preference, not a retrieved one.
    CHECK(trec_line(up, "q Q0 b 1 1 r\nq Q0 a 2 1 r\n", "prefs_num_prefs_ful_ret", "q", 1) ==
          "prefs_num_prefs_ful_ret\tq\t0");
    CHECK(trec_line(up, "q Q0 b 1 1 r\nq Q0 a 2 1 r\n", "prefs_num_prefs_ful", "q", 1) ==
          "prefs_num_prefs_ful   \tq\t1");
}

TEST_CASE("prefs: a topic without results (trec_eval -c) fulfils nothing but counts its preferences") {
    PrefsFixture f("q1 J 0 a 1\nq1 J 0 b 0\nq2 J 0 c 1\nq2 J 0 d 0\n", {"q1 Q0 a 1 1 r\n"});
    CHECK(f.value("NumPrefsPossible", "q2", 0, MissingTopics::Zero) == 1);
    CHECK(f.value("NumPrefsFulfilled", "q2", 0, MissingTopics::Zero) == 0);
    CHECK(f.value("PrefsSimp", "q2", 0, MissingTopics::Zero) == 0);
    CHECK(f.value("PrefsSimp", "q1") == 1);  // a>b, a retrieved
}

TEST_CASE("qrels_prefs: a qrels file read as prefs, iter = judgment group") {
    // Group "0": a 2 > b 1 > c 0 (3 preferences); group "1": c 1 > a 0 (1).
    PrefsFixture f("1 0 a 2\n1 0 b 1\n1 0 c 0\n1 1 c 1\n1 1 a 0\n", {"1 Q0 a 1 3 r\n1 Q0 c 2 2 r\n"},
                   PrefsFormat::QrelsPrefs);
    REQUIRE(f.prefs->groups(0).size() == 2);
    CHECK(f.prefs->groups(0)[1].name == "1");
    CHECK(f.value("NumPrefsPossible", "1") == 4);
    // Ranks a 0, c 1, b 2. Group 0: a>b imp ful, a>c ret ful, b>c imp failed; group 1: c>a ret failed.
    CHECK(f.value("NumPrefsFulfilled", "1") == 2);
    CHECK(f.value("PrefsAvgJG", "1") == approx((2.0 / 3.0 + 0.0) / 2.0));
}

TEST_CASE("prefs reader: accepted variations and the index runs are read against") {
    auto p = read_prefs("p.txt", "# comment\r\n\r\n2 g s d#1 1\r\n10 g s b 0.5\n10 g s a -1e0\n");
    REQUIRE(p->num_topics() == 2);
    CHECK(p->topic_id(0) == "10");  // byte order
    CHECK(p->num_docs(0) == 2);
    CHECK(p->doc(0, 0) == "a");    // docs numbered in byte order
    CHECK(p->doc(1, 0) == "d#1");  // '#' inside a line is not a comment
    const Qrels& q = *p->qrels();
    CHECK(q.judgment(static_cast<std::uint32_t>(q.find(0, "b"))).rel == 1);  // some rel_level > 0
    CHECK(q.judgment(static_cast<std::uint32_t>(q.find(0, "a"))).rel == 0);
    CHECK(p->num_lines() == 3);
}

TEST_CASE("prefs reader: input errors name file, line and problem") {
    CHECK_THROWS_WITH_AS(read_prefs("p.txt", "q g s d\n"),
                         "p.txt:1: expected 5 columns (topic jg jsg doc rel_level), found 4", InputError);
    CHECK_THROWS_WITH_AS(read_prefs("p.txt", "q g s d 1 x\n"),
                         "p.txt:1: expected 5 columns (topic jg jsg doc rel_level), found more", InputError);
    CHECK_THROWS_WITH_AS(read_prefs("q.txt", "q 0 d 1 x\n", PrefsFormat::QrelsPrefs),
                         "q.txt:1: expected 4 columns (topic iter doc rel), found more", InputError);
    CHECK_THROWS_WITH_AS(read_prefs("p.txt", "q g s d 1\nq g s e high\n"), "p.txt:2: rel_level 'high' is not a number",
                         InputError);
    CHECK_THROWS_WITH_AS(read_prefs("p.txt", "q g s d nan\n"), "p.txt:1: rel_level 'nan' is not a number", InputError);
    CHECK_THROWS_WITH_AS(read_prefs("p.txt", ""), "p.txt: no preferences found (empty file?)", InputError);
    CHECK_THROWS_WITH_AS(read_prefs("p.txt", "# nothing\n\n"), "p.txt: no preferences found (empty file?)", InputError);
    CHECK_THROWS_WITH_AS(read_prefs("p.txt", std::string("q g s d\0 1\n", 11)),
                         "p.txt:1: NUL byte in line (binary file?)", InputError);
}

TEST_CASE("prefs reader: trec_eval's consistency rules, checked for every topic at load time") {
    // The same (topic, group, sub-group, doc) twice.
    CHECK_THROWS_WITH_AS(read_prefs("p.txt", "q g s a 1\nq g s b 0\nq g s a 1\n"),
                         "p.txt:3: document 'a' given twice for topic 'q', judgment group 'g', sub-group 's' "
                         "(first at line 1)",
                         InputError);
    CHECK_THROWS_WITH_AS(read_prefs("q.txt", "1 0 a 1\n1 0 a 0\n", PrefsFormat::QrelsPrefs),
                         "q.txt:2: document 'a' given twice for topic '1', iter '0' (first at line 1)", InputError);
    // Non-relevant (0) in one sub-group, relevant in the next one of the same group.
    CHECK_THROWS_WITH_AS(read_prefs("p.txt", "q g s1 a 0\nq g s1 b 1\nq g s2 a 2\nq g s2 c 1\n"),
                         "p.txt:3: document 'a' has rel_level 2 in sub-group 's2' but 0 in sub-group 's1' (line 1) of "
                         "topic 'q', judgment group 'g': within a judgment group a document is either non-relevant (0) "
                         "or not",
                         InputError);
    // ... which different groups may do.
    CHECK_NOTHROW(read_prefs("p.txt", "q g1 s a 0\nq g1 s b 1\nq g2 s a 2\nq g2 s c 1\n"));
    // a > b in one sub-group, b > c > a through another: a cycle (trec_eval aborts).
    CHECK_THROWS_WITH_AS(
        read_prefs("p.txt", "q g s1 a 2\nq g s1 b 1\nq g s2 b 3\nq g s2 c 2\nq g s3 c 5\nq g s3 a 4\n"),
        "p.txt:2: inconsistent preferences in topic 'q', judgment group 'g': documents 'a' (line 1) "
        "and 'b' (line 2) are each preferred to the other, directly or through other documents",
        InputError);
}

TEST_CASE("prefs measures need preferences; trec_eval keeps each measure to its relevance format") {
    auto qrels = read_qrels("qrels", "q 0 a 1\n");
    auto run = read_run(qrels, "run", "q Q0 a 1 1 r\n");
    CHECK_THROWS_WITH_AS(evaluate(qrels, {run}, {parse_measure("PrefsSimp")}),
                         "PrefsSimp needs preference judgments (trec_eval -R prefs or -R qrels_prefs)", UsageError);
    TrecEvalOptions o;
    o.measures = {"prefs_simp"};
    CHECK_THROWS_WITH_AS(trec_eval(o, qrels, run),
                         "trec_eval: measure 'prefs_simp' needs -R prefs or qrels_prefs, not -R qrels", UsageError);
    auto prefs = read_prefs("p", "q J 0 a 1\nq J 0 b 0\n");
    o.prefs = prefs;
    o.measures = {"official"};
    CHECK_THROWS_WITH_AS(trec_eval(o, prefs->qrels(), read_run(prefs->qrels(), "run", "q Q0 a 1 1 r\n")),
                         "trec_eval: measure 'num_ret' needs -R qrels, not -R prefs", UsageError);
    // The nickname `prefs`: runid, num_q and the first six prefs measures, in trec_eval's order.
    o.measures = {"prefs"};
    o.summary = true;
    std::string out = trec_eval(o, prefs->qrels(), read_run(prefs->qrels(), "run", "q Q0 a 1 1 r\n"));
    CHECK(out ==
          "runid                 \tall\tr\n"
          "num_q                 \tall\t1\n"
          "prefs_num_prefs_poss  \tall\t1\n"
          "prefs_num_prefs_ful   \tall\t1\n"
          "prefs_num_prefs_ful_ret\tall\t0\n"
          "prefs_simp            \tall\t1.0000\n"
          "prefs_pair            \tall\t1.0000\n"
          "prefs_avgjg           \tall\t1.0000\n");
}
