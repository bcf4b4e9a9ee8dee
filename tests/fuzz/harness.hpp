// The fuzzing harness shared by the libFuzzer target (tests/fuzz/fuzz_readers.cpp), the corpus
// replay (tests/unit-fuzz-corpus.cpp) and the seeded mutation test (tests/unit-fuzz-mutation.cpp).
//
// fuzz_one(input) feeds arbitrary bytes to one of irlens' parsers and, when they are accepted,
// evaluates what was parsed with every registry measure and with the trec_eval front-end. The only
// exceptions a parser may throw are InputError and UsageError (fuzz_one returns which); anything
// else - another exception, a HarnessFailure (a broken invariant), a sanitizer report - is a bug.
//
// Input layout: byte 0 selects the target (mod 13), byte 1 seeds irlens' generator (Rng) for the
// chunking and the evaluation options, the rest is the payload:
//   0  QrelsReader, plain format (then a run of its documents, every measure, trec_eval all_trec)
//   1  QrelsReader, grouped format (the same, trec_eval's qrels_jg measures)
//   2  RunReader against kFuzzQrels (then every measure and trec_eval all_trec)
//   3  ZScores::parse
//   4  parse_measures (each spec printed, re-parsed, compiled, evaluated on kFuzzQrels/kFuzzRun)
//   5  DocLengthsReader, then TBG and U with those lengths
//   6  SessionsReader, then sDCG with those sessions
//   7  trec_eval's command line (split at blanks), then trec_eval() on kFuzzQrels/kFuzzRun
//   8  PrefsReader, prefs or qrels_prefs format (then a run of its documents, trec_eval all_prefs)
//   9  Intents, probabilities or types file (then every diversity measure on kFuzzDiversityQrels)
//  10  RunGroups::parse (TSV or CSV), then its group of each fixture run
//  11  read_score_files (frontends/score_files.hpp): one file, or the payload cut in two files; all
//      measures or AP only; every value kept must be finite or NaN and within its measure's range
//  12  content detection: AnyRunReader (format auto or given) against kFuzzQrels, or AnyQrelsReader,
//      in chunks; an accepted input has a format and its evidence, then every measure; and
//      detect_score_format on the same bytes
// Every evaluation's result is also written as JSON, CSV and LaTeX (check_writers: arbitrary bytes
// in run tags, topic ids and doc ids must come out as valid UTF-8, the JSON must parse, a CSV
// cell must not start a formula, LaTeX specials must be escaped).
// Readers get the payload in random-sized chunks, each copied into a heap block of exactly its
// size (so AddressSanitizer sees any read past a chunk), with empty chunks in between.
#pragma once

#include "irlens/readers/doc_lengths.hpp"
#include "irlens/readers/input_formats.hpp"
#include "irlens/frontends/score_files.hpp"
#include "irlens/error.hpp"
#include "irlens/evaluation/evaluate.hpp"
#include "irlens/readers/intents.hpp"
#include "irlens/frontends/json_text.hpp"
#include "irlens/measures/measure.hpp"
#include "irlens/readers/preferences.hpp"
#include "irlens/readers/qrels.hpp"
#include "irlens/stats/random.hpp"
#include "irlens/readers/run.hpp"
#include "irlens/readers/run_groups.hpp"
#include "irlens/readers/sessions.hpp"
#include "irlens/readers/text.hpp"
#include "irlens/frontends/trec_eval.hpp"

