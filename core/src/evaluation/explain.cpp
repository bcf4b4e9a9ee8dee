// explain(): one measure, one (run, topic), with the arithmetic recorded by the measure's own loop.
#include "irlens/evaluation/explain.hpp"

#include "irlens/error.hpp"
#include "irlens/evaluation/topic_view.hpp"

#include <cmath>

namespace irlens {

void Trace::finish() {
    out_->rows.clear();
    for (auto& [i, values] : rows_) {
        ExplainRow row;
        row.rank = i + 1;
        if (auto d = docs_.find(i); d != docs_.end()) {
            row.doc = d->second.first;
            row.rel = d->second.second;
        } else if (ranking_ && i < ranking_->num_ret) {
            std::size_t k = static_cast<std::size_t>(i);
            row.doc = std::string(run_->doc(ranking_->docs[k]));
            row.rel = ranking_->rels[k];
        } else {
            row.retrieved = false;
        }
        values.resize(out_->columns.size(), std::nan(""));
        row.values = std::move(values);
        out_->rows.push_back(std::move(row));
    }
    rows_.clear();
    docs_.clear();
}

Explanation explain(const std::shared_ptr<const Qrels>& qrels, const std::shared_ptr<const Run>& run,
                    const std::string& topic, const MeasureSpec& spec, const EvalOptions& inputs) {
    return explain(qrels, run, topic, spec, inputs, {});
}

Explanation explain(const std::shared_ptr<const Qrels>& qrels, const std::shared_ptr<const Run>& run,
                    const std::string& topic, const MeasureSpec& spec, const EvalOptions& inputs,
                    const std::vector<std::shared_ptr<const Run>>& runs) {
    long t = qrels->find_topic(topic);
    if (t < 0) throw UsageError("explain: topic '" + topic + "' is not in the qrels");
    EvalContext context;
    context.qrels = qrels;
    context.runs = runs;
    std::size_t index = context.runs.size();  // where `run` is among the runs
    for (std::size_t i = 0; i < context.runs.size() && index == context.runs.size(); ++i)
        if (context.runs[i] == run) index = i;
    for (std::size_t i = 0; i < context.runs.size() && index == context.runs.size(); ++i)
        if (context.runs[i]->name() == run->name()) index = i;
    if (index == context.runs.size())
        context.runs.push_back(run);
    else
        context.runs[index] = run;
    context.intents = inputs.intents;
    context.doc_lengths = inputs.doc_lengths;
    context.sessions = inputs.sessions;
    context.groups = inputs.groups;
    context.prefs = inputs.prefs;
    std::unique_ptr<TopicMeasure> measure = spec.compile();
    measure->prepare(context);
    TopicView view(context, index, static_cast<std::size_t>(t));
    Explanation out;
    out.measure = spec.name();
    out.run = run->name();
    out.topic = topic;
    out.missing = view.missing();
    Trace trace(out, *run);  // the docs of the rows are `run`'s
    if (!measure->explain(view, trace)) {
        std::string explained;  // from the registry: every measure that can explain its values
        for (const MeasureInfo& m : registry())
            if (m.explainable()) explained += (explained.empty() ? "" : ", ") + m.name;
        throw UsageError("explain: " + spec.name() + " has no explanation yet (explained: " + explained + ")");
    }
    trace.finish();
    if (out.missing && spec.info().zero_if_missing) {
        // evaluate() does not compute these on trec_eval -c's placeholder: it reports 0 (or no text).
        out.rows.clear();
        out.columns.clear();
        out.terms.clear();
        out.text.clear();
        out.value = spec.info().text_valued ? std::nan("") : 0.0;
        out.terms.emplace_back("the run did not answer the topic: trec_eval scores " + spec.name() + " 0 for it",
                               out.value);
    }
    return out;
}

}  // namespace irlens
