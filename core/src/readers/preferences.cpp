// Reading preference judgments (trec_eval 10.0's get_prefs.c and get_qrels_prefs.c; NIST) and
// building each judgment group's representation (form_prefs_counts.c form_jg_ec / form_jg_pa),
// which depends on the judgments only. The run-dependent counting is in
// measures/preference_counts.cpp.
#include "irlens/readers/preferences.hpp"

#include "irlens/error.hpp"
#include "irlens/measures/measure.hpp"

#include <algorithm>
#include <cstring>
#include <limits>
#include <numeric>
#include <unordered_map>

namespace irlens {

namespace {

/// Interned names (topics, groups, sub-groups, docs) with a one-entry cache for runs of equal names.
struct Names {
    std::vector<std::string> names;
    std::unordered_map<std::string, std::uint32_t> ids;
    std::uint32_t last = 0;

    std::uint32_t id(std::string_view name) {
        if (!names.empty() && names[last] == name) return last;
        auto it = ids.find(std::string(name));
        if (it == ids.end()) {
            it = ids.emplace(std::string(name), static_cast<std::uint32_t>(names.size())).first;
            names.emplace_back(name);
        }
        return last = it->second;
    }
    /// rank[id] = position of the name in byte order.
    std::vector<std::uint32_t> ranks() const {
        std::vector<std::uint32_t> order(names.size()), rank(names.size());
        std::iota(order.begin(), order.end(), 0u);
        std::sort(order.begin(), order.end(), [&](std::uint32_t a, std::uint32_t b) { return names[a] < names[b]; });
        for (std::uint32_t i = 0; i < order.size(); ++i) rank[order[i]] = i;
        return rank;
    }
};

struct PrefLine {
    std::uint32_t topic, group, subgroup, doc, line;  // ids in Loaded's Names; the 1-based line
    double level;
};

/// Everything read from the file.
struct Loaded {
    std::string source;
    PrefsFormat format;
    Names topics, groups, subgroups, docs;
    std::vector<PrefLine> lines;