#include <cmath>
#include <cstdint>
#include <cstring>
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace irlens::fuzz {

/// A broken invariant found by the harness (not an input problem).
struct HarnessFailure : std::logic_error {
    using std::logic_error::logic_error;
};

enum class Outcome { Accepted, InputError, UsageError };

enum Target : unsigned {
    kQrelsPlain,
    kQrelsGrouped,
    kRun,
    kZScores,
    kMeasures,
    kDocLengths,
    kSessions,
    kTrecEvalArgs,
    kPrefs,
    kIntents,
    kRunGroups,
    kScoreFiles,
    kDetection,
    kNumTargets
};

/// The qrels the run target is read against: grades -1..3, three topics in byte order 1 < 10 < 2.
inline const char* const kFuzzQrels = "1 0 a 2\n1 0 b 0\n1 0 c 1\n1 0 d -1\n1 0 e 3\n10 0 a 1\n10 0 f 0\n2 0 g 0\n";
inline const char* const kFuzzRun = "1 Q0 a 1 3 t\n1 Q0 x 2 2 t\n1 Q0 d 3 1 t\n1 Q0 c 4 1 t\n10 Q0 f 1 1 t\n";

/// Diversity qrels (topic subtopic doc rel) for the intents target.
inline const char* const kFuzzDiversityQrels = "1 1 a 1\n1 2 a 0\n1 2 b 1\n1 3 c 2\n2 1 d 1\n";

/// kFuzzQrels and kFuzzRun, parsed once.
inline const std::shared_ptr<const Qrels>& fuzz_qrels_fixture() {
    static const std::shared_ptr<const Qrels> qrels = read_qrels("fuzz.qrels", kFuzzQrels);
    return qrels;
}
inline const std::shared_ptr<const Run>& fuzz_run_fixture() {
    static const std::shared_ptr<const Run> run = read_run(fuzz_qrels_fixture(), "fuzz.run", kFuzzRun);
    return run;
}

/// A copy of some bytes in a heap block of exactly their size.
class HeapCopy {
public:
    explicit HeapCopy(std::string_view bytes) : size_(bytes.size()), block_(new char[bytes.size()]) {
        if (size_) std::memcpy(block_.get(), bytes.data(), size_);
    }
    std::string_view view() const { return std::string_view(block_.get(), size_); }

private:
    std::size_t size_;
    std::unique_ptr<char[]> block_;
};

/// Feeds `bytes` to reader.feed() in chunks of 1..64 bytes, each in its own exactly-sized heap
/// block, with an occasional empty chunk (a null view).
template <class Reader>
void feed_in_chunks(Reader& reader, std::string_view bytes, Rng& rng) {
    std::size_t pos = 0;
    while (pos < bytes.size()) {
        if (rng.below(8) == 0) reader.feed(std::string_view());
        std::size_t n = 1 + static_cast<std::size_t>(rng.below(rng.below(4) == 0 ? 64 : 8));
        if (n > bytes.size() - pos) n = bytes.size() - pos;
        HeapCopy chunk(bytes.substr(pos, n));
        reader.feed(chunk.view());
        pos += n;
    }
}

/// A reader's result for bytes fed in chunks.
template <class Reader>
auto read_in_chunks(Reader&& reader, std::string_view bytes, Rng& rng) {
    feed_in_chunks(reader, bytes, rng);
    return reader.finish();
}

/// Evaluation options drawn from rng (which topics), with the optional inputs left empty.
inline EvalOptions options_from(Rng& rng) {
    EvalOptions o;
    o.missing = rng.below(2) ? MissingTopics::Zero : MissingTopics::Skip;
    return o;
}

/// Every registry measure with its defaults (cutoff 5 or 0.5 where one is required) that needs
/// no optional input (those are reached through the measures target): computed once.
inline const std::vector<MeasureSpec>& all_measures() {
    static const std::vector<MeasureSpec> all = [] {
        std::vector<MeasureSpec> out;
        for (const MeasureInfo& m : registry()) {
            std::string name = m.name;
            if (m.cutoff_required) name += m.cutoff == CutoffKind::Real ? "@0.5" : "@5";
            try {
                MeasureSpec spec = parse_measure(name);
                evaluate(fuzz_qrels_fixture(), {fuzz_run_fixture()}, {spec});
                out.push_back(spec);
            } catch (const UsageError&) {
                // a required parameter or optional input
            }
        }
        return out;
    }();
    return all;
}

/// One text (a tag, an id) through the CSV and LaTeX writers: valid UTF-8 out, a CSV cell that
/// reads back (RFC 4180) as to_utf8(s), with a ' first when that starts with = + - @ TAB CR (after
/// any 's of its own), and
/// LaTeX without an unescaped special character (text::latex_text: every ASCII character literal).
inline void check_text_writers(std::string_view s) {
    const std::string utf8 = text::to_utf8(s);
    if (text::valid_utf8_prefix(utf8) != utf8.size()) throw HarnessFailure("to_utf8: invalid UTF-8 out");
    if (text::valid_utf8_prefix(s) == s.size() && utf8 != s) throw HarnessFailure("to_utf8 changed valid UTF-8");
    std::string cell = text::csv_text(s), read;
    if (!cell.empty() && cell.front() == '"') {
        if (cell.size() < 2 || cell.back() != '"') throw HarnessFailure("csv: unbalanced quotes");
        for (std::size_t i = 1; i + 1 < cell.size(); ++i) {
            if (cell[i] == '"' && cell[++i] != '"') throw HarnessFailure("csv: a lone quote inside a quoted cell");
            read += cell[i];
        }
    } else {
        if (cell.find_first_of(",\"\n\r") != std::string::npos)
            throw HarnessFailure("csv: a special character unquoted");
        read = cell;
    }
    const std::size_t first = utf8.find_first_not_of('\'');
    const bool formula =
        first != std::string::npos && std::string_view("=+-@\t\r").find(utf8[first]) != std::string_view::npos;
    if (read != (formula ? "'" : "") + utf8) throw HarnessFailure("csv: the cell does not read back as the text");
    std::string latex = text::latex_text(s);
    if (text::valid_utf8_prefix(latex) != latex.size()) throw HarnessFailure("latex: invalid UTF-8 out");
    for (const char* pair : {"--", ",,"})
        if (latex.find(pair) != std::string::npos) throw HarnessFailure("latex: a ligature left whole");
    for (const char* word :
         {"\\textbackslash{}", "{\\fontencoding{OT1}\\ttfamily\\char13}", "{\\fontencoding{OT1}\\ttfamily\\char18}",
          "{\\fontencoding{OT1}\\ttfamily\\char34}", "{\\fontencoding{OT1}\\ttfamily\\char60}",
          "{\\fontencoding{OT1}\\ttfamily\\char62}", "{\\fontencoding{OT1}\\ttfamily\\char124}",
          "{\\fontencoding{OT1}\\ttfamily\\char95}", "{\\fontencoding{OT1}\\ttfamily\\char94}",
          "{\\fontencoding{OT1}\\ttfamily\\char126}", "-{}", ",{}"})
        for (std::size_t p; (p = latex.find(word)) != std::string::npos;) latex.erase(p, std::strlen(word));
    for (std::size_t i = 0; i < latex.size(); ++i) {
        if (latex[i] == '\\' && i + 1 < latex.size() && std::strchr("&%$#_{}", latex[i + 1])) {
            ++i;
        } else if (std::strchr("\\~^&%$#_{}\"'`<>|", latex[i]) && latex[i] != '\0') {
            throw HarnessFailure("latex: an unescaped special character");
        }
    }
}

/// An evaluation written as the CLI and the JS API write it: its ids and tags through
/// check_text_writers, and a JSON document (as `irlens eval -q -f json`) that must parse back.
inline void write_all(const Evaluation& ev) {
    nlohmann::json j = nlohmann::json::object();
    for (const RunScores& r : ev.runs) {
        check_text_writers(r.name);
        check_text_writers(r.tag);
        nlohmann::json jr = {{"tag", r.tag}};
        for (std::size_t t = 0; t < r.topics.size(); ++t) {
            check_text_writers(r.topics[t]);
            for (std::size_t m = 0; m < ev.measures.size(); ++m) {
                const double v = r.values[m][t];
                jr["per_topic"][r.topics[t]][ev.measures[m].name()] =
                    std::isfinite(v) ? nlohmann::json(v) : nlohmann::json();
            }
        }
        j["runs"][r.name] = jr;
    }
    j["warnings"] = ev.warnings;
    const std::string doc = json_text(j, 2);
    if (text::valid_utf8_prefix(doc) != doc.size()) throw HarnessFailure("json: invalid UTF-8 out");
    if (nlohmann::json::parse(doc, nullptr, false).is_discarded())
        throw HarnessFailure("json: the document does not parse");
}

/// Evaluates the runs with the measures, all at once and, if that is refused (a measure needing
/// an optional input), one measure at a time; every result through write_all.
inline void evaluate_all(const std::shared_ptr<const Qrels>& qrels, const std::vector<std::shared_ptr<const Run>>& runs,
                         const std::vector<MeasureSpec>& measures, const EvalOptions& options) {
    try {
        write_all(evaluate(qrels, runs, measures, options));
    } catch (const UsageError&) {
        for (const MeasureSpec& m : measures) {
            try {
                write_all(evaluate(qrels, runs, {m}, options));
            } catch (const UsageError&) {
            }
        }
    }
}

/// The run through the trec_eval front-end, -q -m all_trec (qrels_jg for grouped qrels) with
/// options drawn from rng.
inline void trec_eval_all(const std::shared_ptr<const Qrels>& qrels, const std::shared_ptr<const Run>& run, Rng& rng) {
    TrecEvalOptions o;
    if (qrels->format() == QrelsFormat::Grouped)
        o.measures = {"qrels_jg"};
    else
        o.measures = {"all_trec", "dcg", "ideal_dcg", "yaap"};
    o.per_query = true;
    o.complete = rng.below(2) == 0;
    o.judged_only = rng.below(4) == 0;
    o.rel_level = static_cast<long>(rng.below(4));
    if (rng.below(4) == 0) o.max_docs = static_cast<long>(rng.below(4));
    try {
        trec_eval(o, qrels, run);
    } catch (const InputError&) {
        // no topic in common (without -c)
    }
}

inline std::shared_ptr<const Run> run_of_judged_docs(const std::shared_ptr<const Qrels>& q);

inline void check_qrels(const std::shared_ptr<const Qrels>& q) {
    for (std::size_t t = 0; t < q->num_topics(); ++t) {
        check_text_writers(q->topic_id(t));
        if (q->find_topic(q->topic_id(t)) != static_cast<long>(t)) throw HarnessFailure("qrels: find_topic");
        if (t > 0 && !(q->topic_id(t - 1) < q->topic_id(t))) throw HarnessFailure("qrels: topic order");
        for (const Judgment* j = q->begin(t); j != q->end(t); ++j) {
            check_text_writers(q->doc(*j));
            long found = q->find(t, q->doc(*j));
            if (found < 0 || q->doc(q->judgment(static_cast<std::uint32_t>(found))) != q->doc(*j))
                throw HarnessFailure("qrels: find");
        }
    }
}

inline void fuzz_qrels(std::string_view payload, QrelsFormat format, Rng& rng) {
    std::shared_ptr<const Qrels> q = read_in_chunks(QrelsReader("fuzz.qrels", format), payload, rng);
    check_qrels(q);
    std::shared_ptr<const Run> r = run_of_judged_docs(q);
    evaluate_all(q, {r}, all_measures(), options_from(rng));
    trec_eval_all(q, r, rng);
}

inline void fuzz_prefs(std::string_view payload, Rng& rng) {
    PrefsFormat format = rng.below(2) ? PrefsFormat::Prefs : PrefsFormat::QrelsPrefs;
    std::shared_ptr<const Preferences> prefs = read_in_chunks(PrefsReader("fuzz.prefs", format), payload, rng);
    check_qrels(prefs->qrels());
    TrecEvalOptions o;
    o.measures = {"all_prefs"};
    o.per_query = true;
    o.complete = rng.below(2) == 0;
    o.prefs = prefs;
    trec_eval(o, prefs->qrels(), run_of_judged_docs(prefs->qrels()));
}

/// Judged docs of the first topics, as a run (scores descending), plus one unjudged doc. The
/// qrels accepted them, so the run reader must too.
inline std::shared_ptr<const Run> run_of_judged_docs(const std::shared_ptr<const Qrels>& q) {
    std::string run;
    for (std::size_t t = 0; t < q->num_topics() && t < 8; ++t) {
        std::string topic(q->topic_id(t));
        int n = 0;
        for (const Judgment* j = q->begin(t); j != q->end(t) && n < 16; ++j) {
            if (j != q->begin(t) && q->doc(*j) == q->doc(j[-1])) continue;  // grouped: one doc, many groups
            run += topic + " Q0 " + std::string(q->doc(*j)) + " 1 " + std::to_string(100 - n++) + " t\n";
        }
        if (q->find(t, "irlens-unjudged-doc") < 0) run += topic + " Q0 irlens-unjudged-doc 1 0 t\n";
    }
    try {
        return read_run(q, "fuzz.run", run);
    } catch (const InputError& e) {
        throw HarnessFailure(std::string("a run of accepted qrels documents was rejected: ") + e.what());
    }
}

inline void fuzz_run(std::string_view payload, Rng& rng) {
    const std::shared_ptr<const Qrels>& qrels = fuzz_qrels_fixture();
    RunOrder order = rng.below(4) == 0 ? RunOrder::Rank : RunOrder::Score;
    std::shared_ptr<const Run> run = read_in_chunks(RunReader(qrels, "fuzz.run", order), payload, rng);
    evaluate_all(qrels, {run}, all_measures(), options_from(rng));
    trec_eval_all(qrels, run, rng);
}

inline void fuzz_zscores(std::string_view payload) {
    HeapCopy bytes(payload);
    std::shared_ptr<const ZScores> z = ZScores::parse("fuzz.zscores", bytes.view());
    double mean, sd;
    z->find("1", "map", mean, sd);
}

/// Every value of the evaluation is a finite number, or NaN where the measure defines a topic
/// without a value (MeasureInfo::sparse; the aggregate of such a measure when no topic has one):
/// no parameter may turn a value into inf or an unexplained NaN (issue 13: SetF(beta=1e400) and
/// nDCG(gains={0:0,1:1e400}) printed nan).
inline void check_values(const Evaluation& ev) {
    for (const RunScores& r : ev.runs) {
        for (std::size_t m = 0; m < ev.measures.size(); ++m) {
            const MeasureInfo& info = ev.measures[m].info();
            if (info.text_valued) continue;
            // trec_eval divides 0 by 0 for IPrec (and IPrecAvg) when judged_only leaves nothing retrieved and the
            // recall level needs no relevant document; irlens keeps its NaN (unit-average-precision.cpp,
            // docs/differences-from-reference-tools.md): the one documented NaN of a non-sparse measure.
            const bool documented_nan = info.name.rfind("IPrec", 0) == 0 && ev.measures[m].bool_param("judged_only");
            auto bad = [&](double v) { return std::isinf(v) || (std::isnan(v) && !info.sparse && !documented_nan); };
            for (std::size_t t = 0; t < r.values[m].size(); ++t)
                if (bad(r.values[m][t]))
                    throw HarnessFailure(ev.measures[m].full_name() + " is " + std::to_string(r.values[m][t]) +
                                         " on topic " + r.topics[t]);
            if (bad(r.aggregate[m]))
                throw HarnessFailure(ev.measures[m].full_name() + " aggregates to " + std::to_string(r.aggregate[m]));
        }
    }
}

inline void fuzz_measures(std::string_view payload, Rng& rng) {
    HeapCopy text(payload);
    std::vector<MeasureSpec> specs = parse_measures(text.view());
    if (specs.size() > 16) specs.resize(16);
    for (const MeasureSpec& s : specs) {
        // The canonical name and the full name read back as themselves.
        std::string name = s.name(), full = s.full_name();
        if (parse_measure(name).name() != name) throw HarnessFailure("name does not round-trip: " + name);
        if (parse_measure(full).full_name() != full) throw HarnessFailure("full name does not round-trip: " + full);
    }
    EvalOptions options = options_from(rng);
    for (const MeasureSpec& s : specs) {
        try {
            check_values(evaluate(fuzz_qrels_fixture(), {fuzz_run_fixture()}, {s}, options));
        } catch (const UsageError&) {
            // a measure that needs an optional input (reached through the other targets)
        }
    }
}

inline void fuzz_doc_lengths(std::string_view payload, Rng& rng) {
    EvalOptions o = options_from(rng);
    o.doc_lengths = read_in_chunks(DocLengthsReader("fuzz.lengths"), payload, rng);
    // A document without a length stops the evaluation with an InputError naming it.
    evaluate(fuzz_qrels_fixture(), {fuzz_run_fixture()},
             parse_measures("TBG U TBG(chars_per_word=5)@3 U(judged_only=True)"), o);
}

inline void fuzz_sessions(std::string_view payload, Rng& rng) {
    EvalOptions o = options_from(rng);
    o.sessions = read_in_chunks(SessionsReader("fuzz.sessions"), payload, rng);
    evaluate(fuzz_qrels_fixture(), {fuzz_run_fixture()}, parse_measures("sDCG sDCG(dedup=False,gains=exp)@2"), o);
}

inline void fuzz_trec_eval_args(std::string_view payload) {
    std::vector<std::string> args;
    std::size_t i = 0;
    while (i < payload.size() && args.size() < 32) {
        while (i < payload.size() && (payload[i] == ' ' || payload[i] == '\n')) ++i;
        std::size_t start = i;
        while (i < payload.size() && payload[i] != ' ' && payload[i] != '\n') ++i;
        if (i > start) args.emplace_back(payload.substr(start, i - start));
    }
    TrecEvalCommand command = parse_trec_eval_command(args);
    command.options.zscores = nullptr;  // -Z names a file; not read here
    trec_eval(command.options, fuzz_qrels_fixture(), fuzz_run_fixture());
}

inline void fuzz_intents(std::string_view payload, Rng& rng) {
    static const std::shared_ptr<const Qrels> qrels = read_qrels("fuzz.div", kFuzzDiversityQrels, QrelsFormat::Grouped);
    static const std::shared_ptr<const Run> run =
        read_run(qrels, "fuzz.run", "1 Q0 a 1 3 t\n1 Q0 c 2 2 t\n1 Q0 x 3 1 t\n2 Q0 d 1 1 t\n");
    static const std::vector<MeasureSpec> diversity = [] {
        std::vector<MeasureSpec> out;
        for (const MeasureInfo& m : registry()) {
            if (m.family != "diversity") continue;
            try {
                out.push_back(parse_measure(m.name + (m.cutoff_required ? "@5" : "")));
            } catch (const UsageError&) {
            }
        }
        return out;
    }();
    auto intents = std::make_shared<Intents>();
    HeapCopy bytes(payload);
    if (rng.below(2))
        intents->read_probabilities("fuzz.intents", bytes.view());
    else
        intents->read_types("fuzz.types", bytes.view());
    EvalOptions o = options_from(rng);
    o.intents = intents;
    evaluate_all(qrels, {run}, diversity, o);  // a topic the file lacks: InputError
}

inline void fuzz_run_groups(std::string_view payload) {
    HeapCopy bytes(payload);
    RunGroups groups = RunGroups::parse("fuzz.groups", bytes.view());
    for (std::size_t i = 0; i < groups.size(); ++i)
        if (groups.run(i).empty() || groups.group(i).empty()) throw HarnessFailure("run groups: an empty name");
    groups.group_of(fuzz_run_fixture()->name());
}

inline void fuzz_score_files(std::string_view payload, Rng& rng) {
    HeapCopy bytes(payload);
    std::vector<ScoreFile> files;
    if (rng.below(3) == 0) {  // two files: the cross-file checks (a run name given twice)
        const std::size_t cut = payload.size() / 2;
        files = {{"fuzz.a", bytes.view().substr(0, cut)}, {"fuzz.b", bytes.view().substr(cut)}};
    } else {
        files = {{"fuzz.scores", bytes.view()}};
    }
    std::vector<MeasureSpec> wanted;
    if (rng.below(2)) wanted.push_back(parse_measure("AP"));
    const ScoreFiles sf = read_score_files(files, wanted);
    if (sf.formats.size() != files.size()) throw HarnessFailure("score files: a file without its format");
    for (const ScoreFormatChoice& c : sf.formats)
        if (c.evidence.empty()) throw HarnessFailure("score files: a format without evidence");
    for (const RunScores& r : sf.evaluation.runs)
        for (std::size_t m = 0; m < sf.evaluation.measures.size(); ++m)
            for (double v : r.values[m])
                if (!std::isnan(v) && (!std::isfinite(v) || !sf.evaluation.measures[m].info().values.contains(v)))
                    throw HarnessFailure("score files: a value that is infinite or outside its measure's range");
}

inline void fuzz_detection(std::string_view payload, Rng& rng) {
    try {
        HeapCopy bytes(payload);
        detect_score_format("fuzz.scores", bytes.view());
    } catch (const InputError&) {
    }
    if (rng.below(4) == 0) {
        AnyQrelsReader reader("fuzz.qrels", QrelsFormat::Plain);
        feed_in_chunks(reader, payload, rng);
        std::shared_ptr<const Qrels> q = reader.finish();
        if (reader.input_format() == InputFormat::Unknown || reader.format_evidence().empty())
            throw HarnessFailure("qrels detection: no format or no evidence");
        check_qrels(q);
        evaluate_all(q, {run_of_judged_docs(q)}, all_measures(), options_from(rng));
        return;
    }
    static const InputFormat formats[] = {InputFormat::Unknown, InputFormat::Unknown, InputFormat::Trec,
                                          InputFormat::MsMarco, InputFormat::Json};
    const InputFormat given = formats[rng.below(5)];
    AnyRunReader reader(fuzz_qrels_fixture(), "fuzz.run", RunOrder::Score, given);
    feed_in_chunks(reader, payload, rng);
    std::shared_ptr<const Run> run = reader.finish();
    if (reader.input_format() == InputFormat::Unknown || reader.format_evidence().empty())
        throw HarnessFailure("run detection: no format or no evidence");
    if (given != InputFormat::Unknown && reader.input_format() != given)
        throw HarnessFailure("run detection: the given format was not used");
    evaluate_all(fuzz_qrels_fixture(), {run}, all_measures(), options_from(rng));
}

/// Runs one input; see the file comment. Throws only on a bug.
inline Outcome fuzz_one(std::string_view input) {
    if (input.size() < 2) return Outcome::Accepted;
    unsigned target = static_cast<unsigned char>(input[0]) % kNumTargets;
    Rng rng(static_cast<unsigned char>(input[1]));
    std::string_view payload = input.substr(2);
    try {
        switch (target) {
            case kQrelsPlain: fuzz_qrels(payload, QrelsFormat::Plain, rng); break;
            case kQrelsGrouped: fuzz_qrels(payload, QrelsFormat::Grouped, rng); break;
            case kRun: fuzz_run(payload, rng); break;
            case kZScores: fuzz_zscores(payload); break;
            case kMeasures: fuzz_measures(payload, rng); break;
            case kDocLengths: fuzz_doc_lengths(payload, rng); break;
            case kSessions: fuzz_sessions(payload, rng); break;
            case kTrecEvalArgs: fuzz_trec_eval_args(payload); break;
            case kPrefs: fuzz_prefs(payload, rng); break;
            case kIntents: fuzz_intents(payload, rng); break;
            case kRunGroups: fuzz_run_groups(payload); break;
            case kScoreFiles: fuzz_score_files(payload, rng); break;
            case kDetection: fuzz_detection(payload, rng); break;
        }
    } catch (const InputError& e) {
        if (std::strlen(e.what()) == 0) throw HarnessFailure("InputError without a message");
        return Outcome::InputError;
    } catch (const UsageError& e) {
        if (std::strlen(e.what()) == 0) throw HarnessFailure("UsageError without a message");
        return Outcome::UsageError;
    }
    return Outcome::Accepted;
}

}  // namespace irlens::fuzz
