// The trec_eval front-end: trec_eval's measure names, parameter syntax, nicknames, averaging rules
// and output format (trec_eval.c, measures.c, meas_init.c, meas_avg.c, meas_print_*.c; NIST),
// computed with the registry's measures.
#include "irlens/error.hpp"
#include "irlens/measures/measure.hpp"
#include "irlens/readers/preferences.hpp"
#include "irlens/evaluation/topic_view.hpp"
#include "irlens/frontends/trec_eval.hpp"

#include "irlens/parallel.hpp"

#include <algorithm>
#include <climits>
#include <cmath>
#include <cstdarg>
#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace irlens {

namespace {

enum class Print { Double, Long, RunId, Text };
enum class Avg { Mean, Sum, GeoMean, NumQ, NumRel, None };

/// The parameter of one printed value.
struct Param {
    long k = 0;                                         // Cutoffs
    double x = 0;                                       // Levels
    std::vector<double> doubles;                        // Numbers
    std::vector<std::pair<std::string, double>> pairs;  // Pairs
};

std::string gains_of(const Param& p) {
    // gain_init.c: only pairs whose name is an integer are gains.
    std::string g;
    for (const auto& pr : p.pairs) {
        const char* s = pr.first.c_str();
        if (*s == '-' || *s == '+') ++s;
        if (!*s || std::strspn(s, "0123456789") != std::strlen(s)) continue;
        g += (g.empty() ? "" : ",") + std::to_string(std::atol(pr.first.c_str())) + ":" + format_number(pr.second);
    }
    return g.empty() ? "" : "gains={" + g + "}";
}

double pair_value(const Param& p, const std::string& name, double def) {
    for (const auto& pr : p.pairs)
        if (pr.first == name) def = pr.second;
    return def;
}

/// A trec_eval name (a registry measure's TrecEvalName, or runid, trec_eval's run name line).
struct Binding {
    const TrecEvalName* name;
    const MeasureInfo* info;  // null for runid
    const std::string& root() const { return name->root; }
    Print print() const {
        return !info ? Print::RunId : info->text_valued ? Print::Text : info->integer ? Print::Long : Print::Double;
    }
    Avg avg() const {
        if (!info || info->text_valued) return Avg::None;
        switch (name->average) {
            case TrecAverage::Mean: return info->aggregate == Aggregate::Sum ? Avg::Sum : Avg::Mean;
            case TrecAverage::Sum: return Avg::Sum;
            case TrecAverage::GeoMean: return Avg::GeoMean;
            case TrecAverage::NumQ: return Avg::NumQ;
            case TrecAverage::NumRel: return Avg::NumRel;
        }
        return Avg::None;
    }
    bool takes(const char* param) const {
        for (const ParamInfo& p : info->params)
            if (p.name == param) return true;
        return false;
    }
};

/// te_trec_measures[] of measures.c, in its order (the output order): runid, then the registry's
/// trec_eval names by TrecEvalName::order.
const std::vector<Binding>& bindings() {
    static const TrecEvalName runid{"runid", 0, TrecParams::None, "", TrecAverage::Mean, false};
    static const std::vector<Binding> all = [] {
        std::vector<Binding> v{{&runid, nullptr}};
        for (const MeasureInfo& m : registry())
            for (const TrecEvalName& n : m.trec_eval) v.push_back({&n, &m});
        std::stable_sort(v.begin(), v.end(),
                         [](const Binding& a, const Binding& b) { return a.name->order < b.name->order; });
        return v;
    }();
    return all;
}

/// The measure-language name of one value of binding b (TrecEvalName):
///   NAME(FILL=value, PAIRS, FIXED, gains={...}, N=<-N>, rel=<-l>)@cutoff
/// empty when no measure is computed (relstring of length <= 0 prints an empty string).
std::string spec_of(const Binding& b, const Param& p, const TrecEvalOptions& o) {
    const TrecEvalName& n = *b.name;
    std::vector<std::string> args;
    std::string cutoff;
    auto fill = [&](const std::string& value) {
        if (n.fill.empty())
            cutoff = value;
        else
            args.push_back(n.fill[0] + "=" + value);
    };
    switch (n.params) {
        case TrecParams::None: break;
        case TrecParams::Cutoffs: fill(std::to_string(p.k)); break;
        case TrecParams::Levels: fill(format_number(p.x)); break;
        case TrecParams::Numbers:
            if (n.fill.empty()) {
                // An integer cutoff (relstring): a length <= 0 prints an empty string, no measure
                // needed. trec_eval's (long) cast of a length beyond long's range (relstring.1e308,
                // relstring.nan) is undefined; on x86 it gives LONG_MIN, an empty string, and so does
                // irlens (found by the fuzzer).
                double x = p.doubles[0];
                long len =
                    x > static_cast<double>(LONG_MIN) && x < static_cast<double>(LONG_MAX) ? static_cast<long>(x) : 0;
                if (len <= 0) return "";
                cutoff = std::to_string(len);
            } else if (n.fill.size() == 1) {
                const ParamInfo* list = nullptr;
                for (const ParamInfo& q : b.info->params)
                    if (q.name == n.fill[0] && q.kind == ParamKind::RealList) list = &q;
                std::string text;
                if (list) {
                    for (double x : p.doubles) text += (text.empty() ? "" : ",") + format_number(x);
                    text = "[" + text + "]";
                } else {
                    text = format_number(p.doubles[0]);
                }
                fill(text);
            } else {
                if (p.doubles.size() != n.fill.size())
                    throw UsageError("trec_eval.calc_" + n.root + ": improper number of coefficients (" + n.root +
                                     " takes " + std::to_string(n.fill.size()) + ")");
                for (std::size_t i = 0; i < n.fill.size(); ++i)
                    args.push_back(n.fill[i] + "=" + format_number(p.doubles[i]));
            }
            break;
        case TrecParams::Pairs:
            for (const std::string& pair : n.pairs) {
                std::size_t eq = pair.find('=');
                std::string name = pair.substr(0, eq);
                args.push_back(name + "=" + format_number(pair_value(p, name, std::atof(pair.c_str() + eq + 1))));
            }
            break;
    }
    if (!n.fixed.empty()) args.push_back(n.fixed);
    if (n.params == TrecParams::Pairs && b.takes("gains")) {
        std::string g = gains_of(p);
        if (!g.empty()) args.push_back(g);
    }
    if (b.takes("N")) args.push_back("N=" + std::to_string(o.num_docs));
    if (n.rel && b.takes("rel")) args.push_back("rel=" + std::to_string(o.rel_level));
    std::string name = b.info->name;
    if (!args.empty()) {
        name += "(";
        for (std::size_t i = 0; i < args.size(); ++i) name += (i ? "," : "") + args[i];
        name += ")";
    }
    if (!cutoff.empty()) name += "@" + cutoff;
    return name;
}

const double kMinGeoMean = 0.00001;      // MIN_GEO_MEAN
const double kMissingZscore = -1000000;  // MISSING_ZSCORE_VALUE

/// trec_eval's atol/atof on a piece of the parameter string.
long c_atol(const std::string& s) { return std::atol(s.c_str()); }
double c_atof(const std::string& s) { return std::atof(s.c_str()); }

std::vector<std::string> split_commas(const std::string& s) {
    std::vector<std::string> out;
    std::size_t start = 0;
    for (std::size_t i = 0; i <= s.size(); ++i) {
        if (i == s.size() || s[i] == ',') {
            out.push_back(s.substr(start, i - start));
            start = i + 1;
        }
    }
    return out;
}

/// One printed value: its trec_eval name and the measure computing it.
struct Slot {
    const Binding* binding;
    std::string name;
    std::unique_ptr<TopicMeasure> measure;
    bool zero_if_missing = false;
    RelInput input = RelInput::Qrels;
    double sum = 0;
    std::string spec;  // the measure's canonical name in the measure language (empty: none)
};

/// Expands a binding into its values (meas_init.c: cutoffs sorted, names from the parameters).
void expand(const Binding& b, const std::string* given, const TrecEvalOptions& o, std::vector<Slot>& slots) {
    auto add = [&](const std::string& name, const Param& p) {
        Slot s;
        s.binding = &b;
        s.name = name;
        std::string spec = b.info ? spec_of(b, p, o) : std::string();
        if (!spec.empty()) {
            MeasureSpec m = parse_measure(spec, {}, false);  // trec_eval's values, whatever their range
            s.measure = m.compile();
            s.spec = m.name();
            s.zero_if_missing = m.info().zero_if_missing;
            s.input = m.info().input;
        }
        slots.push_back(std::move(s));
    };
    const std::string root = b.root();
    std::string text = given ? *given : b.name->defaults;
    char buf[64];
    switch (b.name->params) {
        case TrecParams::None: add(root, Param{}); break;
        case TrecParams::Cutoffs: {
            std::vector<long> cuts;
            for (const std::string& piece : split_commas(text)) {
                cuts.push_back(c_atol(piece));
                // trec_eval says "Negative cutoff detected" for any of these.
                if (cuts.back() <= 0)
                    throw UsageError("trec_eval: -m " + root + "." + text + ": the cutoff '" + piece +
                                     "' is not a positive integer");
            }
            std::sort(cuts.begin(), cuts.end());
            for (std::size_t i = 1; i < cuts.size(); ++i)
                if (cuts[i - 1] == cuts[i])
                    throw UsageError("trec_eval: duplicate cutoffs detected in '" + root + "." + text + "'");
            for (long k : cuts) {
                Param p;
                p.k = k;
                add(root + "_" + std::to_string(k), p);
            }
            break;
        }
        case TrecParams::Levels: {
            std::vector<double> cuts;
            for (const std::string& piece : split_commas(text)) cuts.push_back(c_atof(piece));
            std::sort(cuts.begin(), cuts.end());
            for (std::size_t i = 1; i < cuts.size(); ++i)
                if (cuts[i - 1] == cuts[i])
                    throw UsageError("trec_eval: duplicate cutoffs detected in '" + root + "." + text + "'");
            for (double x : cuts) {
                Param p;
                p.x = x;
                std::snprintf(buf, sizeof buf, "%3.2f", x);
                add(root + "_" + buf, p);
            }
            break;
        }
        case TrecParams::Numbers: {
            Param p;
            for (const std::string& piece : split_commas(text)) p.doubles.push_back(c_atof(piece));
            add(given ? root + "_" + *given : root, p);
            break;
        }
        case TrecParams::Pairs: {
            Param p;
            if (given) {
                // meas_init.c get_param_pairs: a list of name=value.
                char last = ',';
                bool bad = false;
                for (char c : *given) {
                    if (c == ',') {
                        if (last == ',') {
                            bad = true;
                            break;
                        }
                        last = ',';
                    } else if (c == '=') {
                        if (last == '=') {
                            last = ',';
                            bad = true;
                            break;
                        }
                        last = '=';
                    }
                }
                if (bad || last != '=') throw UsageError("trec_eval: malformed pair parameters in '" + *given + "'");
                for (const std::string& piece : split_commas(*given)) {
                    std::size_t eq = piece.find('=');
                    p.pairs.emplace_back(piece.substr(0, eq), c_atof(piece.substr(eq + 1)));
                }
            }
            add(given ? root + "_" + *given : root, p);
            break;
        }
    }
}

void appendf(std::string& out, const char* fmt, ...) __attribute__((format(printf, 2, 3)));
void appendf(std::string& out, const char* fmt, ...) {
    char buf[512];
    va_list ap;
    va_start(ap, fmt);
    int n = std::vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    if (n < static_cast<int>(sizeof buf)) {
        out.append(buf, static_cast<std::size_t>(n));
        return;
    }
    std::string big(static_cast<std::size_t>(n) + 1, '\0');
    va_start(ap, fmt);
    std::vsnprintf(&big[0], big.size(), fmt, ap);
    va_end(ap);
    out.append(big.data(), static_cast<std::size_t>(n));
}

}  // namespace

