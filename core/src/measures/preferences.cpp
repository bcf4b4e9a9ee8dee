// Preference measures: how many of the preferences "A is better than B" of the judges a ranking
// fulfils (A ranked above B). trec_eval 10.0 (m_prefs_*.c over form_prefs_counts.c; NIST, by
// C. Buckley), number for number; inputs: preferences.hpp, counts: preference_counts.hpp.
//
// Background: evaluation with preference judgments instead of per-document grades (Carterette et
// al., "Here or There: Preference Judgments for Relevance", ECIR 2008, cited by Sakai, "Metrics,
// Statistics, Tests", PROMISE 2013, Sec. 2.3). Per topic, with ful / poss the fulfilled / possible
// preferences of judgment group g (preference_counts.hpp for ret, imp, notoccur):
//   PrefsSimp  = sum_g ful_g / sum_g poss_g                   (preferences count equally)
//   PrefsAvgJG = (1/|G|) sum_{g: poss_g > 0} ful_g / poss_g    (judgment groups, i.e. users, count equally)
//   PrefsPair  = mean over doc pairs with some preference of the share of their preferences fulfilled
// counting ret + imp + notoccur preferences (an unretrieved pair is a failure); the Ret variants
// count ret preferences only, the Imp variants ret + imp. PrefsAvgJGRNonrel first sets each group's
// number of non-relevant (rel_level 0) docs N to its number of relevant docs R (bpref's idea,
// Buckley & Voorhees SIGIR 2004; Sakai 2013 Eq. 22): if N < R, R - N fulfilled preferences of
// every relevant doc are added; if N > R only the first R non-relevant docs in rank order count.
// trec_eval's quirks are kept (see preference_counts.cpp): its value is 0 when the sum over groups
// is not > 0 (a group with no preference left gives 0/0 = NaN and so 0 for the topic).
#include "measures/common.hpp"
#include "measures/preference_counts.hpp"
#include "measures/trace.hpp"

#include <string>

