// The pairs of rankings each constraint compares (Amigó, Spina & Carrillo-de-Albornoz, SIGIR 2018,
// Sec. 3, Eqs. 1-10): systematic small cases first (every grade sequence up to a short length),
// then a seeded random search over longer rankings. Cases are listed smallest first, so the first
// violation of a kind is the smallest.
#include "axioms/cases.hpp"

#include <algorithm>
#include <numeric>

namespace irlens::axioms {

namespace {

using Grades = std::vector<int>;

int aspects(const Case& c) { return c.docs.empty() ? 1 : static_cast<int>(c.docs[0].size()); }

int add_doc(Case& c, Grades g) {
    c.docs.push_back(std::move(g));
    return static_cast<int>(c.docs.size()) - 1;
}

// Grades of a document relevant to aspect a only (a < 0: to none).
Grades only(int n_aspects, int a, int grade) {
    Grades g(static_cast<std::size_t>(n_aspects), 0);
    if (a >= 0) g[static_cast<std::size_t>(a)] = grade;
    return g;
}

std::vector<int> first_n(int n) {
    std::vector<int> r(static_cast<std::size_t>(n));
    std::iota(r.begin(), r.end(), 0);
    return r;
}

std::vector<int> swapped(std::vector<int> r, int i, int j) {
    std::swap(r[static_cast<std::size_t>(i)], r[static_cast<std::size_t>(j)]);
    return r;
}

int pick(Rng& rng, int n) { return static_cast<int>(rng.below(static_cast<std::uint64_t>(n))); }

// Every measure needs a relevant document in the judgments to be defined: one unretrieved
// document relevant to the first aspect when no judged document is relevant.
void ensure_relevant(Case& c) {
    for (const Grades& g : c.docs)
        for (int x : g)
            if (x > 0) return;
    add_doc(c, only(aspects(c), 0, 1));
}

// Balanced judgments: unretrieved documents relevant to one aspect each, so that every aspect has
// the same number of documents of each positive grade.
void balance(Case& c) {
    ensure_relevant(c);
    const int n = aspects(c);
    if (n < 2) return;
    int top = 0;
    for (const Grades& g : c.docs) top = std::max(top, *std::max_element(g.begin(), g.end()));
    std::vector<std::vector<int>> count(static_cast<std::size_t>(n),
                                        std::vector<int>(static_cast<std::size_t>(top) + 1, 0));
    for (const Grades& g : c.docs)
        for (int a = 0; a < n; ++a) count[a][static_cast<std::size_t>(g[a])]++;
    for (int grade = 1; grade <= top; ++grade) {
        int want = 0;
        for (int a = 0; a < n; ++a) want = std::max(want, count[a][grade]);
        for (int a = 0; a < n; ++a)
            for (int k = count[a][grade]; k < want; ++k) add_doc(c, only(n, a, grade));
    }
}

// Every sequence of `length` values in 0..top, in counting order.
std::vector<std::vector<int>> sequences(int length, int top) {
    std::vector<std::vector<int>> out;
    std::vector<int> s(static_cast<std::size_t>(length), 0);
    for (;;) {
        out.push_back(s);
        int k = length - 1;
        while (k >= 0 && s[k] == top) s[k--] = 0;
        if (k < 0) return out;
        ++s[k];
    }
}

// A single-aspect case whose first documents are ranked with these grades.
Case ranked_grades(const std::vector<int>& grades) {
    Case c;
    for (int g : grades) add_doc(c, {g});
    return c;
}

// 0..2 unretrieved relevant documents: R differs from the relevant documents retrieved.
void add_unretrieved(Case& c, const Space& s, Rng& rng) {
    for (int k = pick(rng, 3); k > 0; --k) add_doc(c, {1 + pick(rng, s.max_grade)});
}

std::vector<int> random_grades(int length, int top, Rng& rng) {
    std::vector<int> g(static_cast<std::size_t>(length));
    for (int& x : g) x = pick(rng, top + 1);
    return g;
}

std::string ranks_note(const char* what, int i, int j) {
    return std::string(what) + " ranks " + std::to_string(i + 1) + " and " + std::to_string(j + 1);
}

}  // namespace

void add_scale_top(Case& c) {
    const int n = aspects(c);
    for (int a = 0; a < n; ++a) add_doc(c, only(n, a, kScaleTop));
}

// Eq. 1: r(d_{i+k}) > r(d_i) => Q(d with i and i+k swapped) > Q(d).
std::vector<Case> pri_cases(const Space& s, Rng& rng) {
    std::vector<Case> out;
    for (int length = 2; length <= 4; ++length)
        for (const std::vector<int>& g : sequences(length, s.max_grade))
            for (int i = 0; i < length; ++i)
                for (int j = i + 1; j < length; ++j) {
                    if (g[j] <= g[i]) continue;
                    Case c = ranked_grades(g);
                    c.worse = first_n(length);
                    c.better = swapped(c.worse, i, j);
                    c.note = ranks_note("swap", i, j);
                    out.push_back(std::move(c));
                }
    for (std::size_t n = 0; n < s.random; ++n) {
        const int length = 2 + pick(rng, 11);
        std::vector<int> g = random_grades(length, s.max_grade, rng);
        const int i = pick(rng, length - 1);
        const int j = i + 1 + pick(rng, length - i - 1);
        g[i] = pick(rng, s.max_grade);
        g[j] = g[i] + 1 + pick(rng, s.max_grade - g[i]);
        Case c = ranked_grades(g);
        add_unretrieved(c, s, rng);
        c.worse = first_n(length);
        c.better = swapped(c.worse, i, j);
        c.note = ranks_note("swap", i, j);
        out.push_back(std::move(c));
    }
    return out;
}

// Eq. 2: r(d_i) = r(d_j) < r(d_{i+1}) = r(d_{j+1}), i < j => Q(d swapped at i, i+1) > Q(d
// swapped at j, j+1). (j = i + 1 is impossible: d_{i+1} = d_j would be both.)
std::vector<Case> deep_cases(const Space& s, Rng& rng) {
    std::vector<Case> out;
    auto make = [&](const std::vector<int>& g, int i, int j) {
        Case c = ranked_grades(g);
        const int length = static_cast<int>(g.size());
        c.better = swapped(first_n(length), i, i + 1);
        c.worse = swapped(first_n(length), j, j + 1);
        c.note = ranks_note("better: swap", i, i + 1) + "; worse: swap ranks " + std::to_string(j + 1) + " and " +
                 std::to_string(j + 2);
        return c;
    };
    for (int length = 4; length <= 5; ++length)
        for (const std::vector<int>& g : sequences(length, s.max_grade))
            for (int i = 0; i + 3 < length; ++i)
                for (int j = i + 2; j + 1 < length; ++j)
                    if (g[i] == g[j] && g[i + 1] == g[j + 1] && g[i] < g[i + 1]) out.push_back(make(g, i, j));
    for (std::size_t n = 0; n < s.random; ++n) {
        const int length = 4 + pick(rng, 9);
        std::vector<int> g = random_grades(length, s.max_grade, rng);
        const int i = pick(rng, length - 3);
        const int j = i + 2 + pick(rng, length - 1 - (i + 2));
        const int low = pick(rng, s.max_grade), high = low + 1 + pick(rng, s.max_grade - low);
        g[i] = g[j] = low;
        g[i + 1] = g[j + 1] = high;
        Case c = make(g, i, j);
        add_unretrieved(c, s, rng);
        out.push_back(std::move(c));
    }
    return out;
}

// Eq. 3: Q(d_rel, d_nonrel x (2n-1)) > Q(d_nonrel x n, d_rel x n); binary relevance, n relevant
// documents judged. One case per n.
std::vector<Case> deep_threshold_cases(int bound) {
    std::vector<Case> out;
    for (int n = 1; n <= bound; ++n) {
        Case c;
        for (int k = 0; k < n; ++k) add_doc(c, {1});          // relevant: 0..n-1
        for (int k = 0; k < 2 * n - 1; ++k) add_doc(c, {0});  // non-relevant: n..3n-2
        c.better = {0};
        for (int k = 0; k < 2 * n - 1; ++k) c.better.push_back(n + k);
        for (int k = 0; k < n; ++k) c.worse.push_back(n + k);
        for (int k = 0; k < n; ++k) c.worse.push_back(k);
        c.param = n;
        c.note = "n = " + std::to_string(n);
        out.push_back(std::move(c));
    }
    return out;
}

// Eq. 4: Q(d_rel, d_nonrel x (2m-1)) < Q(d_nonrel x m, d_rel x m); the deep ranking is `better`.
std::vector<Case> close_threshold_cases(int bound) {
    std::vector<Case> out = deep_threshold_cases(bound);
    for (Case& c : out) {
        std::swap(c.better, c.worse);
        c.note = "m = " + std::to_string(c.param);
    }
    return out;
}

// Eq. 5: Q(d) > Q(d, d_nonrel): a judged non-relevant document appended.
std::vector<Case> confidence_cases(const Space& s, Rng& rng) {
    std::vector<Case> out;
    auto make = [&](const std::vector<int>& g) {
        Case c = ranked_grades(g);
        const int length = static_cast<int>(g.size());
        c.better = first_n(length);
        c.worse = c.better;
        c.worse.push_back(add_doc(c, {0}));
        c.note = "a non-relevant document appended at rank " + std::to_string(length + 1);
        ensure_relevant(c);
        return c;
    };
    for (int length = 1; length <= 4; ++length)
        for (const std::vector<int>& g : sequences(length, s.max_grade)) out.push_back(make(g));
    for (std::size_t n = 0; n < s.random; ++n) {
        Case c = make(random_grades(1 + pick(rng, 12), s.max_grade, rng));
        add_unretrieved(c, s, rng);
        out.push_back(std::move(c));
    }
    return out;
}

// Eq. 6: d'_i at least as relevant as d_i to every aspect and more to one => Q(d with d'_i) > Q(d).
std::vector<Case> aspect_diversity_cases(const Space& s, Rng& rng) {
    std::vector<Case> out;
    auto make = [&](const std::vector<Grades>& docs, int i, int t, int grade) {
        Case c;
        for (const Grades& g : docs) add_doc(c, g);
        Grades richer = docs[static_cast<std::size_t>(i)];
        richer[static_cast<std::size_t>(t)] = grade;
        c.worse = first_n(static_cast<int>(docs.size()));
        c.better = c.worse;
        c.better[static_cast<std::size_t>(i)] = add_doc(c, richer);
        c.note = "rank " + std::to_string(i + 1) + " replaced by a document more relevant to aspect " +
                 std::to_string(t + 1);
        balance(c);
        return c;
    };
    const std::vector<std::vector<int>> pairs = sequences(2, s.max_grade);  // a document's two grades
    for (int length = 1; length <= 2; ++length)
        for (const std::vector<int>& which : sequences(length, static_cast<int>(pairs.size()) - 1)) {
            std::vector<Grades> docs;
            for (int w : which) docs.push_back(pairs[static_cast<std::size_t>(w)]);
            for (int i = 0; i < length; ++i)
                for (int t = 0; t < 2; ++t)
                    if (docs[i][t] < s.max_grade) out.push_back(make(docs, i, t, docs[i][t] + 1));
        }
    for (std::size_t n = 0; n < s.random; ++n) {
        const int n_aspects = 2 + pick(rng, 2), length = 1 + pick(rng, 8);
        std::vector<Grades> docs(static_cast<std::size_t>(length), Grades(static_cast<std::size_t>(n_aspects), 0));
        for (Grades& g : docs)
            for (int& x : g) x = pick(rng, 3) == 0 ? 1 + pick(rng, s.max_grade) : 0;
        const int i = pick(rng, length), t = pick(rng, n_aspects);
        if (docs[i][t] == s.max_grade) docs[i][t] = pick(rng, s.max_grade);
        out.push_back(make(docs, i, t, docs[i][t] + 1 + pick(rng, s.max_grade - docs[i][t])));
    }
    return out;
}

// Eq. 7: binary relevance, balanced aspects, no overlap; more documents of d relevant to t than to
// t' => Q(d, d') > Q(d, d_t), d' relevant to t' and d_t to t.
std::vector<Case> redundancy_cases(const Space& s, Rng& rng) {
    std::vector<Case> out;
    // labels: 0 non-relevant, a + 1 relevant to aspect a (grade 1)
    auto add = [&](const std::vector<int>& labels, int n_aspects, int t, int t2) {
        Case c;
        for (int l : labels) add_doc(c, only(n_aspects, l - 1, 1));
        std::vector<int> prefix = first_n(static_cast<int>(labels.size()));
        c.better = c.worse = prefix;
        c.better.push_back(add_doc(c, only(n_aspects, t2, 1)));
        c.worse.push_back(add_doc(c, only(n_aspects, t, 1)));
        c.note = "better appends a document relevant to aspect " + std::to_string(t2 + 1) +
                 ", worse one relevant to aspect " + std::to_string(t + 1);
        balance(c);
        out.push_back(std::move(c));
    };
    auto all_pairs = [&](const std::vector<int>& labels, int n_aspects) {
        std::vector<int> count(static_cast<std::size_t>(n_aspects), 0);
        for (int l : labels)
            if (l > 0) count[l - 1]++;
        for (int t = 0; t < n_aspects; ++t)
            for (int t2 = 0; t2 < n_aspects; ++t2)
                if (count[t] > count[t2]) add(labels, n_aspects, t, t2);
    };
    for (int length = 1; length <= 4; ++length)
        for (const std::vector<int>& labels : sequences(length, 2)) all_pairs(labels, 2);
    for (std::size_t n = 0; n < s.random; ++n) {
        const int n_aspects = 2 + pick(rng, 2), length = 1 + pick(rng, 10);
        std::vector<int> labels = random_grades(length, n_aspects, rng);
        std::vector<int> count(static_cast<std::size_t>(n_aspects), 0);
        for (int l : labels)
            if (l > 0) count[l - 1]++;
        const int t = pick(rng, n_aspects), t2 = pick(rng, n_aspects);
        if (count[t] > count[t2]) add(labels, n_aspects, t, t2);
    }
    return out;
}

// Eq. 8: two balanced aspects; every document of d more relevant to t than to t'; d_t relevant to
// t only, d' to t' only, with the same grade => Q(d, d') > Q(d, d_t). d is not empty (for the
// empty ranking both sides are the same up to the aspects' names).
std::vector<Case> monotonic_redundancy_cases(const Space& s, Rng& rng) {
    std::vector<Case> out;
    std::vector<Grades> leaning;  // (g_t, g_t') with g_t > g_t'
    for (int a = 1; a <= s.max_grade; ++a)
        for (int b = 0; b < a; ++b) leaning.push_back({a, b});
    auto add = [&](const std::vector<int>& which, int t, int grade) {
        Case c;
        for (int w : which) {
            Grades g = leaning[static_cast<std::size_t>(w)];
            if (t == 1) std::swap(g[0], g[1]);
            add_doc(c, g);
        }
        c.better = c.worse = first_n(static_cast<int>(which.size()));
        c.better.push_back(add_doc(c, only(2, 1 - t, grade)));
        c.worse.push_back(add_doc(c, only(2, t, grade)));
        c.note = "every ranked document leans to aspect " + std::to_string(t + 1) +
                 "; better appends one relevant to aspect " + std::to_string(2 - t) + " (grade " +
                 std::to_string(grade) + "), worse one relevant to aspect " + std::to_string(t + 1);
        balance(c);
        out.push_back(std::move(c));
    };
    for (int length = 1; length <= 3; ++length)
        for (const std::vector<int>& which : sequences(length, static_cast<int>(leaning.size()) - 1))
            for (int t = 0; t < 2; ++t)
                for (int grade = 1; grade <= s.max_grade; ++grade) add(which, t, grade);
    for (std::size_t n = 0; n < s.random; ++n) {
        std::vector<int> which = random_grades(1 + pick(rng, 8), static_cast<int>(leaning.size()) - 1, rng);
        add(which, pick(rng, 2), 1 + pick(rng, s.max_grade));
    }
    return out;
}

// Eq. 9: no aspect overlap; r(d_n, t) = r_max and r(d_{n+1}, t) > 0 => Q(d) >= Q(d, d_{n+1}).
// Grades 0..grade_bound, with a document of the top grade judged for every aspect (so that
// measures that scale grades by the highest one see the same scale); one set of cases per r_max.
std::vector<Case> saturation_cases(int grade_bound, const Space& s, Rng& rng) {
    std::vector<Case> out;
    auto add = [&](const std::vector<std::pair<int, int>>& prefix, int n_aspects, int r_max, int next) {
        Case c;
        for (auto [a, g] : prefix) add_doc(c, only(n_aspects, a, g));
        c.better = first_n(static_cast<int>(prefix.size()));
        c.better.push_back(add_doc(c, only(n_aspects, 0, r_max)));
        c.worse = c.better;
        c.worse.push_back(add_doc(c, only(n_aspects, 0, next)));
        for (int a = 0; a < n_aspects; ++a) add_doc(c, only(n_aspects, a, grade_bound));
        c.strict = false;
        c.param = r_max;
        c.note = "rank " + std::to_string(prefix.size() + 1) + " has grade " + std::to_string(r_max) +
                 " for aspect 1; worse appends a document of grade " + std::to_string(next) + " for aspect 1";
        balance(c);
        out.push_back(std::move(c));
    };
    for (int r_max = 1; r_max <= grade_bound; ++r_max) {
        for (int n_aspects = 1; n_aspects <= 2; ++n_aspects) {
            // a prefix document: non-relevant, or relevant to one aspect with a grade
            std::vector<std::pair<int, int>> kinds = {{-1, 0}};
            for (int a = 0; a < n_aspects; ++a)
                for (int g = 1; g <= grade_bound; ++g) kinds.push_back({a, g});
            for (int length = 0; length <= 2; ++length)
                for (const std::vector<int>& which : sequences(length, static_cast<int>(kinds.size()) - 1)) {
                    if (length == 0 && !which.empty()) continue;
                    std::vector<std::pair<int, int>> prefix;
                    for (int k = 0; k < length; ++k) prefix.push_back(kinds[static_cast<std::size_t>(which[k])]);
                    for (int next = 1; next <= grade_bound; ++next) add(prefix, n_aspects, r_max, next);
                }
        }
        for (std::size_t n = 0; n < s.random / static_cast<std::size_t>(grade_bound); ++n) {
            const int n_aspects = 1 + pick(rng, 3), length = pick(rng, 9);
            std::vector<std::pair<int, int>> prefix;
            for (int k = 0; k < length; ++k) {
                const int a = pick(rng, n_aspects + 1) - 1;
                prefix.push_back({a, a < 0 ? 0 : 1 + pick(rng, grade_bound)});
            }
            add(prefix, n_aspects, r_max, 1 + pick(rng, grade_bound));
        }
    }
    return out;
}

// Eq. 10: no aspect overlap; d_i relevant to t and d'_i to t', the same grade, neither aspect seen
// before rank i; w(t') > w(t) => Q(d with d'_i at i) > Q(d). Documents after rank i are any.
std::vector<Case> aspect_relevance_cases(const Space& s, Rng& rng) {
    std::vector<Case> out;
    auto add = [&](std::vector<double> weights, const std::vector<int>& before, int t, int t2, int grade,
                   const std::vector<std::pair<int, int>>& after) {
        const int n_aspects = static_cast<int>(weights.size());
        Case c;
        c.weights = std::move(weights);
        for (int a : before) add_doc(c, only(n_aspects, a, a < 0 ? 0 : 1));
        const int i = static_cast<int>(before.size());
        const int d = add_doc(c, only(n_aspects, t, grade));
        for (auto [a, g] : after) add_doc(c, only(n_aspects, a, g));
        c.worse = first_n(static_cast<int>(c.docs.size()));
        c.better = c.worse;
        c.better[static_cast<std::size_t>(i)] = add_doc(c, only(n_aspects, t2, grade));
        (void)d;
        c.note = "rank " + std::to_string(i + 1) + ": a document relevant to aspect " + std::to_string(t + 1) +
                 " replaced by one relevant to aspect " + std::to_string(t2 + 1) + " (higher weight)";
        balance(c);
        out.push_back(std::move(c));
    };
    for (int flip = 0; flip < 2; ++flip) {
        const int t = flip, t2 = 1 - flip;
        std::vector<double> w = flip ? std::vector<double>{0.6, 0.4} : std::vector<double>{0.4, 0.6};
        for (int before = 0; before <= 2; ++before)
            for (int after_length = 0; after_length <= 2; ++after_length)
                for (const std::vector<int>& labels : sequences(after_length, 2))
                    for (int grade = 1; grade <= s.max_grade; ++grade) {
                        std::vector<std::pair<int, int>> after;
                        for (int l : labels) after.push_back({l - 1, l == 0 ? 0 : 1});
                        add(w, std::vector<int>(static_cast<std::size_t>(before), -1), t, t2, grade, after);
                    }
    }
    for (std::size_t n = 0; n < s.random; ++n) {
        const int n_aspects = 2 + pick(rng, 2);
        std::vector<double> w;
        double sum = 0;
        for (int a = 0; a < n_aspects; ++a) sum += w.emplace_back(1 + pick(rng, 9));
        for (double& x : w) x /= sum;
        const int t = pick(rng, n_aspects), t2 = pick(rng, n_aspects);
        if (!(w[t2] > w[t])) continue;
        std::vector<int> before;
        for (int k = pick(rng, 4); k > 0; --k) {
            const int a = pick(rng, n_aspects + 1) - 1;
            before.push_back(a == t || a == t2 ? -1 : a);
        }
        std::vector<std::pair<int, int>> after;
        for (int k = pick(rng, 5); k > 0; --k) {
            const int a = pick(rng, n_aspects + 1) - 1;
            after.push_back({a, a < 0 ? 0 : 1 + pick(rng, s.max_grade)});
        }
        add(w, before, t, t2, 1 + pick(rng, s.max_grade), after);
    }
    return out;
}

}  // namespace irlens::axioms
