// `irlens judgments`: two sets of relevance judgments compared, labels and conclusions (issue 38).
// The labels: judgment_agreement() (judgment_comparison.hpp). The conclusions: every run is
// evaluated under qrels A and under qrels B (B's grades mapped first when a map is given), both
// restricted to the topics both sets judge, every topic scored (MissingTopics::Zero: an
// unanswered topic scores as trec_eval -c scores it); each measure's two score matrices, on the
// topics where both are defined, go to conclusions_agreement() (conclusions_agreement.hpp).
#pragma once

#include "irlens/evaluation/evaluate.hpp"
#include "irlens/readers/qrels.hpp"
#include "irlens/readers/run.hpp"
#include "irlens/stats/conclusions_agreement.hpp"
#include "irlens/stats/judgment_comparison.hpp"

#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace irlens {

struct JudgmentsSettings {
    int threshold = 1;  // --threshold: binary relevance is grade >= threshold
    GradeMap map_b;     // --map-b
    ConclusionSettings conclusions;
};

struct JudgmentsReport {
    JudgmentsSettings settings;
    JudgmentAgreement labels;
    std::vector<ConclusionsAgreement> measures;  // empty without runs
    std::string topic_policy;                    // the topics the runs are scored on ("" without runs)
    std::vector<std::string> warnings;           // the two evaluations' (each prefixed by its qrels)
};

/// Reads the runs against the qrels given (a run is read against one qrels index: it is read
/// once per set).
using ReadRuns = std::function<std::vector<std::shared_ptr<const Run>>(const std::shared_ptr<const Qrels>&)>;

/// The whole comparison. Without measures (or read_runs empty) only the labels are compared.
/// UsageError when runs are given without a measure, for fewer than 2 runs, or a text-valued measure.
JudgmentsReport compare_judgments(const std::shared_ptr<const Qrels>& a, const std::shared_ptr<const Qrels>& b,
                                  const ReadRuns& read_runs, const std::vector<MeasureSpec>& measures,
                                  const EvalOptions& eval, const JudgmentsSettings& s);

/// The same with runs already read against qrels a (the JS API's and Python's Run objects): each is
/// re-read (rebind, leave_one_out.hpp) against both restricted sets. Topics of b only are not
/// compared, so nothing is lost by runs that dropped them when read against a.
JudgmentsReport compare_judgments(const std::shared_ptr<const Qrels>& a, const std::shared_ptr<const Qrels>& b,
                                  const std::vector<std::shared_ptr<const Run>>& runs_of_a,
                                  const std::vector<MeasureSpec>& measures, const EvalOptions& eval,
                                  const JudgmentsSettings& s);

}  // namespace irlens