namespace irlens::measures {

namespace {

// Which preferences a ratio counts: both docs retrieved, at least one, or all.
enum class Scope { Ret, Imp, All };

std::int64_t fulfilled(const GroupCounts& c, Scope s) {
    return c.fulfilled_ret + (s == Scope::Ret ? 0 : c.fulfilled_imp);
}
std::int64_t possible(const GroupCounts& c, Scope s) {
    return c.possible_ret + (s == Scope::Ret ? 0 : c.possible_imp) + (s == Scope::All ? c.possible_notoccur : 0);
}
const char* scope_words(Scope s) {
    return s == Scope::Ret   ? "preferences between two retrieved documents"
           : s == Scope::Imp ? "preferences with at least one document retrieved"
                             : "all preferences (a pair not retrieved counts as failed)";
}

// Each measure is a callable (const TopicView&, tracer) -> value, traced for explain mode: the
// formula, the counts it reads (per judgment group where it averages over them) and the value.

/// m_prefs_simp.c, m_prefs_simp_ret.c, m_prefs_simp_imp.c.
template <Scope S>
struct Simple {
    template <class T>
    double operator()(const TopicView& v, T& t) const {
        if constexpr (T::on)
            t.formula(std::string("PrefsSimp = fulfilled / possible preferences, all judgment groups pooled; ") +
                      scope_words(S));
        std::int64_t ful = 0, poss = 0;
        for (const GroupCounts& c : preference_counts(v).groups) {
            ful += fulfilled(c, S);
            poss += possible(c, S);
        }
        t.term("fulfilled", static_cast<double>(ful));
        t.term("possible", static_cast<double>(poss));
        double x = poss ? static_cast<double>(ful) / static_cast<double>(poss) : 0.0;
        t.term("fulfilled / possible (0 when none is possible)", x);
        return x;
    }
};

/// m_prefs_avgjg.c, m_prefs_avgjg_ret.c, m_prefs_avgjg_imp.c.
template <Scope S>
struct PerGroup {
    template <class T>
    double operator()(const TopicView& v, T& t) const {
        if constexpr (T::on)
            t.formula(std::string("PrefsAvgJG = (1/|G|) sum over judgment groups g with a possible preference of "
                                  "fulfilled_g / possible_g; 0 when the sum is 0; ") +
                      scope_words(S));
        const TopicPrefCounts& tc = preference_counts(v);
        double sum = 0.0;
        for (std::size_t g = 0; g < tc.groups.size(); ++g) {
            const GroupCounts& c = tc.groups[g];
            if constexpr (T::on) {
                t.term("group " + std::to_string(g + 1) + ": fulfilled", static_cast<double>(fulfilled(c, S)));
                t.term("group " + std::to_string(g + 1) + ": possible", static_cast<double>(possible(c, S)));
            }
            if (possible(c, S)) sum += static_cast<double>(fulfilled(c, S)) / static_cast<double>(possible(c, S));
        }
        t.term("sum of fulfilled / possible", sum);
        t.term("|G| (judgment groups)", static_cast<double>(tc.groups.size()));
        double x = sum > 0.0 ? sum / static_cast<double>(tc.groups.size()) : 0.0;
        t.term("sum / |G|", x);
        return x;
    }
};

/// m_prefs_avgjg_Rnonrel.c (All) and m_prefs_avgjg_Rnonrel_ret.c (Ret).
template <Scope S>
struct PerGroupRNonrel {
    template <class T>
    double operator()(const TopicView& v, T& t) const {
        t.formula(
            "PrefsAvgJGRNonrel = (1/|G|) sum over judgment groups g of fulfilled_g / possible_g once g's number "
            "of non-relevant documents is set to its number of relevant ones (as bpref); 0 when the sum is not > 0");
        const TopicPrefCounts& tc = preference_counts(v);
        double sum = 0.0;
        for (std::size_t g = 0; g < tc.groups.size(); ++g) {
            const GroupCounts& c = tc.groups[g];
            std::int64_t ful = S == Scope::Ret ? c.rnonrel_ret_fulfilled : c.rnonrel_fulfilled;
            std::int64_t poss = S == Scope::Ret ? c.rnonrel_ret_possible : c.rnonrel_possible;
            if constexpr (T::on) {
                t.term("group " + std::to_string(g + 1) + ": fulfilled", static_cast<double>(ful));
                t.term("group " + std::to_string(g + 1) + ": possible", static_cast<double>(poss));
            }
            sum += static_cast<double>(ful) / static_cast<double>(poss);  // 0/0 = NaN, as trec_eval
        }
        t.term("sum of fulfilled / possible", sum);
        t.term("|G| (judgment groups)", static_cast<double>(tc.groups.size()));
        double x = sum > 0.0 ? sum / static_cast<double>(tc.groups.size()) : 0.0;
        t.term("sum / |G| (0 unless sum > 0)", x);
        return x;
    }
};

/// m_prefs_pair.c, m_prefs_pair_ret.c, m_prefs_pair_imp.c.
template <Scope S>
struct Pairs {
    template <class T>
    double operator()(const TopicView& v, T& t) const {
        if constexpr (T::on)
            t.formula(std::string("PrefsPair = (sum over document pairs with a preference of the share of the pair's "
                                  "preferences fulfilled) / pairs; ") +
                      scope_words(S));
        const PairRatios& p = preference_pairs(v);
        double sum = S == Scope::Ret ? p.sum_ret : p.sum_imp;
        std::int64_t n = p.pairs_ret + (S == Scope::Ret ? 0 : p.pairs_imp) + (S == Scope::All ? p.pairs_notret : 0);
        t.term("sum of the pairs' shares fulfilled", sum);
        t.term("pairs", static_cast<double>(n));
        double x = n ? sum / static_cast<double>(n) : 0.0;
        t.term("sum / pairs (0 without pairs)", x);
        return x;
    }
};

/// m_prefs_num_prefs_poss.c, m_prefs_num_prefs_ful.c, m_prefs_num_prefs_ful_ret.c.
struct NumPossible {
    template <class T>
    double operator()(const TopicView& v, T& t) const {
        t.formula("NumPrefsPossible = the preferences in the judgments of the topic, summed over judgment groups");
        std::int64_t n = 0;
        for (const GroupCounts& c : preference_counts(v).groups) n += possible(c, Scope::All);
        t.term("NumPrefsPossible", static_cast<double>(n));
        return static_cast<double>(n);
    }
};
template <Scope S>
struct NumFulfilled {
    template <class T>
    double operator()(const TopicView& v, T& t) const {
        t.formula(S == Scope::Ret
                      ? "NumPrefsFulfilledRet = preferences between two retrieved documents that the ranking fulfils"
                      : "NumPrefsFulfilled = preferences the ranking fulfils, a retrieved document counting as "
                        "above every unretrieved one");
        std::int64_t n = 0;
        for (const GroupCounts& c : preference_counts(v).groups) n += fulfilled(c, S);
        t.term("fulfilled", static_cast<double>(n));
        return static_cast<double>(n);
    }
};

/// A measure M above as a TopicMeasure.
template <class M>
std::unique_ptr<TopicMeasure> prefs_measure(const std::string& name) {
    return traced([](const TopicView& v, auto& t) { return M{}(v, t); },
                  [name](const EvalContext& context) { require_preferences(context, name); });
}
using Factory = std::unique_ptr<TopicMeasure> (*)(const std::string&);

// Phrases shared by the help texts and citations below.
const char kCases[] =
    " Counts preferences of one retrieved doc over an unretrieved one as fulfilled, the reverse and "
    "those between unretrieved docs as failed.";
const char kBpref[] = "; N set to R as bpref: Buckley & Voorhees, SIGIR 2004 (Sakai, PROMISE 2013, Eq. 22)";

struct Entry {
    const char* name;
    const char* trec_name;
    const char* help;
    Factory make;
    bool count = false;  // a number of preferences, summed over topics
    const char* more_help = "";
    const char* more_citation = "";
};

const Entry kEntries[] = {
    {"NumPrefsPossible", "prefs_num_prefs_poss", "Number of preferences in the judgments (summed over topics).",
     prefs_measure<NumPossible>, true},
    {"NumPrefsFulfilled", "prefs_num_prefs_ful",
     "Number of preferences the ranking fulfils, counting a retrieved doc as ranked above every unretrieved one "
     "(summed over topics).",
     prefs_measure<NumFulfilled<Scope::Imp>>, true},
    {"NumPrefsFulfilledRet", "prefs_num_prefs_ful_ret",
     "Number of preferences between two retrieved docs the ranking fulfils (summed over topics).",
     prefs_measure<NumFulfilled<Scope::Ret>>, true},
    {"PrefsSimp", "prefs_simp", "Fulfilled preferences over possible ones, all judgment groups pooled.",
     prefs_measure<Simple<Scope::All>>, false, kCases},
    {"PrefsPair", "prefs_pair",
     "Mean over doc pairs of the share of the pair's preferences (one per judgment group) fulfilled.",
     prefs_measure<Pairs<Scope::All>>, false, kCases},
    {"PrefsAvgJG", "prefs_avgjg",
     "Fulfilled over possible preferences per judgment group (user), averaged over the groups.",
     prefs_measure<PerGroup<Scope::All>>, false, kCases},
    {"PrefsAvgJGRNonrel", "prefs_avgjg_Rnonrel",
     "PrefsAvgJG with each group's number of non-relevant (rel_level 0) docs set to its number of relevant docs R, as "
     "bpref does.",
     prefs_measure<PerGroupRNonrel<Scope::All>>, false, "", kBpref},
    {"PrefsSimpRet", "prefs_simp_ret", "PrefsSimp over the preferences between two retrieved docs only.",
     prefs_measure<Simple<Scope::Ret>>},
    {"PrefsPairRet", "prefs_pair_ret", "PrefsPair over pairs of two retrieved docs only.",
     prefs_measure<Pairs<Scope::Ret>>},
    {"PrefsAvgJGRet", "prefs_avgjg_ret", "PrefsAvgJG over the preferences between two retrieved docs only.",
     prefs_measure<PerGroup<Scope::Ret>>},
    {"PrefsAvgJGRNonrelRet", "prefs_avgjg_Rnonrel_ret",
     "PrefsAvgJGRNonrel among retrieved docs: R and the non-relevant docs counted among the retrieved ones.",
     prefs_measure<PerGroupRNonrel<Scope::Ret>>, false, "", kBpref},
    {"PrefsSimpImp", "prefs_simp_imp", "PrefsSimp ignoring preferences between two unretrieved docs.",
     prefs_measure<Simple<Scope::Imp>>},
    {"PrefsPairImp", "prefs_pair_imp", "PrefsPair ignoring pairs of two unretrieved docs.",
     prefs_measure<Pairs<Scope::Imp>>},
    {"PrefsAvgJGImp", "prefs_avgjg_imp", "PrefsAvgJG ignoring preferences between two unretrieved docs.",
     prefs_measure<PerGroup<Scope::Imp>>},
};

}  // namespace

void add_preference_measures(std::vector<MeasureInfo>& out) {
    Rows rows(out, "preferences");
    for (const Entry& e : kEntries) {
        Row row = rows.add(e.name);
        row.alias(e.trec_name)
            .help(std::string(e.help) + e.more_help)
            .cite(std::string("trec_eval 10.0 (NIST, C. Buckley), m_") + e.trec_name +
                  ".c over form_prefs_counts.c; preference judgments: Carterette et al., ECIR 2008 "
                  "(Sakai, PROMISE 2013, Sec. 2.3)" +
                  e.more_citation)
            .input(RelInput::Preferences)
            .trec(trec(e.trec_name, 36 + static_cast<int>(&e - kEntries)))  // kEntries in trec_eval's order
            .make([name = std::string(e.name), make = e.make](const MeasureSpec&) { return make(name); });
        if (e.count) row.count();
    }
}

}  // namespace irlens::measures
