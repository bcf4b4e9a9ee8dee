// Pairing two qrels and their label agreement (contracts: irlens/stats/judgment_comparison.hpp).
#include "irlens/stats/judgment_comparison.hpp"

#include "irlens/error.hpp"

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <set>

namespace irlens {

namespace {

void require_plain(const Qrels& q) {
    if (q.format() != QrelsFormat::Plain)
        throw UsageError(q.source() + ": comparing judgments needs plain qrels (topic iter doc rel), not grouped ones");
}

int mapped(const GradeMap& map, int grade, const std::string& source) {
    if (map.empty()) return grade;
    auto it = map.find(grade);
    if (it == map.end()) throw UsageError("--map-b has no entry for grade " + std::to_string(grade) + " of " + source);
    return it->second;
}

std::string join_grades(const std::vector<int>& g) {
    std::string s;
    for (int x : g) s += (s.empty() ? "" : ",") + std::to_string(x);
    return s.empty() ? "none" : s;
}

std::string topic_list(const std::vector<std::string>& ids) {
    std::string s;
    for (std::size_t i = 0; i < ids.size() && i < 10; ++i) s += (i ? " " : "") + ids[i];
    if (ids.size() > 10) s += " ... (" + std::to_string(ids.size()) + " in all)";
    return s;
}

/// Rebuilds plain qrels from q: only the topics in keep (all when null), grades through map.
std::shared_ptr<const Qrels> rebuild(const Qrels& q, const std::set<std::string>* keep, const GradeMap& map) {
    require_plain(q);
    std::string text;
    for (std::size_t t = 0; t < q.num_topics(); ++t) {
        const std::string topic(q.topic_id(t));
        if (keep && !keep->count(topic)) continue;
        for (const Judgment* j = q.begin(t); j != q.end(t); ++j)
            ((((text += topic) += " 0 ") += q.doc(*j)) += ' ') +=
                std::to_string(mapped(map, j->rel, q.source())) + '\n';
    }
    if (text.empty()) throw UsageError(q.source() + ": no judgment left in the topics both sets judge");
    return read_qrels(q.source(), text);
}

}  // namespace

GradeMap parse_grade_map(std::string_view text) {
    GradeMap map;
    std::size_t pos = 0;
    while (pos <= text.size()) {
        const std::size_t comma = std::min(text.find(',', pos), text.size());
        const std::string entry(text.substr(pos, comma - pos));
        const std::size_t colon = entry.find(':');
        auto integer = [&](const std::string& s, int& out) {
            char* end = nullptr;
            errno = 0;
            const long v = s.empty() ? 0 : std::strtol(s.c_str(), &end, 10);
            if (s.empty() || *end != '\0' || errno || v < -kMaxGrade || v > kMaxGrade) return false;
            out = static_cast<int>(v);
            return true;
        };
        int from = 0, to = 0;
        if (colon == std::string::npos || !integer(entry.substr(0, colon), from) ||
            !integer(entry.substr(colon + 1), to))
            throw UsageError("--map-b: '" + entry +
                             "' is not FROM:TO (two integer grades), e.g. --map-b 3:2,2:1,1:1,0:0");
        if (!map.emplace(from, to).second)
            throw UsageError("--map-b: grade " + std::to_string(from) + " is mapped twice");
        pos = comma + 1;
    }
    return map;
}

JudgmentAgreement judgment_agreement(const Qrels& a, const Qrels& b, int threshold, const GradeMap& map_b) {
    require_plain(a);
    require_plain(b);
    JudgmentAgreement r;
    r.source_a = a.source();
    r.source_b = b.source();
    r.map_b = map_b;
    // The grade range first: a set whose grades span more than kMaxLabelCategories values is
    // refused with both files named, before any matrix is built.
    long lowest = 0, highest = 0;
    bool any = false;
    auto span = [&](const Qrels& q, const GradeMap& map) {
        for (std::size_t t = 0; t < q.num_topics(); ++t)
            for (const Judgment* j = q.begin(t); j != q.end(t); ++j) {
                const long g = mapped(map, j->rel, q.source());
                lowest = any ? std::min(lowest, g) : g;
                highest = any ? std::max(highest, g) : g;
                any = true;
            }
    };
    span(a, {});
    span(b, map_b);
    if (highest - lowest >= kMaxLabelCategories)
        throw UsageError(a.source() + " and " + b.source() + ": the grades span " + std::to_string(lowest) + " to " +
                         std::to_string(highest) + ", more than " + std::to_string(kMaxLabelCategories) +
                         " grades to compare (map B's grades with --map-b, or correct the file)");
    std::set<int> grades_a, grades_b;
    std::vector<int> all_a, all_b;
    for (std::size_t t = 0; t < a.num_topics(); ++t) {
        const std::string topic(a.topic_id(t));
        for (const Judgment* j = a.begin(t); j != a.end(t); ++j) grades_a.insert(j->rel);
        const long tb = b.find_topic(topic);
        if (tb < 0) {
            r.topics_only_a.push_back(topic);
            for (const Judgment* j = a.begin(t); j != a.end(t); ++j) ++r.only_a[j->rel];
            continue;
        }
        r.topics_compared.push_back(topic);
        TopicAgreement ta;
        ta.topic = topic;
        std::vector<int> ga, gb;
        for (const Judgment* j = a.begin(t); j != a.end(t); ++j) {
            const long k = b.find(static_cast<std::size_t>(tb), a.doc(*j));
            if (k < 0) {
                ++ta.only_a[j->rel];
                continue;
            }
            ga.push_back(j->rel);
            gb.push_back(mapped(map_b, b.judgment(static_cast<std::uint32_t>(k)).rel, b.source()));
        }
        for (const Judgment* j = b.begin(static_cast<std::size_t>(tb)); j != b.end(static_cast<std::size_t>(tb)); ++j)
            if (a.find(t, b.doc(*j)) < 0) ++ta.only_b[mapped(map_b, j->rel, b.source())];
        ta.labels = label_agreement(ga, gb, threshold);
        for (auto& [g, n] : ta.only_a) r.only_a[g] += n;
        for (auto& [g, n] : ta.only_b) r.only_b[g] += n;
        all_a.insert(all_a.end(), ga.begin(), ga.end());
        all_b.insert(all_b.end(), gb.begin(), gb.end());
        r.topics.push_back(std::move(ta));
    }
    for (std::size_t t = 0; t < b.num_topics(); ++t) {
        for (const Judgment* j = b.begin(t); j != b.end(t); ++j) grades_b.insert(mapped(map_b, j->rel, b.source()));
        if (a.find_topic(b.topic_id(t)) >= 0) continue;
        r.topics_only_b.emplace_back(b.topic_id(t));
        for (const Judgment* j = b.begin(t); j != b.end(t); ++j) ++r.only_b[mapped(map_b, j->rel, b.source())];
    }
    r.overall = label_agreement(all_a, all_b, threshold);
    r.grades_a.assign(grades_a.begin(), grades_a.end());
    r.grades_b.assign(grades_b.begin(), grades_b.end());
    const std::string counts = std::to_string(r.topics_compared.size()) + " topic(s) judged in both sets compared";
    r.topic_note = counts;
    if (!r.topics_only_a.empty())
        r.topic_note += "; " + std::to_string(r.topics_only_a.size()) + " judged in " + a.source() +
                        " only, left out of the agreement and of the runs' scores: " + topic_list(r.topics_only_a);
    if (!r.topics_only_b.empty())
        r.topic_note += "; " + std::to_string(r.topics_only_b.size()) + " judged in " + b.source() +
                        " only, left out of the agreement and of the runs' scores: " + topic_list(r.topics_only_b);
    if (r.topics_only_a.empty() && r.topics_only_b.empty()) r.topic_note += " (both sets judge the same topics)";
    if (!map_b.empty()) r.scale_note = "grades of " + b.source() + " mapped (--map-b) onto " + join_grades(r.grades_b);
    if (r.grades_a != r.grades_b)
        r.scale_note += std::string(r.scale_note.empty() ? "" : "; ") +
                        "the two sets use different grades: " + a.source() + " " + join_grades(r.grades_a) + ", " +
                        b.source() + " " + join_grades(r.grades_b) +
                        (map_b.empty() ? " (a different scale? --map-b FROM:TO,... maps B's grades onto A's)" : "");
    return r;
}

std::shared_ptr<const Qrels> map_grades(const Qrels& q, const GradeMap& map) { return rebuild(q, nullptr, map); }

std::shared_ptr<const Qrels> keep_topics(const Qrels& q, const std::vector<std::string>& keep) {
    const std::set<std::string> ids(keep.begin(), keep.end());
    return rebuild(q, &ids, {});
}

}  // namespace irlens
