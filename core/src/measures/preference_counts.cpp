// trec_eval 10.0's form_prefs_counts.c (NIST) and the recounts of m_prefs_avgjg_Rnonrel.c and
// m_prefs_avgjg_Rnonrel_ret.c, number for number. Where trec_eval enumerates every pair of docs
// of two equivalence classes, the counts here come from the sorted docid ranks of the classes
// (same numbers, linear instead of quadratic time); pairs are enumerated only for prefs_pair*
// on topics with several judgment groups.
#include "measures/preference_counts.hpp"

#include "irlens/error.hpp"
#include "irlens/readers/preferences.hpp"

#include <algorithm>
#include <limits>

namespace irlens::measures {

namespace {

const char kCountsTag = 'c';  // cache tags (their addresses; distinct values, so never merged)
const char kPairsTag = 'p';

/// #{a in A, a < limit, b in B : a < b}, A and B sorted ascending.
std::int64_t count_below(const std::uint32_t* a, std::int64_t na, const std::uint32_t* b, std::int64_t nb,
                         std::uint32_t limit) {
    std::int64_t n = 0, j = 0;
    for (std::int64_t i = 0; i < na && a[i] < limit; ++i) {
        while (j < nb && b[j] <= a[i]) ++j;
        n += nb - j;
    }
    return n;
}

/// form_prefs_and_ranks: the docid rank of every topic doc.
void docid_ranks(const TopicView& v, const Preferences& prefs, TopicPrefCounts& out) {
    const Run& run = v.run();
    std::size_t t = v.topic();
    long max_docs = v.context().base.max_docs;
    std::vector<std::uint32_t> retrieved;  // topic doc numbers, in rank order
    if (v.missing()) {
        // trec_eval -c scores a topic without results with its placeholder doc.
        long j = prefs.qrels()->find_once(t, run.doc(kPlaceholderDoc));
        if (j >= 0 && max_docs != 0) retrieved.push_back(prefs.doc_of(t, static_cast<std::uint32_t>(j)));
    } else {
        const std::vector<RunEntry>& entries = run.entries(t);
        bool cut = max_docs >= 0 && static_cast<unsigned long>(max_docs) < entries.size();
        std::vector<RunEntry> items;
        for (const RunEntry& e : entries)
            if (cut || run.judged(e.doc)) items.push_back(e);
        // comp_sim_docno: score descending, ties by doc id ascending.
        std::sort(items.begin(), items.end(), [&](const RunEntry& a, const RunEntry& b) {
            if (a.key != b.key) return a.key > b.key;
            return run.doc(a.doc) < run.doc(b.doc);
        });
        if (cut) items.resize(static_cast<std::size_t>(max_docs));
        for (const RunEntry& e : items)
            if (run.judged(e.doc)) retrieved.push_back(prefs.doc_of(t, e.doc));
    }
    out.num_judged = static_cast<long>(prefs.num_docs(t));
    out.num_judged_ret = static_cast<long>(retrieved.size());
    const std::uint32_t unset = std::numeric_limits<std::uint32_t>::max();
    out.rank.assign(prefs.num_docs(t), unset);
    for (std::size_t k = 0; k < retrieved.size(); ++k) out.rank[retrieved[k]] = static_cast<std::uint32_t>(k);
    std::uint32_t next = static_cast<std::uint32_t>(retrieved.size());
    for (std::uint32_t& r : out.rank)
        if (r == unset) r = next++;
}

/// The classes' docid ranks, each class sorted ascending.
std::vector<std::uint32_t> class_ranks(const PrefsGroup& g, const TopicPrefCounts& tc) {
    std::vector<std::uint32_t> ranks(g.docs.size());
    for (std::size_t i = 0; i < g.docs.size(); ++i) ranks[i] = tc.rank[g.docs[i]];
    for (std::size_t c = 0; c < g.class_level.size(); ++c)
        std::sort(ranks.begin() + g.class_begin(c), ranks.begin() + g.class_end[c]);
    return ranks;
}

/// add_ec_pref_to_jg for a group kept as equivalence classes, and the Rnonrel recounts.
void count_classes(const PrefsGroup& g, const TopicPrefCounts& tc, GroupCounts& out) {
    const std::uint32_t njr = static_cast<std::uint32_t>(tc.num_judged_ret);
    const std::size_t k = g.class_level.size();
    std::vector<std::uint32_t> ranks = class_ranks(g, tc);
    std::vector<std::int64_t> size(k), ret(k);
    auto cls = [&](std::size_t c) { return ranks.data() + g.class_begin(c); };
    for (std::size_t c = 0; c < k; ++c) {
        size[c] = static_cast<long>(g.class_end[c] - g.class_begin(c));
        ret[c] = std::lower_bound(cls(c), cls(c) + size[c], njr) - cls(c);
        if (g.class_level[c] > 0.0) {
            out.num_rel += size[c];
            out.num_rel_ret += ret[c];
        } else {
            out.num_nonrel += size[c];
            out.num_nonrel_ret += ret[c];
        }
    }
    for (std::size_t c1 = 0; c1 < k; ++c1) {
        for (std::size_t c2 = c1 + 1; c2 < k; ++c2) {
            std::int64_t r1 = ret[c1], u1 = size[c1] - ret[c1], r2 = ret[c2], u2 = size[c2] - ret[c2];
            // Both retrieved: fulfilled when ranked in order; one retrieved: fulfilled when it is
            // the preferred one. "possible" gets the unfulfilled ones here, the rest in count_topic.
            std::int64_t fulfilled = count_below(cls(c1), size[c1], cls(c2), ret[c2], njr);
            out.fulfilled_ret += fulfilled;
            out.possible_ret += r1 * r2 - fulfilled;
            out.fulfilled_imp += r1 * u2;
            out.possible_imp += u1 * r2;
            out.possible_notoccur += u1 * u2;
        }
    }

    // m_prefs_avgjg_Rnonrel.c recalculate(), EC branch: the pairs between classes other than the
    // last, then every class (the last one too, as trec_eval loops) against the first R docs of
    // the last class. trec_eval reads past the last class when it holds fewer than R docs (other
    // groups' docs or stale memory; only with negative rel_levels); irlens takes the whole class.
    // m_prefs_avgjg_Rnonrel_ret.c does the same among the retrieved docs, with R = num_rel_ret.
    // take[c]: the docs of class c that count (all, or the retrieved ones).
    auto recount = [&](const std::vector<std::int64_t>& take, std::int64_t r, std::int64_t& fulfilled,
                       std::int64_t& possible) {
        const std::size_t last = k - 1;
        std::int64_t fresh = std::min(std::min(r, size[last]), take[last]);
        fulfilled = possible = 0;
        for (std::size_t c1 = 0; c1 < k; ++c1) {
            for (std::size_t c2 = c1 + 1; c2 < last; ++c2) {
                fulfilled += count_below(cls(c1), size[c1], cls(c2), take[c2], njr);
                possible += take[c1] * take[c2];
            }
            fulfilled += count_below(cls(c1), size[c1], cls(last), fresh, njr);
            possible += take[c1] * fresh;
        }
    };
    if (out.num_rel < out.num_nonrel) recount(size, out.num_rel, out.rnonrel_fulfilled, out.rnonrel_possible);
    if (out.num_rel_ret < out.num_nonrel_ret)
        recount(ret, out.num_rel_ret, out.rnonrel_ret_fulfilled, out.rnonrel_ret_possible);
}

/// Calls f(i, j) for every preference docs[i] > docs[j] of a group kept as a relation.
template <class F>
void for_each_preference(const PrefsGroup& g, F&& f) {
    std::size_t words = g.words_per_row();
    for (std::size_t i = 0; i < g.docs.size(); ++i) {
        for (std::size_t w = 0; w < words; ++w) {
            for (std::uint64_t bits = g.closure[i * words + w]; bits; bits &= bits - 1)
                f(i, w * 64 + static_cast<std::size_t>(__builtin_ctzll(bits)));
        }
    }
}

/// add_pa_pref_to_jg for a group kept as a preference relation, and the Rnonrel recounts.
void count_relation(const PrefsGroup& g, const TopicPrefCounts& tc, GroupCounts& out) {
    const std::uint32_t njr = static_cast<std::uint32_t>(tc.num_judged_ret);
    std::vector<std::uint32_t> rank(g.docs.size());
    for (std::size_t i = 0; i < g.docs.size(); ++i) {
        rank[i] = tc.rank[g.docs[i]];
        bool retrieved = rank[i] < njr;
        if (g.level[i] > 0.0) {
            ++out.num_rel;
            out.num_rel_ret += retrieved;
        } else if (g.level[i] == 0.0) {
            ++out.num_nonrel;
            out.num_nonrel_ret += retrieved;
        }
    }
    for_each_preference(g, [&](std::size_t i, std::size_t j) {
        std::uint32_t a = rank[i], b = rank[j];
        // The areas of trec_eval's comment: A1/A2 both retrieved, A3/A4 one, A5 none; "possible"
        // gets the unfulfilled ones here, the rest in count_topic.
        if (a < njr && b < njr) {
            (a < b ? out.fulfilled_ret : out.possible_ret)++;
        } else if (a < njr) {
            out.fulfilled_imp++;
        } else if (b < njr) {
            out.possible_imp++;
        } else {
            out.possible_notoccur++;
        }
    });

    // recalculate(), prefs-array branch: non-relevant docs (rel_level exactly 0) from the
    // (limit + 1)-th one in docid-rank order on are left out; the scan covers ranks below `scan`.
    auto first_discarded = [&](std::int64_t limit, std::uint32_t scan) {
        std::vector<std::uint32_t> nonrel;
        for (std::size_t i = 0; i < g.docs.size(); ++i)
            if (g.level[i] == 0.0 && rank[i] < scan) nonrel.push_back(rank[i]);
        std::sort(nonrel.begin(), nonrel.end());
        return static_cast<std::size_t>(limit) < nonrel.size() ? nonrel[static_cast<std::size_t>(limit)] : scan;
    };
    if (out.num_rel < out.num_nonrel) {
        std::uint32_t cut = first_discarded(out.num_rel, static_cast<std::uint32_t>(tc.num_judged));
        auto kept = [&](std::size_t i) { return rank[i] < cut || g.level[i] != 0.0; };
        for_each_preference(g, [&](std::size_t i, std::size_t j) {
            if (!kept(i) || !kept(j)) return;
            out.rnonrel_possible++;
            out.rnonrel_fulfilled += rank[i] < njr && (rank[i] < rank[j]);
        });
    }
    // The _ret version scans the retrieved docs only but, as trec_eval, stops at the
    // (num_rel + 1)-th non-relevant one, num_rel counting unretrieved docs too.
    if (out.num_rel_ret < out.num_nonrel_ret) {
        std::uint32_t cut = first_discarded(out.num_rel, njr);
        auto kept = [&](std::size_t i) { return rank[i] < njr && (rank[i] < cut || g.level[i] != 0.0); };
        for_each_preference(g, [&](std::size_t i, std::size_t j) {
            if (!kept(i) || !kept(j)) return;
            out.rnonrel_ret_possible++;
            out.rnonrel_ret_fulfilled += rank[i] < rank[j];
        });
    }
}

TopicPrefCounts count_topic(const TopicView& v) {
    const Preferences& prefs = *v.context().prefs;
    TopicPrefCounts tc;
    docid_ranks(v, prefs, tc);
    for (const PrefsGroup& g : prefs.groups(v.topic())) {
        GroupCounts c;
        if (g.partial)
            count_relation(g, tc, c);
        else
            count_classes(g, tc, c);
        c.possible_ret += c.fulfilled_ret;
        c.possible_imp += c.fulfilled_imp;
        // m_prefs_avgjg_Rnonrel(_ret).c with R >= N: the counts stand, plus R - N fulfilled
        // preferences of every relevant doc (retrieved ones) over the missing non-relevant docs.
        if (c.num_rel >= c.num_nonrel) {
            std::int64_t extra = c.num_rel - c.num_nonrel;
            c.rnonrel_fulfilled = c.fulfilled_ret + c.fulfilled_imp + c.num_rel_ret * extra;
            c.rnonrel_possible = c.possible_ret + c.possible_imp + c.possible_notoccur + c.num_rel * extra;
        }
        if (c.num_rel_ret >= c.num_nonrel_ret) {
            std::int64_t extra = c.num_rel_ret - c.num_nonrel_ret;
            c.rnonrel_ret_fulfilled = c.fulfilled_ret + c.num_rel_ret * extra;
            c.rnonrel_ret_possible = c.possible_ret + c.num_rel * extra;  // num_rel, as trec_eval
        }
        tc.groups.push_back(c);
    }
    return tc;
}

PairRatios pair_ratios(const TopicView& v) {
    const TopicPrefCounts& tc = preference_counts(v);
    PairRatios p;
    const std::vector<PrefsGroup>& groups = v.context().prefs->groups(v.topic());
    if (groups.size() == 1) {
        // One group never prefers a pair twice or both ways: every pair's ratio is 1 or 0.
        const GroupCounts& c = tc.groups[0];
        p.sum_ret = static_cast<double>(c.fulfilled_ret);
        p.sum_imp = static_cast<double>(c.fulfilled_ret + c.fulfilled_imp);
        p.pairs_ret = c.possible_ret;
        p.pairs_imp = c.possible_imp;
        p.pairs_notret = c.possible_notoccur;
        return p;
    }
    // trec_eval's counts array: every preference as (lower rank, higher rank, 1 if the preferred
    // doc has the higher rank), sorted.
    std::vector<std::uint64_t> keys;
    auto add = [&](std::uint32_t preferred, std::uint32_t other) {
        std::uint64_t lo = std::min(preferred, other), hi = std::max(preferred, other);
        keys.push_back((lo << 33) | (hi << 1) | (preferred > other));
    };
    for (const PrefsGroup& g : groups) {
        if (g.partial) {
            for_each_preference(g, [&](std::size_t i, std::size_t j) { add(tc.rank[g.docs[i]], tc.rank[g.docs[j]]); });
            continue;
        }
        std::vector<std::uint32_t> ranks = class_ranks(g, tc);
        for (std::size_t c1 = 0; c1 < g.class_level.size(); ++c1)
            for (std::size_t c2 = c1 + 1; c2 < g.class_level.size(); ++c2)
                for (std::uint32_t a = g.class_begin(c1); a < g.class_end[c1]; ++a)
                    for (std::uint32_t b = g.class_begin(c2); b < g.class_end[c2]; ++b) add(ranks[a], ranks[b]);
    }
    std::sort(keys.begin(), keys.end());
    const std::uint64_t njr = static_cast<std::uint64_t>(tc.num_judged_ret);
    for (int pass = 0; pass < 2; ++pass) {  // both retrieved, then one retrieved
        for (std::size_t k = 0; k < keys.size();) {
            std::size_t end = k;
            std::int64_t forward = 0, backward = 0;
            while (end < keys.size() && (keys[end] >> 1) == (keys[k] >> 1)) (keys[end++] & 1 ? backward : forward)++;
            std::uint64_t lo = keys[k] >> 33, hi = (keys[k] >> 1) & 0xFFFFFFFFu;
            double ratio = static_cast<double>(forward) / static_cast<double>(forward + backward);
            if (pass == 0 && hi < njr) {
                p.sum_ret += ratio;
                p.pairs_ret++;
            } else if (pass == 1 && lo < njr && hi >= njr) {
                p.sum_imp += ratio;
                p.pairs_imp++;
            } else if (pass == 1 && lo >= njr) {
                p.pairs_notret++;
            }
            k = end;
        }
        if (pass == 0) p.sum_imp = p.sum_ret;
    }
    return p;
}

}  // namespace

void require_preferences(const EvalContext& context, const std::string& measure) {
    if (!context.prefs)
        throw UsageError(measure + " needs preference judgments (trec_eval -R prefs or -R qrels_prefs)");
    if (context.qrels != context.prefs->qrels())
        throw UsageError(measure + ": the runs must be read against the preferences' own qrels index");
}

const TopicPrefCounts& preference_counts(const TopicView& v) {
    return v.cached<TopicPrefCounts>(&kCountsTag, 0, [&] { return count_topic(v); });
}

const PairRatios& preference_pairs(const TopicView& v) {
    return v.cached<PairRatios>(&kPairsTag, 0, [&] { return pair_ratios(v); });
}

}  // namespace irlens::measures