std::shared_ptr<const ZScores> ZScores::parse(const std::string& source, std::string_view bytes) {
    auto z = std::make_shared<ZScores>();
    text::LineSplitter lines(source);
    lines.bom.mode = text::ByteOrderMark::Keep;  // as trec_eval, which reads it as part of the first line
    auto on_line = [&](std::string_view line, std::uint64_t no) {
        if (text::is_blank_or_comment(line)) return;
        std::string_view f[4];
        std::size_t n = text::split_fields(line, f, 4);
        if (n != 4)
            throw InputError(source, no,
                             "expected 4 columns (topic measure mean stddev), found " +
                                 (n > 4 ? std::string("more") : std::to_string(n)));
        double mean, sd;
        if (!text::parse_double(f[2], mean) || !text::parse_double(f[3], sd))
            throw InputError(source, no, "mean and stddev must be numbers");
        z->topics_[std::string(f[0])][std::string(f[1])] = {mean, sd};
    };
    lines.feed(bytes, on_line);
    lines.finish(on_line);
    if (z->topics_.empty()) throw InputError(source, 0, "no z-score lines found (empty file?)");
    return z;
}

bool ZScores::find(const std::string& topic, const std::string& measure, double& mean, double& stddev) const {
    auto t = topics_.find(topic);
    if (t == topics_.end()) return false;
    auto m = t->second.find(measure);
    if (m == t->second.end()) return false;
    mean = m->second.first;
    stddev = m->second.second;
    return true;
}

