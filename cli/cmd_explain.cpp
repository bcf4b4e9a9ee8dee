// `irlens explain`: the arithmetic of measures for one topic of one run (explain mode,
// irlens/evaluation/explain.hpp), as a terminal table, a JSON document or a Markdown handout.
#include "irlens/frontends/args.hpp"
#include "commands.hpp"
#include "evaluation_input.hpp"
#include "input.hpp"

#include "irlens/error.hpp"
#include "irlens/evaluation/explain.hpp"
#include "irlens/frontends/json_documents.hpp"
#include "irlens/readers/preferences.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>

namespace irlens::cli {

namespace {

const char kHelp[] =
    "usage: irlens explain QRELS RUN [OTHER_RUN...] --topic T -m MEASURE... [options]\n"
    "\n"
    "Explains how each MEASURE scores RUN on topic T: per rank the document, its judgment and the\n"
    "measure's own intermediate values (gain, discount, running sums ...), then the named terms that\n"
    "lead to the value, then the value, which is the one `irlens eval -q` reports for the topic. The\n"
    "numbers are recorded by the code that computes the measure. A topic the run did not answer is\n"
    "scored as trec_eval -c scores it (--missing zero). OTHER_RUNs are the evaluation's other runs,\n"
    "which the relative measures (P_rareness, AP_rareness, NRG) score RUN against, as `irlens eval`\n"
    "does with the same runs.\n"
    "\n"
    "%MEASURES%"
    "\n"
    "  -t, --topic T          the topic (required)\n"
    "  -m, --measure M        measure(s) to explain (repeatable; a list may be separated by spaces)\n"
    "  -f, --format F         text (default: aligned columns), json (one document) or md (Markdown tables)\n"
    "      --precision N      decimals in text and md (default 4); json keeps full precision\n"
    "      --qrels-format F   plain (default: topic iter doc rel) or diversity (topic subtopic doc rel;\n"
    "                         also judgment groups, trec_eval -R qrels_jg)\n"
    "      --preferences F    QRELS holds preference judgments: prefs or qrels_prefs (trec_eval -R)\n"
    "      --run-format F     auto (default: by content, with evidence), trec, msmarco (qid pid rank) or\n"
    "                         json (ranx / ir_measures dict of dicts); a run not read as TREC is named\n"
    "                         on stderr with the reason\n"
    "      --order O          score (default: score desc, ties by doc id desc, as trec_eval) or rank\n"
    "      --doc-lengths F    document lengths, lines doc<TAB>characters[<TAB>words] (TBG, U)\n"
    "      --sessions F       multi-query sessions, lines session<TAB>position<TAB>topic (sDCG)\n"
    "      --groups FILE      the group of each run (run<TAB>group) for NRG(prior=best_per_group|other_groups)\n"
    "      --missing P        zero (default): a topic the run did not answer is scored as trec_eval -c;\n"
    "                         skip: such a topic is an error\n"
    "      --intents F        intent probabilities, lines topic subtopic probability (diversity measures)\n"
    "      --intent-types F   intent types, lines topic subtopic inf|nav (DIN-nDCG; default: inf)\n"
    "Judgments print as the grade, '-' for a document not in the qrels and '.' for one judged negative;\n"
    "an empty cell is a value the measure did not compute at that rank. An undefined value prints as\n"
    "'undefined'.\n";

/// A number for text and md: integral values without decimals (counts, 0/1 flags), others with
/// `precision` decimals; NaN as "" in rows (`blank`), else "undefined".
std::string number(double v, int precision, bool blank) {
    if (std::isnan(v)) return blank ? "" : "undefined";
    char buf[64];
    if (v == std::floor(v) && std::fabs(v) < 1e15)
        std::snprintf(buf, sizeof buf, "%.0f", v);
    else
        std::snprintf(buf, sizeof buf, "%.*f", precision, v);
    return buf;
}

/// The value as `irlens eval` prints it (integer measures without decimals).
std::string value_text(const MeasureSpec& m, const Explanation& e, int precision) {
    if (m.info().text_valued) return "\"" + e.text + "\"";
    if (std::isnan(e.value)) return "undefined";
    char buf[64];
    if (m.info().integer && e.value == std::floor(e.value) && std::fabs(e.value) < 1e15)
        std::snprintf(buf, sizeof buf, "%.0f", e.value);
    else
        std::snprintf(buf, sizeof buf, "%.*f", precision, e.value);
    return buf;
}

std::string judgment(const ExplainRow& r) {
    if (!r.retrieved) return "";
    if (r.rel == kNotInPool) return "-";
    if (r.rel == kUnjudged) return ".";
    return std::to_string(r.rel);
}

/// The table of rows: header, then one line per row, as cells.
std::vector<std::vector<std::string>> cells(const Explanation& e, int precision) {
    std::vector<std::vector<std::string>> t;
    std::vector<std::string> head = {"rank", "doc", "judgment"};
    head.insert(head.end(), e.columns.begin(), e.columns.end());
    t.push_back(head);
    for (const ExplainRow& r : e.rows) {
        std::vector<std::string> line = {std::to_string(r.rank), r.retrieved ? r.doc : "(not retrieved)", judgment(r)};
        for (double v : r.values) line.push_back(number(v, precision, true));
        t.push_back(line);
    }
    return t;
}

/// Text: columns padded to their widest cell; numbers right-aligned, the doc left-aligned.
std::string text_block(const MeasureSpec& m, const Explanation& e, int precision) {
    std::string out = m.name() + " of " + e.run + " for topic " + e.topic +
                      (e.missing ? " (not answered by the run: trec_eval -c's placeholder is scored)" : "") + "\n";
    out += "formula: " + e.formula + "\n";
    if (!e.rows.empty()) {
        std::vector<std::vector<std::string>> t = cells(e, precision);
        std::vector<std::size_t> width(t[0].size(), 0);
        for (const auto& line : t)
            for (std::size_t c = 0; c < line.size(); ++c) width[c] = std::max(width[c], line[c].size());
        out += "\n";
        for (const auto& line : t) {
            std::string s;
            for (std::size_t c = 0; c < line.size(); ++c) {
                std::string pad(width[c] - line[c].size(), ' ');
                s += (c ? "  " : "") + (c == 1 ? line[c] + pad : pad + line[c]);
            }
            while (!s.empty() && s.back() == ' ') s.pop_back();
            out += s + "\n";
        }
    }
    if (!e.terms.empty()) {
        std::size_t w = 0;
        for (const auto& term : e.terms) w = std::max(w, term.first.size());
        out += "\n";
        for (const auto& [name, v] : e.terms)
            out += "  " + name + std::string(w - name.size(), ' ') + "  " + number(v, precision, false) + "\n";
    }
    out += "\n" + m.name() + " = " + value_text(m, e, precision) + "\n";
    return out;
}

std::string md_cell(const std::string& s) {
    std::string out;
    for (char c : s) {
        if (c == '|') out += '\\';
        out += c;
    }
    return out;
}

/// Markdown: a heading, the formula, the rows' table, the terms' table and the value.
std::string md_block(const MeasureSpec& m, const Explanation& e, int precision) {
    std::string out = "### " + md_cell(m.name()) + ": run " + md_cell(e.run) + ", topic " + md_cell(e.topic) + "\n\n";
    if (e.missing) out += "The run did not answer the topic: trec_eval -c's placeholder is scored.\n\n";
    out += md_cell(e.formula) + "\n\n";
    if (!e.rows.empty()) {
        std::vector<std::vector<std::string>> t = cells(e, precision);
        for (std::size_t l = 0; l < t.size(); ++l) {
            out += "|";
            for (const std::string& c : t[l]) out += " " + md_cell(c) + " |";
            out += "\n";
            if (l == 0) {
                out += "|";
                for (std::size_t c = 0; c < t[0].size(); ++c) out += c == 1 ? " --- |" : " ---: |";
                out += "\n";
            }
        }
        out += "\n";
    }
    if (!e.terms.empty()) {
        out += "| term | value |\n| --- | ---: |\n";
        for (const auto& [name, v] : e.terms)
            out += "| " + md_cell(name) + " | " + number(v, precision, false) + " |\n";
        out += "\n";
    }
    out += "**" + md_cell(m.name()) + " = " + md_cell(value_text(m, e, precision)) + "**\n";
    return out;
}

}  // namespace

int cmd_explain(const std::vector<std::string>& args, std::string& out) {
    std::vector<OptionSpec> specs = input_option_specs();
    for (OptionSpec s : std::vector<OptionSpec>{{'h', "help", false},
                                                {'t', "topic", true},
                                                {'f', "format", true},
                                                {0, "precision", true},
                                                {0, "preferences", true}})
        specs.push_back(s);
    std::vector<ParsedOption> options;
    std::vector<std::string> positional;
    parse_args(args, specs, options, positional);
    EvaluationInputs in;
    std::string format = "text", topic, prefs_format;
    bool have_topic = false;
    int precision = 4;
    for (const ParsedOption& p : options) {
        if (p.name == "help") {
            std::string help = kHelp;
            help.replace(help.find("%MEASURES%"), 10, measure_names_help());  // from the registry
            out += help;
            return 0;
        }
        if (take_input_option(p, in)) continue;
        if (p.name == "topic") {
            topic = p.value;
            have_topic = true;
        }
        if (p.name == "format") {
            format = p.value;
            if (format != "text" && format != "json" && format != "md")
                throw UsageError("--format must be text, json or md, got '" + format + "'");
        }
        if (p.name == "precision") {
            char* end;
            long v = std::strtol(p.value.c_str(), &end, 10);
            if (*end || v < 0 || v > 17) throw UsageError("--precision must be an integer from 0 to 17");
            precision = static_cast<int>(v);
        }
        if (p.name == "preferences") {
            prefs_format = p.value;
            if (prefs_format != "prefs" && prefs_format != "qrels_prefs")
                throw UsageError("--preferences must be prefs or qrels_prefs, got '" + prefs_format + "'");
        }
    }
    if (positional.size() < 2) throw UsageError("expected QRELS and a RUN (see irlens explain --help)");
    if (!have_topic) throw UsageError("no topic given: add --topic T");
    if (in.measures.empty()) throw UsageError("no measure given: add -m MEASURE (e.g. -m AP -m nDCG@10)");

    std::shared_ptr<const Qrels> qrels;
    if (!prefs_format.empty()) {
        in.eval.prefs =
            load_prefs(positional[0], prefs_format == "prefs" ? PrefsFormat::Prefs : PrefsFormat::QrelsPrefs);
        qrels = in.eval.prefs->qrels();
    } else {
        qrels = load_qrels(positional[0], in.qrels_format);
    }
    std::vector<std::shared_ptr<const Run>> runs =
        load_runs(qrels, {positional.begin() + 1, positional.end()}, in.order, in.run_format);
    load_optional_inputs(in);
    long t = qrels->find_topic(topic);
    if (t < 0) throw UsageError("topic '" + topic + "' is not in the qrels (" + positional[0] + ")");
    if (in.eval.missing == MissingTopics::Skip && !runs[0]->has_topic(static_cast<std::size_t>(t)))
        throw UsageError("run " + runs[0]->name() + " did not answer topic '" + topic +
                         "' and --missing skip does not score it (the default, zero, scores it as trec_eval -c)");

    std::vector<Explanation> explained;
    for (const MeasureSpec& m : in.measures) explained.push_back(explain(qrels, runs[0], topic, m, in.eval, runs));
    if (format == "json") {
        out = explain_json(explained, positional[0], 2) + "\n";
        return 0;
    }
    for (std::size_t i = 0; i < explained.size(); ++i) {
        if (i) out += format == "md" ? "\n" : "\n\n";
        out += format == "md" ? md_block(in.measures[i], explained[i], precision)
                              : text_block(in.measures[i], explained[i], precision);
    }
    return 0;
}

}  // namespace irlens::cli
