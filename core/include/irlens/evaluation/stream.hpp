// Evaluating a run of any size: read it one topic at a time and score each topic as soon as its
// lines are complete, then free them (RunReader::stream_topics). This needs the run grouped by
// topic, as TREC runs are (every qrels topic's lines together); memory is then the qrels, one
// topic's entries and the per-topic values, whatever the file's size.
//
// Contract: the result is evaluate(qrels, {run}, measures, options) for the one run, bit for bit
// (the same scoring code per (run, topic), the aggregates over the same values in qrels order,
// the same warnings and errors), with two exceptions:
// - feed() (or finish(), which reads the last bytes) throws NotGrouped (readers/run.hpp) when a qrels topic appears
// again after another
//   qrels topic started: start over with the in-memory path, or sort the file as it says;
// - measures that read other runs or other topics (stream_obstacle) are refused.
// options.progress is not called: the front-ends report the bytes read.
#pragma once

#include "irlens/evaluation/evaluate.hpp"

#include <memory>
#include <string>
#include <vector>

namespace irlens {

/// Why these measures cannot be scored one topic of one run at a time (the first measure that
/// needs other runs, as rareness and NRG do, or other topics, as sDCG's sessions do); empty when
/// they can.
std::string stream_obstacle(const std::vector<MeasureSpec>& measures);

class StreamEvaluation {
public:
    /// Throws UsageError when stream_obstacle(measures) is not empty, and as evaluate() does for a
    /// measure whose side input is missing.
    StreamEvaluation(std::shared_ptr<const Qrels> qrels, std::string run_name, std::vector<MeasureSpec> measures,
                     const EvalOptions& options = {}, RunOrder order = RunOrder::Score);
    ~StreamEvaluation();
    /// As RunReader::set_byte_order_mark; call before feed.
    void set_byte_order_mark(text::ByteOrderMark mode);
    /// Bytes of the run, in chunks of any size. Throws InputError for a bad line, NotGrouped (finish() too: it reads
    /// the last bytes).
    void feed(std::string_view chunk);
    /// The evaluation, as evaluate() returns it for this one run.
    Evaluation finish();
    /// After finish(): the run as read, without entries (name, tag, counts, text notes).
    const std::shared_ptr<const Run>& run() const;
    /// The qrels topics the run answered (run()->num_topics_answered() is 0: no entries are kept).
    std::size_t topics_answered() const;

private:
    struct State;
    std::unique_ptr<State> st_;
};

}  // namespace irlens