std::vector<std::string> trec_eval_measure_names() {
    std::vector<std::string> names;
    for (const MeasureGroup& g : trec_eval_groups()) names.push_back(g.name);
    for (const Binding& b : bindings()) names.push_back(b.root());
    return names;
}

namespace {

/// The values options.measures name, in trec_eval's order, with their measures compiled
/// (trec_eval.c mark_measure, meas_init.c; the first -m giving parameters for a measure wins).
std::vector<Slot> requested_slots(const TrecEvalOptions& options) {
    const std::vector<Binding>& all = bindings();
    std::vector<bool> marked(all.size(), false);
    std::vector<std::pair<std::string, std::string>> params;
    auto mark_one = [&](const std::string& name) {
        for (std::size_t i = 0; i < marked.size(); ++i) {
            if (name == all[i].root()) {
                marked[i] = true;
                return true;
            }
        }
        return false;
    };
    std::vector<std::string> requested = options.measures;
    if (requested.empty()) requested.push_back(trec_eval_groups().front().name);  // official, the default
    for (const std::string& arg : requested) {
        std::string name = arg;
        std::size_t dot = arg.find('.');
        if (dot != std::string::npos) {
            name = arg.substr(0, dot);
            std::string p = arg.substr(dot + 1);
            if (p.empty()) throw UsageError("trec_eval: improper measure in parameter '" + name + "'");
            params.emplace_back(name, p);
        }
        bool found = false;
        for (const MeasureGroup& g : trec_eval_groups()) {
            if (name == g.name) {
                for (const std::string& m : g.measures) mark_one(m);
                found = true;
            }
        }
        if (!found && !mark_one(name)) throw UsageError("trec_eval: illegal measure '" + arg + "'");
    }

    std::vector<Slot> slots;
    for (std::size_t i = 0; i < marked.size(); ++i) {
        if (!marked[i]) continue;
        const std::string* given = nullptr;
        for (const auto& p : params)
            if (p.first == all[i].root()) {
                given = &p.second;
                break;
            }
        expand(all[i], given, options, slots);
    }
    return slots;
}

/// Select: requested_slots, checked against the relevance format and prepared.
std::vector<Slot> select(const TrecEvalOptions& options, const Qrels& qrels, const EvalContext& context) {
    std::vector<Slot> slots = requested_slots(options);

    // trec_eval computes each measure from one relevance format only (form_res_rels.c,
    // form_res_rels_jg.c, form_prefs_counts.c refuse the others); runid and num_q need none.
    RelInput given = options.prefs                            ? RelInput::Preferences
                     : qrels.format() == QrelsFormat::Grouped ? RelInput::JudgmentGroups
                                                              : RelInput::Qrels;
    for (const Slot& s : slots) {
        if (!s.measure || s.binding->avg() == Avg::NumQ || s.input == given) continue;
        const char* format_names[] = {"qrels", "qrels_jg", "prefs or qrels_prefs"};
        throw UsageError("trec_eval: measure '" + s.name + "' needs -R " + format_names[static_cast<int>(s.input)] +
                         ", not -R " +
                         (given != RelInput::Preferences                  ? format_names[static_cast<int>(given)]
                          : options.prefs->format() == PrefsFormat::Prefs ? "prefs"
                                                                          : "qrels_prefs"));
    }
    for (Slot& s : slots)
        if (s.measure) s.measure->prepare(context);
    return slots;
}

/// The per-topic values of every slot, [topic][slot], as trec_eval stores them before averaging:
/// gm_ measures as log(max(value, MIN_GEO_MEAN)), trec_eval -c's reset measures 0 on unanswered
/// topics.
struct TopicValues {
    std::vector<std::size_t> topics;  // qrels topic indexes, in qrels order
    std::vector<double> values;
    std::vector<std::string> texts;
};

/// One topic's values of every slot, as TopicValues stores them.
void score_slots(const std::vector<Slot>& slots, const TopicView& view, double* values, std::string* texts) {
    for (std::size_t i = 0; i < slots.size(); ++i) {
        const Slot& s = slots[i];
        if (!s.measure) continue;
        if (s.binding->print() == Print::Text)
            texts[i] = s.measure->text(view);
        else
            values[i] = s.measure->compute(view);
        if (s.binding->avg() == Avg::GeoMean) values[i] = std::log(std::max(values[i], kMinGeoMean));
        if (view.missing() && s.zero_if_missing) {
            values[i] = 0;
            texts[i].clear();
        }
    }
}

/// Whether trec_eval evaluates topic t: -D's topic only; unanswered topics only with -c.
bool evaluated(const TrecEvalOptions& options, const Qrels& qrels, std::size_t t, bool answered) {
    if (!options.only_topic.empty() && qrels.topic_id(t) != options.only_topic) return false;
    return answered || options.complete;
}

/// Evaluate: the topics to evaluate, in qrels order, their values computed in parallel. This is
/// not evaluate() (evaluate.hpp): that takes neither -M, -J nor -D, computes aggregates and
/// intervals trec_eval does not print, and keeps no log values; this loop is the fast path of
/// bench/README.md's trec_eval figures.
TopicValues evaluate_topics(const std::vector<Slot>& slots, const TrecEvalOptions& options, const Qrels& qrels,
                            const Run& run, const EvalContext& context) {
    TopicValues out;
    for (std::size_t t = 0; t < qrels.num_topics(); ++t)
        if (evaluated(options, qrels, t, run.has_topic(t))) out.topics.push_back(t);
    std::size_t num_slots = slots.size();
    out.values.assign(out.topics.size() * num_slots, 0.0);
    out.texts.resize(out.topics.size() * num_slots);
    detail::parallel_ranges(out.topics.size(), [&](std::size_t begin, std::size_t end) {
        for (std::size_t k = begin; k < end; ++k)
            score_slots(slots, TopicView(context, 0, out.topics[k]), &out.values[k * num_slots],
                        &out.texts[k * num_slots]);
    });
    return out;
}

/// Print: the per-topic lines (-q; z-scores with -Z), then the averages (meas_avg.c) and the
/// summary lines, in trec_eval's bytes.
std::string print(std::vector<Slot>& slots, TopicValues& tv, const TrecEvalOptions& options, const Qrels& qrels,
                  const Run& run) {
    std::string out;
    std::size_t num_slots = slots.size();
    long num_queries = 0;
    for (std::size_t k = 0; k < tv.topics.size(); ++k) {
        std::string topic(qrels.topic_id(tv.topics[k]));
        double* values = &tv.values[k * num_slots];
        const std::string* texts = &tv.texts[k * num_slots];
        if (options.zscores) {
            for (std::size_t i = 0; i < num_slots; ++i) {
                if (!slots[i].measure) continue;
                double mean, sd;
                if (!options.zscores->find(topic, slots[i].name, mean, sd))
                    values[i] = kMissingZscore;
                else if (sd != 0)
                    values[i] = (values[i] - mean) / sd;
                else
                    values[i] = values[i] == mean ? 0 : kMissingZscore;
            }
        }
        for (std::size_t i = 0; i < num_slots; ++i) {
            Slot& s = slots[i];
            s.sum += values[i];
            if (!options.per_query || !s.binding->name->per_query) continue;
            const char* z = options.zscores ? "Z" : "";
            Print kind = s.binding->print();
            if (kind == Print::Text)
                appendf(out, "%-22s\t%s\t'%s'\n", s.name.c_str(), topic.c_str(), texts[i].c_str());
            else if (kind == Print::Long && !options.zscores)
                appendf(out, "%-22s\t%s\t%ld\n", s.name.c_str(), topic.c_str(), static_cast<long>(values[i]));
            else
                appendf(out, "%s%-22s\t%s\t%6.4f\n", z, s.name.c_str(), topic.c_str(), values[i]);
        }
        ++num_queries;
    }
    if (num_queries == 0)
        throw InputError(run.name(), 0,
                         "no topic has both results and relevance judgments (trec_eval: No queries "
                         "with both results and relevance info)");

    long averaged = options.complete ? static_cast<long>(qrels.num_topics()) : num_queries;
    for (Slot& s : slots) {
        double v = s.sum;
        switch (s.binding->avg()) {
            case Avg::Mean:
                if (averaged) v /= averaged;
                break;
            case Avg::GeoMean:
                if (options.complete) v += (averaged - num_queries) * std::log(kMinGeoMean);
                v = std::exp(v / averaged);
                break;
            case Avg::NumQ: v = static_cast<double>(averaged); break;
            case Avg::NumRel:
                if (options.complete) {
                    // m_num_rel.c: with -c, every judgment > 0 in the qrels file.
                    long n = 0;
                    for (std::size_t t = 0; t < qrels.num_topics(); ++t)
                        for (const Judgment* j = qrels.begin(t); j != qrels.end(t); ++j) n += j->rel > 0;
                    v = static_cast<double>(n);
                }
                break;
            case Avg::Sum:
            case Avg::None: break;
        }
        if (!options.summary) continue;
        const char* z = options.zscores ? "Z" : "";
        switch (s.binding->print()) {
            case Print::RunId: appendf(out, "%-22s\t%s\t%s\n", "runid", "all", run.tag().c_str()); break;
            case Print::Text: break;
            case Print::Long:
                if (!options.zscores) {
                    appendf(out, "%-22s\t%s\t%ld\n", s.name.c_str(), "all", static_cast<long>(v));
                    break;
                }
                [[fallthrough]];
            case Print::Double: appendf(out, "%s%-22s\t%s\t%6.4f\n", z, s.name.c_str(), "all", v); break;
        }
    }
    return out;
}

/// The context trec_eval evaluates one run in: -M, -J, the preferences of -R prefs.
EvalContext context_of(const TrecEvalOptions& options, const std::shared_ptr<const Qrels>& qrels,
                       const std::shared_ptr<const Run>& run) {
    EvalContext context;
    context.qrels = qrels;
    context.prefs = options.prefs;
    context.runs = {run};
    context.base.max_docs = options.max_docs;
    context.base.judged_only = options.judged_only;
    return context;
}

}  // namespace

