// TBG (Sakai, PROMISE 2013, Eqs. 17-18; Smucker & Clarke 2012) and U-measure (Eqs. 19-20) with
// document lengths, by hand.
#include "fixture.hpp"

#include "irlens/readers/doc_lengths.hpp"
#include "irlens/error.hpp"

#include <cmath>

using irlens::InputError;
using irlens::UsageError;
using irlens::test::approx;
using irlens::test::Fixture;

namespace {
// Relevant: a (1), c (2); b judged 0; x not judged. Ranking: b a x c.
const char* kQrels = "1 0 a 1\n1 0 b 0\n1 0 c 2\n";
const char* kRun = "1 Q0 b 1 4 t\n1 Q0 a 2 3 t\n1 Q0 x 3 2 t\n1 Q0 c 4 1 t\n";
const char* kLengths = "a\t10000\t1000\nb\t3000\t100\nc\t40000\t10\nx\t100\t500\n";
const double kGain = 0.64 * 0.77;  // P(click | relevant) P(save | relevant)

Fixture with_lengths(const char* qrels, const char* run, const char* lengths) {
    Fixture f(qrels, {run});
    f.options.doc_lengths = irlens::read_doc_lengths("lengths", lengths);
    return f;
}
}  // namespace

TEST_CASE("TBG: gains decayed by the expected time to reach them") {
    Fixture f = with_lengths(kQrels, kRun, kLengths);
    // T(1) = 0 (b, non-relevant: no gain)
    // T(2) = 4.4 + 0.39 (0.018 * 100 + 7.8) = 4.4 + 3.744 = 8.144          a: gain * 2^(-8.144/224)
    // T(3) = 8.144 + 4.4 + 0.64 (0.018 * 1000 + 7.8) = 8.144 + 20.912 = 29.056
    // T(4) = 29.056 + 4.4 + 0.39 (0.018 * 500 + 7.8) = 29.056 + 10.952 = 40.008   c: gain * 2^(-40.008/224)
    CHECK(f.value("TBG", "1") == approx(kGain * (std::exp2(-8.144 / 224) + std::exp2(-40.008 / 224))));
    CHECK(f.value("TBG@2", "1") == approx(kGain * std::exp2(-8.144 / 224)));
    // condensed: x dropped, c at rank 3 with T(3) = 29.056
    CHECK(f.value("TBG(judged_only=True)", "1") ==
          approx(kGain * (std::exp2(-8.144 / 224) + std::exp2(-29.056 / 224))));
    // h = 100, every click probability 1, save 1: T(2) = 4.4 + 9.6, T(4) = 14 + 4.4 + 25.8 + 4.4 + 16.8
    CHECK(f.value("TBG(h=100,click_rel=1,click_nonrel=1,save_rel=1)", "1") ==
          approx(std::exp2(-14.0 / 100) + std::exp2(-65.4 / 100)));
    // rel=2: only c is relevant; a is now clicked with 0.39: T(4) = 8.144 + 4.4 + 0.39 * 25.8 + 10.952
    CHECK(f.value("TBG(rel=2)", "1") == approx(kGain * std::exp2(-(8.144 + 4.4 + 0.39 * 25.8 + 10.952) / 224)));
}

TEST_CASE("TBG: the lecture's example - a short relevant document at rank 1 brings rank 2 closer") {
    const char* qrels = "1 0 long 0\n1 0 short 1\n1 0 target 1\n";
    const char* lengths = "long 6000 1000\nshort 60 10\ntarget 600 100\n";
    Fixture before = with_lengths(qrels, "1 Q0 long 1 2 t\n1 Q0 target 2 1 t\n", lengths);
    Fixture after = with_lengths(qrels, "1 Q0 short 1 2 t\n1 Q0 target 2 1 t\n", lengths);
    // T(2) = T_S + 0.39 (0.018 * 1000 + 7.8) = T_S + 10.062  vs  T_S + 0.64 (0.018 * 10 + 7.8) = T_S + 5.1072
    CHECK(before.value("TBG", "1") == approx(kGain * std::exp2(-(4.4 + 10.062) / 224)));
    CHECK(after.value("TBG", "1") == approx(kGain + kGain * std::exp2(-(4.4 + 5.1072) / 224)));
}

