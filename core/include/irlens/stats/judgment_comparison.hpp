// Two sets of relevance judgments of the same collection compared (issue 38): qrels A (e.g. the
// assessors') and qrels B (a second assessor, an LLM judge). This file pairs their judgments and
// measures how the labels agree (label_agreement.hpp); conclusions_agreement.hpp says whether the
// runs' ordering holds.
//
// Pairing: only plain qrels (`topic iter doc rel`; UsageError for grouped ones). A (topic, doc)
// pair is compared when both sets judge it. Nothing is dropped silently:
// - topics: the topics compared are those both sets judge; a topic of one set only is listed
//   (topics_only_a / topics_only_b) and its judgments counted as judged in that set only;
// - documents: in a compared topic, a document judged in one set only is counted, by grade, in
//   only_a / only_b (overall and per topic); a topic whose compared pairs are none says so.
// Grades are taken as they are (negative grades too: they are categories like any other). When
// the two sets use different grades, `scale_note` says so; a GradeMap maps B's grades onto A's
// scale first (every grade B uses must then be in the map: UsageError otherwise).
#pragma once

#include "irlens/readers/qrels.hpp"
#include "irlens/stats/label_agreement.hpp"

#include <cstddef>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace irlens {

/// B's grade -> the grade it is compared as (empty: grades as they are).
using GradeMap = std::map<int, int>;
/// "3:2,2:1,1:1,0:0" -> the map. UsageError "--map-b: ..." for a malformed entry or a grade
/// mapped twice.
GradeMap parse_grade_map(std::string_view text);

/// A grade's count among judgments of one set only.
using GradeCounts = std::map<int, std::size_t>;

struct TopicAgreement {
    std::string topic;
    LabelAgreement labels;
    GradeCounts only_a, only_b;  // judged in this set only, by grade
};

struct JudgmentAgreement {
    std::string source_a, source_b;
    std::vector<std::string> topics_compared;  // judged in both, in byte order
    std::vector<std::string> topics_only_a, topics_only_b;
    std::string topic_note;               // which topics are compared and why, always set
    std::vector<int> grades_a, grades_b;  // the grades each set uses (B's after the map), ascending
    std::string scale_note;               // set when the two lists differ, or a map was applied
    GradeMap map_b;
    LabelAgreement overall;              // over every compared pair
    std::vector<TopicAgreement> topics;  // one per compared topic
    GradeCounts only_a, only_b;          // every judgment of one set only (topics of one set included)
};

/// Pairs the judgments of a and b (b's grades through map_b) and computes the agreement overall
/// and per topic, binary agreement at `threshold` (a grade >= threshold is relevant).
JudgmentAgreement judgment_agreement(const Qrels& a, const Qrels& b, int threshold = 1, const GradeMap& map_b = {});

/// q with every grade mapped (plain qrels, judgments in topic and file order): what B's runs are
/// evaluated against when a map is given. UsageError for a grade missing from the map.
std::shared_ptr<const Qrels> map_grades(const Qrels& q, const GradeMap& map);

/// q restricted to the topics `keep` (ids): the topics both sets judge, so that both evaluations
/// average over the same topics.
std::shared_ptr<const Qrels> keep_topics(const Qrels& q, const std::vector<std::string>& keep);

}  // namespace irlens