std::string trec_eval(const TrecEvalOptions& options, const std::shared_ptr<const Qrels>& qrels,
                      const std::shared_ptr<const Run>& run) {
    const EvalContext context = context_of(options, qrels, run);
    std::vector<Slot> slots = select(options, *qrels, context);
    TopicValues values = evaluate_topics(slots, options, *qrels, *run, context);
    return print(slots, values, options, *qrels, *run);
}

TrecEvalValues trec_eval_values(const TrecEvalOptions& options, const std::shared_ptr<const Qrels>& qrels,
                                const std::shared_ptr<const Run>& run) {
    const EvalContext context = context_of(options, qrels, run);
    std::vector<Slot> slots = select(options, *qrels, context);
    TopicValues tv = evaluate_topics(slots, options, *qrels, *run, context);
    TrecEvalValues out;
    std::vector<std::size_t> kept;
    for (std::size_t i = 0; i < slots.size(); ++i) {
        const Print kind = slots[i].binding->print();
        if (!slots[i].measure || kind == Print::Text || kind == Print::RunId || slots[i].binding->avg() == Avg::NumQ)
            continue;
        kept.push_back(i);
        out.measures.push_back(slots[i].name);
        out.specs.push_back(slots[i].spec);
    }
    for (std::size_t k = 0; k < tv.topics.size(); ++k) {
        out.topics.emplace_back(qrels->topic_id(tv.topics[k]));
        for (std::size_t i : kept) out.values.push_back(tv.values[k * slots.size() + i]);
    }
    return out;
}

