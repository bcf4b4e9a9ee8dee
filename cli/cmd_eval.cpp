// `irlens eval`: many runs against one qrels index, measures named in the measure language.
#include "irlens/frontends/args.hpp"
#include "commands.hpp"
#include "evaluation_input.hpp"
#include "input.hpp"
#include "input_paths.hpp"
#include "progress.hpp"
#include "stream_run.hpp"
#include "provenance.hpp"
#include "table.hpp"

#include "irlens/error.hpp"
#include "irlens/frontends/json_documents.hpp"
#include "irlens/evaluation/evaluate.hpp"
#include "irlens/evaluation/stream.hpp"
#include "irlens/frontends/json_text.hpp"
#include "irlens/readers/text.hpp"

#include <cmath>
#include <cstdio>
#include <cstdlib>

namespace irlens::cli {

namespace {

const char kHelp[] =
    "usage: irlens eval QRELS RUN... -m MEASURE... [options]\n"
    "\n"
    "Evaluates every RUN against QRELS. Measures are named in the measure language, NAME(k=v,...)@cutoff,\n"
    "with ir_measures' names where it has the measure: P@10, nDCG(gains={0:0,1:1,2:3})@10, RBP(p=0.8),\n"
    "AP(rel=2,agg=gmean); a preset name expands to its list. `irlens measures NAME` describes one.\n"
    "QRELS and RUN are TREC files, or BEIR qrels (query-id corpus-id score header), MS MARCO runs\n"
    "(qid pid rank) or ranx / ir_measures JSON, told apart by content.\n"
    "\n"
    "%MEASURES%"
    "\n"
    "  -m, --measure M        measure(s) to compute (repeatable; a list may be separated by spaces)\n"
    "  -q, --per-topic        also output the value of every topic\n"
    "  -f, --format F         tsv (default: run, measure, topic|all, value), csv or json\n"
    "      --precision N      decimals in tsv/csv (default 4); json keeps full precision\n"
    "      --provenance       tsv/csv: a first line '# provenance: {...}' (json always carries it)\n"
    "      --missing P        zero (default): score every qrels topic, unanswered ones as trec_eval -c;\n"
    "                         skip (trec_eval's default): score a run on the topics it answered\n"
    "      --qrels-format F   plain (default: topic iter doc rel) or diversity (topic subtopic doc rel)\n"
    "      --run-format F     auto (default: by content, with evidence), trec, msmarco (qid pid rank) or\n"
    "                         json (ranx / ir_measures dict of dicts); a run not read as TREC is named\n"
    "                         on stderr with the reason\n"
    "      --order O          score (default: score desc, ties by doc id desc, as trec_eval) or rank\n"
    "      --doc-lengths F    document lengths, lines doc<TAB>characters[<TAB>words] (TBG, U)\n"
    "      --sessions F       multi-query sessions, lines session<TAB>position<TAB>topic (sDCG)\n"
    "      --groups FILE      the group of each run (run<TAB>group, or a CSV with run and team/group\n"
    "                         columns such as a leaderboard) for NRG(prior=best_per_group|other_groups)\n"
    "      --intents F        intent probabilities, lines topic subtopic probability (diversity measures;\n"
    "                         default: uniform over the subtopics with a relevant document)\n"
    "      --intent-types F   intent types, lines topic subtopic inf|nav (DIN-nDCG; default: inf)\n"
    "A run is named by its file name without .gz, then without .txt or .tsv (bm25.txt.gz: bm25); its tag\n"
    "(6th column) is reported beside it. tsv and csv start with a line '# topics: ...' stating --missing.\n";

std::string format_value(const MeasureSpec& m, double v, int precision) {
    if (std::isnan(v)) return "nan";
    char buf[64];
    if (m.info().integer && m.aggregate() != Aggregate::GeoMean && v == std::floor(v) && std::fabs(v) < 1e15)
        std::snprintf(buf, sizeof buf, "%.0f", v);
    else
        std::snprintf(buf, sizeof buf, "%.*f", precision, v);
    return buf;
}

}  // namespace

int cmd_eval(const std::vector<std::string>& args, std::string& out) {
    static const std::vector<OptionSpec> specs = {
        {'h', "help", false},   {'m', "measure", true},    {'q', "per-topic", false}, {'f', "format", true},
        {0, "precision", true}, {0, "missing", true},      {0, "qrels-format", true}, {0, "run-format", true},
        {0, "order", true},     {0, "doc-lengths", true},  {0, "sessions", true},     {0, "groups", true},
        {0, "intents", true},   {0, "intent-types", true}, {0, "provenance", false},
    };
    std::vector<ParsedOption> options;
    std::vector<std::string> positional;
    parse_args(args, specs, options, positional);
    EvaluationInputs in;
    bool per_topic = false, with_provenance = false;
    std::string format = "tsv";
    int precision = 4;
    for (const ParsedOption& p : options) {
        if (p.name == "help") {
            std::string help = kHelp;
            help.replace(help.find("%MEASURES%"), 10, measure_names_help());  // from the registry
            out += help;
            return 0;
        }
        if (take_input_option(p, in)) continue;
        if (p.name == "per-topic") per_topic = true;
        if (p.name == "provenance") with_provenance = true;
        if (p.name == "format") {
            format = p.value;
            if (format != "tsv" && format != "csv" && format != "json")
                throw UsageError("--format must be tsv, csv or json, got '" + format + "'");
        }
        if (p.name == "precision") {
            char* end;
            long v = std::strtol(p.value.c_str(), &end, 10);
            if (*end || v < 0 || v > 17) throw UsageError("--precision must be an integer from 0 to 17");
            precision = static_cast<int>(v);
        }
    }
    if (positional.size() < 2) throw UsageError("expected QRELS and at least one RUN (see irlens eval --help)");
    if (in.measures.empty()) throw UsageError("no measure given: add -m MEASURE (e.g. -m AP -m nDCG@10)");

    check_inputs_exist(positional);  // before reading any: a missing run stops eval at once
    auto qrels = load_qrels(positional[0], in.qrels_format);
    ProgressBar bar("irlens eval");
    std::vector<std::shared_ptr<const Run>> runs;
    Evaluation ev;
    bool side_inputs = false;
    // One large TREC run, measures scored topic by topic: streamed (stream_run.hpp).
    if (positional.size() == 2 && stream_obstacle(in.measures).empty() && stream_run_file(positional[1]) &&
        (in.run_format == InputFormat::Unknown ? trec_run_file(qrels, positional[1])
                                               : in.run_format == InputFormat::Trec)) {
        load_optional_inputs(in);
        side_inputs = true;
        const RunNames names = run_names({positional[1]});
        for (const std::string& w : names.warnings) std::fprintf(stderr, "irlens: warning: %s\n", w.c_str());
        StreamEvaluation stream(qrels, names.names[0], in.measures, in.eval, in.order);
        const text::ByteOrderMark strip = text::ByteOrderMark::Strip;
        if (stream_run(
                positional[1], "eval", strip, [&](std::string_view chunk) { stream.feed(chunk); },
                [&] { ev = stream.finish(); }, bar.hook())) {
            warn_invalid_utf8(stream.run()->text_notes(), positional[1], strip);
            runs.push_back(stream.run());
        }
    }
    if (runs.empty()) {
        runs = load_runs(qrels, std::vector<std::string>(positional.begin() + 1, positional.end()), in.order,
                         in.run_format);
        if (!side_inputs) load_optional_inputs(in);
        in.eval.progress = bar.hook();
        ev = evaluate(qrels, runs, in.measures, in.eval);
    }
    for (const std::string& w : ev.warnings) std::fprintf(stderr, "irlens eval: warning: %s\n", w.c_str());
    Provenance prov("eval", positional, &in);
    prov.settings = settings_of(options);

    if (format == "json") {
        EvalDocument doc;
        doc.per_topic = per_topic;
        doc.qrels = positional[0];
        doc.typed = in.typed;
        doc.provenance = json_text(prov.json(), -1);  // valid UTF-8 (json_text.hpp)
        // The readers' warnings (a byte-order mark, invalid UTF-8: already on stderr), then evaluate's.
        doc.input_warnings = text::warnings(qrels->text_notes(), positional[0]);
        for (std::size_t i = 0; i < runs.size(); ++i)
            for (std::string& w : text::warnings(runs[i]->text_notes(), positional[i + 1]))
                doc.input_warnings.push_back(std::move(w));
        out = eval_json(ev, doc, 2) + "\n";
    } else {
        // csv: text cells through text::csv_text (quotes, a ' before a formula), numbers as they are.
        const char sep = format == "csv" ? ',' : '\t';
        auto field = [&](const std::string& s) { return format == "csv" ? text::csv_text(s) : s; };
        if (with_provenance) out += prov.comment();
        out += prov.topics_comment();
        if (format == "csv") out += "run,measure,topic,value\n";
        for (const RunScores& r : ev.runs) {
            if (per_topic) {
                for (std::size_t t = 0; t < r.topics.size(); ++t) {
                    for (std::size_t m = 0; m < ev.measures.size(); ++m) {
                        std::string v = ev.measures[m].info().text_valued
                                            ? field(r.texts[m][t])
                                            : format_value(ev.measures[m], r.values[m][t], precision);
                        out += field(r.name) + sep + field(ev.measures[m].name()) + sep + field(r.topics[t]) + sep + v +
                               "\n";
                    }
                }
            }
            for (std::size_t m = 0; m < ev.measures.size(); ++m) {
                if (ev.measures[m].info().text_valued) continue;
                out += field(r.name) + sep + field(ev.measures[m].name()) + sep + "all" + sep +
                       format_value(ev.measures[m], r.aggregate[m], precision) + "\n";
            }
        }
    }
    return 0;
}

}  // namespace irlens::cli
