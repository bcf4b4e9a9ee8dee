// The intent-aware (IA) form of a standard measure, written once over the base measure (Agrawal
// et al., WSDM 2009; Sakai, PROMISE 2013, Eq. 26, and Eq. 31 for U-IA; Amigo et al., SIGIR 2018,
// Sec. 4.2, M-IA):
//   M_IA = sum over the topic's intents i of Pr(i|q) M_i,
// M_i the base measure itself (its registry row, its parameters and cutoff) computed on a view of
// the (run, topic) whose rankings hold intent i's judgments alone (make_ranking with the intent's
// group; normalised measures use the intent's "locally ideal" list). Every intent's ranking holds
// the same documents at the same ranks: judged_only drops a document judged for no intent
// (intent_docs). Pr(i|q) as every diversity measure (intents.hpp): uniform, or --intents.
// A base measure that reads something else per topic than its rankings (the qrels' judgments
// directly, other runs) has no IA form here.
#include "measures/intent_rankings.hpp"
#include "measures/trace.hpp"

#include "irlens/error.hpp"

#include <algorithm>

namespace irlens::measures {

MeasureSpec base_spec(const MeasureSpec& form, const std::string& base, const std::string& skip) {
    std::string args;
    for (const ParamInfo& p : form.info().params) {
        const ParamValue& v = form.param(p.name);
        if (p.name == skip || !v.given) continue;
        args += (args.empty() ? "" : ",") + p.name + "=" + v.text();
    }
    std::string text = base + (args.empty() ? "" : "(" + args + ")");
    if (form.has_cutoff()) text += "@" + std::to_string(form.cutoff_int());
    return parse_measure(text);
}

void mark_diversity(std::vector<MeasureInfo>& out, std::size_t first) {
    for (std::size_t i = first; i < out.size(); ++i)
        if (std::find(out[i].needs.begin(), out[i].needs.end(), Need::DiversityQrels) == out[i].needs.end())
            out[i].needs.insert(out[i].needs.begin(), Need::DiversityQrels);
}

namespace {

class IntentAwareForm final : public TopicMeasure {
public:
    IntentAwareForm(std::unique_ptr<TopicMeasure> base, bool judged_only)
        : base_(std::move(base)), judged_only_(judged_only) {}

    void prepare(const EvalContext& c) override {
        base_->prepare(c);
        topics_.clear();
        for (std::size_t t = 0; t < c.qrels->num_topics(); ++t) topics_.push_back(topic_intents(c, t));
    }
    double compute(const TopicView& v) const override {
        NoTrace t;
        return sum(v, t);
    }
    bool explainable() const override { return true; }
    bool explain(const TopicView& v, Trace& t) const override {
        t.formula("sum over the topic's intents i of Pr(i|q) M_i, M_i the measure on intent i's judgments alone");
        t.value(sum(v, t));
        return true;
    }

private:
    template <class T>
    double sum(const TopicView& v, T& trace) const {
        const TopicIntents& ti = topics_[v.topic()];
        const std::vector<double>& w = ti.weights();
        std::vector<std::uint32_t> docs = intent_docs(v, judged_only_);
        double total = 0.0;
        for (std::size_t i = 0; i < ti.size(); ++i) {
            long group = static_cast<long>(ti.groups[i]);
            TopicView intent(v, [&, group](long rel_level, bool) {
                RankingOptions o;
                o.rel_level = rel_level;
                o.group = group;
                return make_ranking(v.run(), v.topic(), docs, o);
            });
            double m = base_->compute(intent);
            if constexpr (T::on) {
                std::string name(ti.names[i]);
                trace.term("Pr(" + name + "|q)", w[i]);
                trace.term("M_" + name, m);
            }
            total += w[i] * m;
        }
        return total;
    }

    std::unique_ptr<TopicMeasure> base_;
    bool judged_only_;
    std::vector<TopicIntents> topics_;
};

/// The IA row of `base`: its parameters and cutoff, named `name`.
MeasureInfo ia_form(const MeasureInfo& base, const std::string& name, std::vector<std::string> aliases,
                    const std::string& help, const std::string& cite) {
    MeasureInfo m = base;
    m.name = name;
    m.aliases = std::move(aliases);
    m.family = "diversity";
    m.help = help;
    m.citation = "Agrawal et al., Diversifying Search Results (WSDM 2009); Sakai, PROMISE 2013, Sec. 3.1, Eq. 26; " +
                 (cite.empty() ? std::string() : cite + "; ") + "base measure: " + base.citation;
    m.aggregate = Aggregate::Mean;
    m.zero_if_missing = false;
    m.trec_eval.clear();  // trec_eval's names stay the base measure's
    std::string base_name = base.name;
    m.make = [base_name](const MeasureSpec& s) -> std::unique_ptr<TopicMeasure> {
        MeasureSpec b = base_spec(s, base_name);
        bool jo = false;
        for (const ParamInfo& p : b.info().params)
            if (p.name == "judged_only") jo = b.bool_param("judged_only");
        return std::make_unique<IntentAwareForm>(b.compile(), jo);
    };
    return m;
}

const MeasureInfo& row(const std::vector<MeasureInfo>& out, const char* name) {
    for (const MeasureInfo& m : out)
        if (m.name == name) return m;
    throw std::logic_error(std::string("intent-aware form of unregistered measure ") + name);
}

}  // namespace

void add_intent_aware_forms(std::vector<MeasureInfo>& out) {
    struct Form {
        const char* base;
        const char* name;
        std::vector<std::string> aliases;
        const char* cite;
    };
    // P_IA, AP_IA and nERR_IA are ndeval's unweighted forms (ndeval.cpp); the weighted forms of P,
    // AP and nERR carry a leading w. ERR's is ERR_IA(graded=True) (intent_aware.cpp).
    const std::vector<Form> forms = {
        {"P", "wP_IA", {"wP-IA"}, ""},
        {"R", "R_IA", {"R-IA"}, ""},
        {"AP", "wAP_IA", {"wAP-IA", "wMAP-IA"}, ""},
        {"RR", "RR_IA", {"RR-IA", "MRR-IA"}, ""},
        {"nDCG", "nDCG_IA", {"nDCG-IA", "NDCG-IA"}, ""},
        {"Q", "Q_IA", {"Q-IA"}, ""},
        {"P+", "P+_IA", {"P+-IA"}, ""},
        {"nERR", "wnERR_IA", {"wnERR-IA"}, ""},
        {"RBP", "RBP_IA", {"RBP-IA"}, ""},
        {"U", "U_IA", {"U-IA"}, "Sakai & Dou, SIGIR 2013; Sakai, PROMISE 2013, Eq. 31"},
    };
    std::size_t first = out.size();
    std::vector<MeasureInfo> rows;
    for (const Form& f : forms) {
        const MeasureInfo& base = row(out, f.base);
        std::string help = std::string("Intent-aware ") + f.base + ": sum over intents of Pr(i|q) " + f.base + "_i, " +
                           f.base + " on the intent's own judgments (weighted by --intents, uniform without).";
        if (f.name[0] == 'w') help += std::string(" ") + (f.name + 1) + " is ndeval's unweighted form.";
        rows.push_back(ia_form(base, f.name, f.aliases, help, f.cite));
    }
    for (MeasureInfo& m : rows) out.push_back(std::move(m));
    mark_diversity(out, first);
}

}  // namespace irlens::measures