std::vector<std::pair<std::string, std::string>> trec_eval_names(const std::vector<std::string>& measures) {
    TrecEvalOptions o;
    o.measures = measures;
    std::vector<std::pair<std::string, std::string>> out;
    for (const Slot& s : requested_slots(o))
        if (!s.spec.empty()) out.emplace_back(s.name, s.spec);
    return out;
}

}  // namespace irlens

namespace irlens {

struct TrecEvalStream::State {
    TrecEvalOptions options;
    std::shared_ptr<const Qrels> qrels;
    EvalContext context;
    std::vector<Slot> slots;
    RunReader reader;
    TopicValues by_topic;  // values and texts of every qrels topic, [topic][slot]
    std::vector<char> answered;
    std::shared_ptr<const Run> run;

    State(const TrecEvalOptions& o, const std::shared_ptr<const Qrels>& q, std::string name)
        : options(o), qrels(q), reader(q, std::move(name), RunOrder::Score) {}
};

TrecEvalStream::TrecEvalStream(const TrecEvalOptions& options, const std::shared_ptr<const Qrels>& qrels,
                               std::string run_name)
    : st_(new State(options, qrels, std::move(run_name))) {
    State& st = *st_;
    st.context.qrels = qrels;
    st.context.prefs = options.prefs;
    st.context.runs.resize(1);
    st.context.base.max_docs = options.max_docs;
    st.context.base.judged_only = options.judged_only;
    st.slots = select(options, *qrels, st.context);
    std::size_t n = qrels->num_topics() * st.slots.size();
    st.by_topic.values.assign(n, 0.0);
    st.by_topic.texts.resize(n);
    st.answered.assign(qrels->num_topics(), 0);
    // trec_eval reads a byte-order mark as part of the first line.
    st.reader.set_byte_order_mark(text::ByteOrderMark::Keep);
    st.reader.stream_topics([&st](const Run& run, std::size_t t) {
        st.answered[t] = 1;
        if (!evaluated(st.options, *st.qrels, t, true)) return;
        if (!st.context.runs[0]) st.context.runs[0] = std::shared_ptr<const Run>(&run, [](const Run*) {});
        std::size_t at = t * st.slots.size();
        score_slots(st.slots, TopicView(st.context, 0, t), &st.by_topic.values[at], &st.by_topic.texts[at]);
    });
}

TrecEvalStream::~TrecEvalStream() = default;

void TrecEvalStream::feed(std::string_view chunk) { st_->reader.feed(chunk); }

const std::shared_ptr<const Run>& TrecEvalStream::run() const { return st_->run; }

std::string TrecEvalStream::finish() {
    State& st = *st_;
    st.run = st.reader.finish();
    st.context.runs[0] = st.run;  // no entries left: unanswered topics read as missing (-c)
    std::size_t num_slots = st.slots.size();
    TopicValues tv;
    for (std::size_t t = 0; t < st.qrels->num_topics(); ++t) {
        if (!evaluated(st.options, *st.qrels, t, st.answered[t])) continue;
        tv.topics.push_back(t);
        std::size_t at = t * num_slots;
        if (!st.answered[t])
            score_slots(st.slots, TopicView(st.context, 0, t), &st.by_topic.values[at], &st.by_topic.texts[at]);
        tv.values.insert(tv.values.end(), st.by_topic.values.begin() + static_cast<std::ptrdiff_t>(at),
                         st.by_topic.values.begin() + static_cast<std::ptrdiff_t>(at + num_slots));
        for (std::size_t i = 0; i < num_slots; ++i) tv.texts.push_back(std::move(st.by_topic.texts[at + i]));
    }
    return print(st.slots, tv, st.options, *st.qrels, *st.run);
}

}  // namespace irlens
