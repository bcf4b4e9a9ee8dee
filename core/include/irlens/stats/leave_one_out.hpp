// The leave-one-out (LOO) pool test (Sakai, PROMISE 2013, Sec. 5.4, Fig. 18; Zobel, SIGIR 1998,
// left out single runs, Sakai whole teams): how would a group's runs have scored had the group
// not contributed to the pool?
//
// Contributions: the judged documents a run retrieved in its top pool_depth (in evaluation order)
// form its contribution C_j to the pool of the topic; a group's contribution is the union over its
// runs. Its unique contributions U_j = C_j minus every other group's contributions. The LOO qrels
// for group j are the qrels without the judgments of U_j's documents (all their judgment rows);
// judged documents no run retrieved within pool_depth belong to no group and always stay.
// Contributions are computed from the runs given: to model a campaign's pool, give its contributing
// runs and its pool depth.
//
// For each group, its runs are re-read against its LOO qrels and evaluated with the same options;
// the other runs keep their scores on the full qrels. A run's LOO rank is its rank among all runs
// when its own group's runs take their LOO scores (1 = best; tied scores share the better rank).
// Limits (irlens' reading): measures that look at the other runs of the evaluation (EvalContext)
// see only the left-out group's runs in the LOO evaluation; a topic whose every judgment is a
// unique contribution of the group drops out of that group's LOO evaluation (a warning says so).
#pragma once

#include "irlens/evaluation/evaluate.hpp"
#include "irlens/measures/measure.hpp"
#include "irlens/readers/qrels.hpp"
#include "irlens/readers/run.hpp"

#include <memory>
#include <string>
#include <vector>

namespace irlens {

struct LeaveOneOutOptions {
    std::size_t pool_depth = 100;  // documents per run and topic that count as contributed
    EvalOptions eval;              // as for evaluate() (missing-topic policy, optional inputs)
};

struct LeaveOneOutRun {
    std::string run, group;
    std::size_t unique_judgments = 0;              // judgment rows removed from the qrels for this run's group
    std::size_t unique_relevant = 0;               // of which rel > 0
    std::vector<double> full, loo;                 // [measure] aggregate score with the full / the LOO qrels
    std::vector<std::size_t> full_rank, loo_rank;  // [measure]
};

struct LeaveOneOut {
    std::vector<MeasureSpec> measures;
    std::size_t pool_depth = 0;
    std::vector<LeaveOneOutRun> runs;          // in input order
    std::vector<double> kendall_tau_b;         // [measure] tau-b between the full and the LOO scores of all runs
    std::vector<double> mean_abs_change;       // [measure] mean |LOO - full| over the runs
    std::vector<std::size_t> max_rank_change;  // [measure] max |LOO rank - full rank|
    std::vector<std::string> warnings;
};

/// The run re-read against other qrels (a run is read against one qrels index): the same entries,
/// topics absent from `qrels` dropped as the reader drops them. Also used by judgments.hpp.
std::shared_ptr<const Run> rebind(const Run& run, const std::shared_ptr<const Qrels>& qrels);

/// groups[i] is the group of runs[i]. UsageError when the sizes differ or pool_depth is 0.
LeaveOneOut leave_one_out(const std::shared_ptr<const Qrels>& qrels,
                          const std::vector<std::shared_ptr<const Run>>& runs, const std::vector<std::string>& groups,
                          const std::vector<MeasureSpec>& measures, const LeaveOneOutOptions& options);

}  // namespace irlens
