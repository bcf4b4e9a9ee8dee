// The ndeval front-end (ndeval.c v4.5, NIST): its measure set, topic rows, averaging, risk-
// sensitive mode and output format, computed with the registry's diversity measures.
#include "irlens/error.hpp"
#include "irlens/measures/measure.hpp"
#include "irlens/frontends/ndeval.hpp"
#include "irlens/readers/text.hpp"
#include "irlens/evaluation/topic_view.hpp"

#include <algorithm>
#include <array>
#include <cstdio>
#include <numeric>

namespace irlens {

namespace {

constexpr std::size_t kColumns = 21;
using Values = std::array<double, kColumns>;

const char kHeader[] =
    "runid,topic,ERR-IA@5,ERR-IA@10,ERR-IA@20,nERR-IA@5,nERR-IA@10,nERR-IA@20,alpha-DCG@5,alpha-DCG@10,alpha-DCG@20,"
    "alpha-nDCG@5,alpha-nDCG@10,alpha-nDCG@20,NRBP,nNRBP,MAP-IA,P-IA@5,P-IA@10,P-IA@20,strec@5,strec@10,strec@20\n";

/// The registry measures behind ndeval's 21 columns, in column order.
std::vector<MeasureSpec> columns(const NdevalOptions& o) {
    std::string a = "alpha=" + format_number(o.alpha), ab = a + ",beta=" + format_number(o.beta);
    std::vector<MeasureSpec> specs;
    // ndeval's -alpha and -beta as ndeval reads them, whatever their range (check_ranges = false).
    for (const char* name : {"ERR_IA", "nERR_IA", "alpha_DCG", "alpha_nDCG"})
        for (const char* k : {"5", "10", "20"})
            specs.push_back(parse_measure(std::string(name) + "(" + a + ")@" + k, {}, false));
    specs.push_back(parse_measure("NRBP(" + ab + ")", {}, false));
    specs.push_back(parse_measure("nNRBP(" + ab + ")", {}, false));
    specs.push_back(parse_measure("AP_IA"));
    for (const char* name : {"P_IA", "StRecall"})
        for (const char* k : {"5", "10", "20"}) specs.push_back(parse_measure(std::string(name) + "@" + k));
    return specs;
}

void check_judgments(const Qrels& q) {
    if (q.first_negative_line())
        throw InputError(q.source(), q.first_negative_line(),
                         "negative judgment " + std::to_string(q.first_negative_rel()) +
                             ": ndeval refuses negative judgments (map them to 0 first, as the TREC Web track's "
                             "qrels-for-ndeval.txt does, or use `irlens eval --qrels-format diversity`, which counts "
                             "them as non-relevant)");
}

void check_ranks(const Run& run) {
    const Qrels& q = run.qrels();
    for (std::size_t t = 0; t < q.num_topics(); ++t) {
        // Entry indices by key, ties in file order (an entry's index grows with its line).
        const std::vector<RunEntry>& e = run.entries(t);
        std::vector<std::uint32_t> order(e.size());
        std::iota(order.begin(), order.end(), 0u);
        std::stable_sort(order.begin(), order.end(),
                         [&](std::uint32_t a, std::uint32_t b) { return e[a].key > e[b].key; });
        for (std::size_t i = 1; i < order.size(); ++i)
            if (e[order[i]].key == e[order[i - 1]].key)
                throw InputError(run.name(), run.line(t, order[i]),
                                 "duplicate rank " + format_number(-e[order[i]].key) + " for topic '" +
                                     quote_bytes(q.topic_id(t)) + "' (first at line " +
                                     std::to_string(run.line(t, order[i - 1])) +
                                     "; ndeval orders by rank: "
                                     "use -traditional to order by score)");
    }
}

struct Row {
    std::string topic;
    Values values{};
};

/// The rows of one run: its topics in the qrels with their values, its other topics as zeros,
/// in ndeval's numeric topic order.
std::vector<Row> topic_rows(const EvalContext& context, std::size_t run_index,
                            const std::vector<std::unique_ptr<TopicMeasure>>& measures) {
    const Run& run = *context.runs[run_index];
    const Qrels& q = *context.qrels;
    std::vector<Row> rows;
    for (std::size_t t = 0; t < q.num_topics(); ++t) {
        if (!run.has_topic(t)) continue;
        TopicView view(context, run_index, t);
        Row row{std::string(q.topic_id(t)), {}};
        for (std::size_t m = 0; m < kColumns; ++m) row.values[m] = measures[m]->compute(view);
        rows.push_back(std::move(row));
    }
    for (const std::string& topic : run.ignored_topics()) rows.push_back(Row{topic, {}});
    std::stable_sort(rows.begin(), rows.end(),
                     [](const Row& a, const Row& b) { return text::numeric_id_before(a.topic, b.topic); });
    return rows;
}

void append_row(std::string& out, const std::string& runid, const std::string& topic, const Values& v) {
    out += runid + "," + topic;
    char buf[64];
    for (double x : v) {
        std::snprintf(buf, sizeof buf, ",%.6f", x);
        out += buf;
    }
    out += "\n";
}

}  // namespace

std::string ndeval(const NdevalOptions& o, const std::shared_ptr<const Qrels>& qrels,
                   const std::shared_ptr<const Run>& run, const std::shared_ptr<const Run>& baseline) {
    if (!(o.alpha >= 0 && o.alpha <= 1))
        throw UsageError("ndeval: -alpha must be in [0,1], got " + format_number(o.alpha));
    if (!(o.beta >= 0 && o.beta <= 1)) throw UsageError("ndeval: -beta must be in [0,1], got " + format_number(o.beta));
    if (!(o.risk_alpha >= 0)) throw UsageError("ndeval: -riskAlpha must be >= 0, got " + format_number(o.risk_alpha));
    if (o.max_docs < 0) throw UsageError("ndeval: -M must be positive");
    check_judgments(*qrels);
    for (const auto& r : {run, baseline})
        if (r && r->order() == RunOrder::Rank) check_ranks(*r);

    EvalContext context;
    context.qrels = qrels;
    context.runs = {run};
    if (baseline) context.runs.push_back(baseline);
    if (o.max_docs > 0) context.base.max_docs = o.max_docs;
    std::vector<std::unique_ptr<TopicMeasure>> measures;
    for (const MeasureSpec& s : columns(o)) measures.push_back(s.compile());
    for (auto& m : measures) m->prepare(context);

    std::vector<Row> rows = topic_rows(context, 0, measures), base;
    if (baseline) base = topic_rows(context, 1, measures);
    std::string runid = run->first_tag();
    if (baseline) runid += " (rel to. " + baseline->first_tag() + "; rs=1+a; a=" + o.risk_alpha_text + ")";

    // ndeval's merge of run and baseline topics (outputMeasures).
    std::string out = kHeader;
    Values total{};
    long printed = 0;
    std::size_t i = 0, j = 0;
    while (i < rows.size() || (j < base.size() && o.complete)) {
        const Row* r = i < rows.size() ? &rows[i] : nullptr;
        const Row* b = j < base.size() ? &base[j] : nullptr;
        if (r && b) {
            if (r->topic == b->topic) {
                ++i;
                ++j;
            } else if (text::numeric_id_before(b->topic, r->topic)) {
                r = nullptr;
                ++j;
                if (!o.complete) continue;
            } else {
                b = nullptr;
                ++i;
            }
        } else if (r) {
            ++i;
        } else {
            ++j;
        }
        Values v;
        for (std::size_t m = 0; m < kColumns; ++m) {
            double x = r ? r->values[m] : 0.0, y = b ? b->values[m] : 0.0;
            v[m] = x >= y ? x - y : (o.risk_alpha + 1) * (x - y);
            total[m] += v[m];
        }
        append_row(out, runid, r ? r->topic : b->topic, v);
        ++printed;
    }
    long averaged = o.complete ? static_cast<long>(qrels->num_topics()) : static_cast<long>(run->num_topics_answered());
    if (baseline && printed > averaged) averaged = printed;
    if (averaged == 0)
        throw InputError(run->name(), 0,
                         "no topic has both results and relevance judgments (ndeval would divide by 0)");
    for (double& x : total) x /= static_cast<double>(averaged);
    append_row(out, runid, "amean", total);
    return out;
}

}  // namespace irlens