    const std::string& doc(const PrefLine& l) const { return docs.names[l.doc]; }
    std::string where(const PrefLine& l) const {
        if (format == PrefsFormat::QrelsPrefs)
            return "topic '" + quote_bytes(topics.names[l.topic]) + "', iter '" + quote_bytes(groups.names[l.group]) +
                   "'";
        return "topic '" + quote_bytes(topics.names[l.topic]) + "', judgment group '" +
               quote_bytes(groups.names[l.group]) + "'";
    }
};

/// A (topic, group, sub-group, doc) given twice: the repeat earliest in the file is reported.
/// `order` sorts the lines by topic, doc, group, sub-group, line.
void check_repeats(const Loaded& in, const std::vector<std::uint32_t>& order) {
    const PrefLine* repeat = nullptr;
    const PrefLine* first = nullptr;
    std::size_t start = 0;
    for (std::size_t k = 1; k <= order.size(); ++k) {
        const PrefLine& a = in.lines[order[start]];
        if (k < order.size()) {
            const PrefLine& b = in.lines[order[k]];
            if (a.topic == b.topic && a.group == b.group && a.subgroup == b.subgroup && a.doc == b.doc) continue;
        }
        if (k - start > 1 && (!repeat || in.lines[order[start + 1]].line < repeat->line)) {
            repeat = &in.lines[order[start + 1]];
            first = &a;
        }
        start = k;
    }
    if (!repeat) return;
    std::string what = "document '" + quote_bytes(in.doc(*repeat)) + "' given twice for " + in.where(*repeat);
    if (in.format == PrefsFormat::Prefs)
        what += ", sub-group '" + quote_bytes(in.subgroups.names[repeat->subgroup]) + "'";
    throw InputError(in.source, repeat->line, what + " (first at line " + std::to_string(first->line) + ")");
}

/// One judgment group from its lines `idx[0..n)`, sorted by sub-group, decreasing rel_level, doc.
/// doc_no: the topic doc number of every line.
PrefsGroup build_group(const Loaded& in, const std::vector<std::uint32_t>& doc_no, const std::uint32_t* idx,
                       std::size_t n) {
    PrefsGroup g;
    const PrefLine& head = in.lines[idx[0]];
    g.name = in.groups.names[head.group];
    for (std::size_t k = 1; k < n; ++k) g.partial = g.partial || in.lines[idx[k]].subgroup != head.subgroup;

    if (!g.partial) {
        // form_jg_ec: a new equivalence class wherever rel_level changes.
        for (std::size_t k = 0; k < n; ++k) {
            double level = in.lines[idx[k]].level;
            if (k == 0 || level != g.class_level.back()) {
                if (k) g.class_end.push_back(static_cast<std::uint32_t>(g.docs.size()));
                g.class_level.push_back(level);
            }
            g.docs.push_back(doc_no[idx[k]]);
        }
        g.class_end.push_back(static_cast<std::uint32_t>(g.docs.size()));
        return g;
    }

    // form_jg_pa: the group's docs, their rel_level (trec_eval's rel_array keeps the last one seen,
    // i.e. the one in the last sub-group) and the relation between them.
    for (std::size_t k = 0; k < n; ++k) g.docs.push_back(doc_no[idx[k]]);
    std::sort(g.docs.begin(), g.docs.end());
    g.docs.erase(std::unique(g.docs.begin(), g.docs.end()), g.docs.end());
    std::size_t m = g.docs.size(), words = g.words_per_row();
    std::vector<std::uint32_t> local(n);
    for (std::size_t k = 0; k < n; ++k)
        local[k] =
            static_cast<std::uint32_t>(std::lower_bound(g.docs.begin(), g.docs.end(), doc_no[idx[k]]) - g.docs.begin());

    // trec_eval's consistency rule, applied as it does, line after line: a doc whose previous
    // rel_level in the group is > 0 may not get 0 and vice versa.
    std::vector<std::int64_t> previous(m, -1);  // the line index of each doc's previous line
    const PrefLine* bad = nullptr;
    const PrefLine* bad_before = nullptr;
    g.level.assign(m, -1.0);
    for (std::size_t k = 0; k < n; ++k) {
        const PrefLine& l = in.lines[idx[k]];
        if (previous[local[k]] >= 0) {
            const PrefLine& p = in.lines[static_cast<std::size_t>(previous[local[k]])];
            if (((p.level > 0.0 && l.level == 0.0) || (p.level == 0.0 && l.level > 0.0)) &&
                (!bad || l.line < bad->line)) {
                bad = &l;
                bad_before = &p;
            }
        }
        previous[local[k]] = idx[k];
        g.level[local[k]] = l.level;
    }
    if (bad)
        throw InputError(in.source, bad->line,
                         "document '" + quote_bytes(in.doc(*bad)) + "' has rel_level " + format_number(bad->level) +
                             " in sub-group '" + quote_bytes(in.subgroups.names[bad->subgroup]) + "' but " +
                             format_number(bad_before->level) + " in sub-group '" +
                             quote_bytes(in.subgroups.names[bad_before->subgroup]) + "' (line " +
                             std::to_string(bad_before->line) + ") of " + in.where(*bad) +
                             ": within a judgment group a document is either non-relevant (0) or not");

    // Direct preferences: inside each sub-group, every doc over every doc of lower rel_level.
    g.closure.assign(m * words, 0);
    auto row = [&](std::size_t i) { return &g.closure[i * words]; };
    std::vector<std::uint64_t> lower(words);
    for (std::size_t end = n; end > 0;) {
        std::size_t begin = end;  // [begin, end): one sub-group
        while (begin > 0 && in.lines[idx[begin - 1]].subgroup == in.lines[idx[end - 1]].subgroup) --begin;
        std::fill(lower.begin(), lower.end(), 0);
        for (std::size_t top = end; top > begin;) {  // classes of equal rel_level, lowest first
            std::size_t c = top - 1;
            while (c > begin && in.lines[idx[c - 1]].level == in.lines[idx[top - 1]].level) --c;
            for (std::size_t k = c; k < top; ++k)
                for (std::size_t w = 0; w < words; ++w) row(local[k])[w] |= lower[w];
            for (std::size_t k = c; k < top; ++k) lower[local[k] / 64] |= std::uint64_t(1) << (local[k] % 64);
            top = c;
        }
        end = begin;
    }
    // Transitive closure (Warshall; trec_eval squares the matrix until it stops changing: same relation).
    for (std::size_t k = 0; k < m; ++k)
        for (std::size_t i = 0; i < m; ++i)
            if (g.prefers(i, k))
                for (std::size_t w = 0; w < words; ++w) row(i)[w] |= row(k)[w];
    // trec_eval aborts on a relation that prefers two docs to each other.
    for (std::size_t i = 0; i < m; ++i) {
        for (std::size_t j = i + 1; j < m; ++j) {
            if (!g.prefers(i, j) || !g.prefers(j, i)) continue;
            const PrefLine* at_i = nullptr;  // the first line of each doc in the group
            const PrefLine* at_j = nullptr;
            for (std::size_t k = 0; k < n; ++k) {
                const PrefLine& l = in.lines[idx[k]];
                if (local[k] == i && (!at_i || l.line < at_i->line)) at_i = &l;
                if (local[k] == j && (!at_j || l.line < at_j->line)) at_j = &l;
            }
            throw InputError(in.source, std::max(at_i->line, at_j->line),
                             "inconsistent preferences in " + in.where(head) + ": documents '" +
                                 quote_bytes(in.doc(*at_i)) + "' (line " + std::to_string(at_i->line) + ") and '" +
                                 quote_bytes(in.doc(*at_j)) + "' (line " + std::to_string(at_j->line) +
                                 ") are each preferred to the other, directly or through other documents");
        }
    }
    return g;
}

}  // namespace

struct PrefsReader::Raw : Loaded {};

PrefsReader::PrefsReader(std::string source, PrefsFormat format) : raw_(new Raw), lines_(source) {
    raw_->source = std::move(source);
    raw_->format = format;
}

PrefsReader::~PrefsReader() = default;

void PrefsReader::feed(std::string_view chunk) {
    lines_.feed(chunk, [this](std::string_view line, std::uint64_t no) { on_line(line, no); });
}

void PrefsReader::on_line(std::string_view line, std::uint64_t line_no) {
    Raw& r = *raw_;
    if (text::is_blank_or_comment(line)) return;
    if (line_no > std::numeric_limits<std::uint32_t>::max())
        throw InputError(r.source, line_no, "file too large: more than 4294967295 lines");
    if (std::memchr(line.data(), '\0', line.size()))
        throw InputError(r.source, line_no, "NUL byte in line (binary file?)");
    bool qrels = r.format == PrefsFormat::QrelsPrefs;
    std::size_t want = qrels ? 4 : 5;
    std::string_view f[5];
    std::size_t n = text::split_fields(line, f, want);
    if (n != want)
        throw InputError(r.source, line_no,
                         "expected " + std::to_string(want) + " columns (" +
                             (qrels ? "topic iter doc rel" : "topic jg jsg doc rel_level") + "), found " +
                             (n > want ? std::string("more") : std::to_string(n)));
    double level;
    if (!text::parse_double(f[want - 1], level))
        throw InputError(
            r.source, line_no,
            std::string(qrels ? "relevance '" : "rel_level '") + quote_bytes(f[want - 1]) + "' is not a number");
    PrefLine l;
    l.topic = r.topics.id(f[0]);
    l.group = r.groups.id(f[1]);
    l.subgroup = r.subgroups.id(qrels ? std::string_view("0") : f[2]);
    if (f[want - 2].size() > 0xFFFF) throw InputError(r.source, line_no, "document id longer than 65535 bytes");
    l.doc = r.docs.id(f[want - 2]);
    l.line = static_cast<std::uint32_t>(line_no);
    l.level = level;
    r.lines.push_back(l);
}

std::shared_ptr<const Preferences> PrefsReader::finish() {
    lines_.finish([this](std::string_view line, std::uint64_t no) { on_line(line, no); });
    const Loaded& in = *raw_;
    if (in.lines.empty()) throw InputError(in.source, 0, "no preferences found (empty file?)");
    std::vector<std::uint32_t> topic_rank = in.topics.ranks(), group_rank = in.groups.ranks(),
                               subgroup_rank = in.subgroups.ranks(), doc_rank = in.docs.ranks();

    // Lines by topic, doc, group, sub-group, line: numbers each topic's docs, finds repeats.
    std::vector<std::uint32_t> order(in.lines.size());
    std::iota(order.begin(), order.end(), 0u);
    std::sort(order.begin(), order.end(), [&](std::uint32_t a, std::uint32_t b) {
        const PrefLine& x = in.lines[a];
        const PrefLine& y = in.lines[b];
        if (x.topic != y.topic) return topic_rank[x.topic] < topic_rank[y.topic];
        if (x.doc != y.doc) return doc_rank[x.doc] < doc_rank[y.doc];
        if (x.group != y.group) return group_rank[x.group] < group_rank[y.group];
        if (x.subgroup != y.subgroup) return subgroup_rank[x.subgroup] < subgroup_rank[y.subgroup];
        return x.line < y.line;
    });
    check_repeats(in, order);

    // The (topic, doc) index, fed to a QrelsReader in topic and doc order so that judgment k of a
    // topic is its doc number k.
    std::vector<std::uint32_t> doc_no(in.lines.size());
    QrelsReader qrels_reader(in.source, QrelsFormat::Plain);
    std::string chunk;
    std::uint32_t next_doc = 0;
    bool relevant = false;
    for (std::size_t k = 0; k < order.size(); ++k) {
        const PrefLine& l = in.lines[order[k]];
        if (k && in.lines[order[k - 1]].topic != l.topic) next_doc = 0;
        doc_no[order[k]] = next_doc;
        relevant = relevant || l.level > 0.0;
        bool last_of_doc =
            k + 1 == order.size() || in.lines[order[k + 1]].topic != l.topic || in.lines[order[k + 1]].doc != l.doc;
        if (!last_of_doc) continue;
        chunk += in.topics.names[l.topic];
        chunk += " 0 ";
        chunk += in.doc(l);
        chunk += relevant ? " 1\n" : " 0\n";
        if (chunk.size() > (1 << 16)) {
            qrels_reader.feed(chunk);
            chunk.clear();
        }
        ++next_doc;
        relevant = false;
    }
    qrels_reader.feed(chunk);

    auto prefs = std::make_shared<Preferences>();
    prefs->source_ = in.source;
    prefs->format_ = in.format;
    prefs->qrels_ = qrels_reader.finish();
    prefs->num_lines_ = in.lines.size();
    prefs->topics_.resize(prefs->qrels_->num_topics());

    // Groups: each topic's lines by group, sub-group, decreasing rel_level, doc.
    std::sort(order.begin(), order.end(), [&](std::uint32_t a, std::uint32_t b) {
        const PrefLine& x = in.lines[a];
        const PrefLine& y = in.lines[b];
        if (x.topic != y.topic) return topic_rank[x.topic] < topic_rank[y.topic];
        if (x.group != y.group) return group_rank[x.group] < group_rank[y.group];
        if (x.subgroup != y.subgroup) return subgroup_rank[x.subgroup] < subgroup_rank[y.subgroup];
        if (x.level != y.level) return x.level > y.level;
        return doc_no[a] < doc_no[b];
    });
    for (std::size_t start = 0, k = 1; k <= order.size(); ++k) {
        const PrefLine& a = in.lines[order[start]];
        if (k < order.size() && in.lines[order[k]].topic == a.topic && in.lines[order[k]].group == a.group) continue;
        prefs->topics_[topic_rank[a.topic]].push_back(build_group(in, doc_no, &order[start], k - start));
        start = k;
    }
    raw_.reset(new Raw);
    return prefs;
}

std::shared_ptr<const Preferences> read_prefs(std::string source, std::string_view bytes, PrefsFormat format) {
    PrefsReader reader(std::move(source), format);
    reader.feed(bytes);
    return reader.finish();
}

}  // namespace irlens
