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

namespace irlens::measures {

namespace {

class PrefsMeasure final : public TopicMeasure {
public:
    PrefsMeasure(std::string name, double (*f)(const TopicView&)) : name_(std::move(name)), f_(f) {}
    void prepare(const EvalContext& context) override { require_preferences(context, name_); }
    double compute(const TopicView& v) const override { return f_(v); }

private:
    std::string name_;
    double (*f_)(const TopicView&);
};

// Which preferences a ratio counts: both docs retrieved, at least one, or all.
enum class Scope { Ret, Imp, All };

std::int64_t fulfilled(const GroupCounts& c, Scope s) { return c.fulfilled_ret + (s == Scope::Ret ? 0 : c.fulfilled_imp); }
std::int64_t possible(const GroupCounts& c, Scope s) {
    return c.possible_ret + (s == Scope::Ret ? 0 : c.possible_imp) + (s == Scope::All ? c.possible_notoccur : 0);
}

/// m_prefs_simp.c, m_prefs_simp_ret.c, m_prefs_simp_imp.c.
template <Scope S>
double simple(const TopicView& v) {
    std::int64_t ful = 0, poss = 0;
    for (const GroupCounts& c : preference_counts(v).groups) {
        ful += fulfilled(c, S);
        poss += possible(c, S);
    }
    return poss ? static_cast<double>(ful) / static_cast<double>(poss) : 0.0;
}

/// m_prefs_avgjg.c, m_prefs_avgjg_ret.c, m_prefs_avgjg_imp.c.
template <Scope S>
double per_group(const TopicView& v) {
    const TopicPrefCounts& tc = preference_counts(v);
    double sum = 0.0;
    for (const GroupCounts& c : tc.groups)
        if (possible(c, S)) sum += static_cast<double>(fulfilled(c, S)) / static_cast<double>(possible(c, S));
    return sum > 0.0 ? sum / static_cast<double>(tc.groups.size()) : 0.0;
}

/// m_prefs_avgjg_Rnonrel.c (All) and m_prefs_avgjg_Rnonrel_ret.c (Ret).
template <Scope S>
double per_group_rnonrel(const TopicView& v) {
    const TopicPrefCounts& tc = preference_counts(v);
    double sum = 0.0;
    for (const GroupCounts& c : tc.groups) {
        std::int64_t ful = S == Scope::Ret ? c.rnonrel_ret_fulfilled : c.rnonrel_fulfilled;
        std::int64_t poss = S == Scope::Ret ? c.rnonrel_ret_possible : c.rnonrel_possible;
        sum += static_cast<double>(ful) / static_cast<double>(poss);  // 0/0 = NaN, as trec_eval
    }
    return sum > 0.0 ? sum / static_cast<double>(tc.groups.size()) : 0.0;
}

/// m_prefs_pair.c, m_prefs_pair_ret.c, m_prefs_pair_imp.c.
template <Scope S>
double pairs(const TopicView& v) {
    const PairRatios& p = preference_pairs(v);
    double sum = S == Scope::Ret ? p.sum_ret : p.sum_imp;
    std::int64_t n = p.pairs_ret + (S == Scope::Ret ? 0 : p.pairs_imp) + (S == Scope::All ? p.pairs_notret : 0);
    return n ? sum / static_cast<double>(n) : 0.0;
}

/// m_prefs_num_prefs_poss.c, m_prefs_num_prefs_ful.c, m_prefs_num_prefs_ful_ret.c.
double num_possible(const TopicView& v) {
    std::int64_t n = 0;
    for (const GroupCounts& c : preference_counts(v).groups) n += possible(c, Scope::All);
    return static_cast<double>(n);
}
template <Scope S>
double num_fulfilled(const TopicView& v) {
    std::int64_t n = 0;
    for (const GroupCounts& c : preference_counts(v).groups) n += fulfilled(c, S);
    return static_cast<double>(n);
}

// Phrases shared by the help texts and citations below.
const char kCases[] = " Counts preferences of one retrieved doc over an unretrieved one as fulfilled, the reverse and "
                      "those between unretrieved docs as failed.";
const char kBpref[] = "; N set to R as bpref: Buckley & Voorhees, SIGIR 2004 (Sakai, PROMISE 2013, Eq. 22)";

struct Entry {
    const char* name;
    const char* trec_name;
    const char* help;
    double (*f)(const TopicView&);
    bool count = false;         // a number of preferences, summed over topics
    const char* more_help = "";
    const char* more_citation = "";
};

const Entry kEntries[] = {
    {"NumPrefsPossible", "prefs_num_prefs_poss", "Number of preferences in the judgments (summed over topics).",
     num_possible, true},
    {"NumPrefsFulfilled", "prefs_num_prefs_ful",
     "Number of preferences the ranking fulfils, counting a retrieved doc as ranked above every unretrieved one "
     "(summed over topics).",
     num_fulfilled<Scope::Imp>, true},
    {"NumPrefsFulfilledRet", "prefs_num_prefs_ful_ret",
     "Number of preferences between two retrieved docs the ranking fulfils (summed over topics).",
     num_fulfilled<Scope::Ret>, true},
    {"PrefsSimp", "prefs_simp", "Fulfilled preferences over possible ones, all judgment groups pooled.",
     simple<Scope::All>, false, kCases},
    {"PrefsPair", "prefs_pair",
     "Mean over doc pairs of the share of the pair's preferences (one per judgment group) fulfilled.", pairs<Scope::All>,
     false, kCases},
    {"PrefsAvgJG", "prefs_avgjg", "Fulfilled over possible preferences per judgment group (user), averaged over the groups.",
     per_group<Scope::All>, false, kCases},
    {"PrefsAvgJGRNonrel", "prefs_avgjg_Rnonrel",
     "PrefsAvgJG with each group's number of non-relevant (rel_level 0) docs set to its number of relevant docs R, as "
     "bpref does.",
     per_group_rnonrel<Scope::All>, false, "", kBpref},
    {"PrefsSimpRet", "prefs_simp_ret", "PrefsSimp over the preferences between two retrieved docs only.",
     simple<Scope::Ret>},
    {"PrefsPairRet", "prefs_pair_ret", "PrefsPair over pairs of two retrieved docs only.", pairs<Scope::Ret>},
    {"PrefsAvgJGRet", "prefs_avgjg_ret", "PrefsAvgJG over the preferences between two retrieved docs only.",
     per_group<Scope::Ret>},
    {"PrefsAvgJGRNonrelRet", "prefs_avgjg_Rnonrel_ret",
     "PrefsAvgJGRNonrel among retrieved docs: R and the non-relevant docs counted among the retrieved ones.",
     per_group_rnonrel<Scope::Ret>, false, "", kBpref},
    {"PrefsSimpImp", "prefs_simp_imp", "PrefsSimp ignoring preferences between two unretrieved docs.", simple<Scope::Imp>},
    {"PrefsPairImp", "prefs_pair_imp", "PrefsPair ignoring pairs of two unretrieved docs.", pairs<Scope::Imp>},
    {"PrefsAvgJGImp", "prefs_avgjg_imp", "PrefsAvgJG ignoring preferences between two unretrieved docs.",
     per_group<Scope::Imp>},
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
                  "(Sakai, PROMISE 2013, Sec. 2.3)" + e.more_citation)
            .input(RelInput::Preferences)
            .trec(trec(e.trec_name, 36 + static_cast<int>(&e - kEntries)))  // kEntries in trec_eval's order
            .make([name = std::string(e.name), f = e.f](const MeasureSpec&) { return std::make_unique<PrefsMeasure>(name, f); });
        if (e.count) row.count();
    }
}

}  // namespace irlens::measures