TEST_CASE("TBG: documents without words, missing documents, no lengths file") {
    // a listed without words (5000 characters): with chars_per_word=5 it has 1000 words.
    Fixture f = with_lengths(kQrels, kRun, "a\t5000\nb\t3000\t100\nc\t40000\t10\nx\t100\t500\n");
    CHECK_THROWS_WITH_AS(
        f.value("TBG", "1"),
        "lengths:1: document 'a' has no word count (third column), which TBG needs; add it or give TBG "
        "chars_per_word",
        InputError);
    CHECK(f.value("TBG(chars_per_word=5)", "1") ==
          approx(kGain * (std::exp2(-8.144 / 224) + std::exp2(-40.008 / 224))));
    // a's own length is never needed at @2 (only what is above a relevant document delays it)
    CHECK(f.value("TBG@2", "1") == approx(kGain * std::exp2(-8.144 / 224)));
    Fixture missing = with_lengths(kQrels, kRun, "a\t10000\t1000\nc\t40000\t10\n");
    CHECK_THROWS_WITH_AS(missing.value("TBG", "1"),
                         "lengths: no length for document 'b' (retrieved by run0 for topic 1)", InputError);
    Fixture none(kQrels, {kRun});
    CHECK_THROWS_WITH_AS(none.value("TBG", "1"),
                         "TBG needs document lengths: give a file of lines doc<TAB>characters[<TAB>words] (irlens eval "
                         "--doc-lengths FILE; EvalOptions::doc_lengths in the library)",
                         UsageError);
    CHECK_THROWS_WITH_AS(f.value("TBG(click_rel=1.5)", "1"),
                         "measure 'TBG(click_rel=1.5)': parameter click_rel of TBG must be [0, 1], got '1.5'",
                         UsageError);
    CHECK_THROWS_WITH_AS(f.value("TBG(h=0)", "1"),
                         "measure 'TBG(h=0)': parameter h of TBG must be (0, 1e+100], got '0'", UsageError);
}

TEST_CASE("U-measure: linear decay over the trailtext of snippets and F% of each relevant document") {
    Fixture f = with_lengths(kQrels, kRun, kLengths);
    // Trailtext (Fig. 5): snippet b (200), snippet a (400), 20% of a = 2000 (2400: a's position),
    // snippet x (2600), snippet c (2800), 20% of c = 8000 (10800: c's position).
    // U = 1 * (1 - 2400/132000) + 2 * (1 - 10800/132000)
    CHECK(f.value("U", "1") == approx((1 - 2400.0 / 132000) + 2 * (1 - 10800.0 / 132000)));
    // L = 5000: c comes after everything is worthless: max(0, 1 - 10800/5000) = 0
    CHECK(f.value("U(L=5000)", "1") == approx(1 - 2400.0 / 5000));
    // F = 0.5, snippets of 100: a at 200 + 5000, c at 5200 + 200 + 20000
    CHECK(f.value("U(F=0.5,snippet=100)", "1") == approx((1 - 5200.0 / 132000) + 2 * (1 - 25400.0 / 132000)));
    CHECK(f.value("U@3", "1") == approx(1 - 2400.0 / 132000));
    CHECK(f.value("U(gains={2:1})", "1") == approx((1 - 2400.0 / 132000) + (1 - 10800.0 / 132000)));
    // rel=2: a is not relevant, only its snippet is read: c at 4 * 200 + 8000
    CHECK(f.value("U(rel=2)", "1") == approx(2 * (1 - 8800.0 / 132000)));
}

TEST_CASE("U-measure: only relevant documents need a length; errors") {
    Fixture f = with_lengths(kQrels, kRun, "a 10000\nc 40000\n");  // characters only, b and x absent
    CHECK(f.value("U", "1") == approx((1 - 2400.0 / 132000) + 2 * (1 - 10800.0 / 132000)));
    Fixture missing = with_lengths(kQrels, kRun, "a 10000\n");
    CHECK_THROWS_WITH_AS(missing.value("U", "1"), "lengths: no length for document 'c' (retrieved by run0 for topic 1)",
                         InputError);
    CHECK_THROWS_WITH_AS(f.value("U(F=2)", "1"), "measure 'U(F=2)': parameter F of U must be [0, 1], got '2'",
                         UsageError);
    CHECK_THROWS_WITH_AS(f.value("U(L=0)", "1"), "measure 'U(L=0)': parameter L of U must be (0, 1e+100], got '0'",
                         UsageError);
    Fixture none(kQrels, {kRun});
    CHECK_THROWS_AS(none.value("U", "1"), UsageError);
    CHECK(irlens::parse_measure("U-measure@10").name() == "U@10");  // defaults are not printed (issue 13)
}
