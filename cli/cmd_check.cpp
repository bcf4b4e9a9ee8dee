// `irlens check`: run validation for organisers (irlens/readers/run_check.hpp).
#include "commands.hpp"
#include "input.hpp"
#include "option_values.hpp"

#include "irlens/frontends/json_documents.hpp"
#include "irlens/error.hpp"
#include "irlens/readers/run_check.hpp"

namespace irlens::cli {

namespace {

const char kHelp[] =
    "usage: irlens check RUN... [options]\n"
    "\n"
    "Validates submitted runs as TREC's submission checkers do, and reports every problem (not just the\n"
    "first, as evaluation does) with file, line and severity. It reads any file: lines the evaluation\n"
    "would refuse are findings. Errors: wrong column count (6 expected), a rank that is not an integer, a\n"
    "score that is not a number, a repeated document or rank within a topic, ranks that disagree with the\n"
    "scores, more results per topic than --max-docs, a topic not in --topics, a run tag that changes\n"
    "between lines or differs from --tag, a document not in --docs, a line over 1 MiB, a NUL byte, no\n"
    "results. Warnings: iteration column not Q0, ranks not running 1..n, tied scores (trec_eval breaks\n"
    "ties by document id), a topic not in --qrels (evaluation ignores it), a topic of --topics (else of\n"
    "--qrels) without results. docs/cli.md lists every kind.\n"
    "\n"
    "      --qrels FILE     the qrels: its topics are the judged ones\n"
    "      --topics FILE    the topic list: the first word of each line (a qrels file works too)\n"
    "      --docs FILE      the document collection's ids: the first word of each line\n"
    "      --max-docs N     at most N results per topic (TREC usually allows 1000)\n"
    "      --tag TAG        the expected run tag (default: any, but the same on every line)\n"
    "  -f, --format F       text (default: FILE:LINE: severity: message [kind]) or json\n"
    "Only the first 100 findings of each kind are listed per file; all are counted.\n"
    "Exit codes: 0 no errors (warnings allowed), 4 errors found, 2 usage error, 3 an input that cannot\n"
    "be read (a missing file, corrupt gzip, or a bad --qrels/--topics/--docs).\n";

void render_text(const CheckReport& r, std::string& out) {
    for (const CheckFinding& f : r.findings) {
        out += r.file;
        if (f.line) out += ":" + std::to_string(f.line);
        out += std::string(": ") + severity_name(f.severity) + ": " + f.message + " [" + f.kind + "]\n";
    }
    auto plural = [](std::uint64_t n, const char* what) {
        return std::to_string(n) + " " + what + (n == 1 ? "" : "s");
    };
    out += r.file + ": " + plural(r.lines, "line") + ", " + plural(r.results, "result") + ", " +
           plural(r.topics, "topic") + ": " + plural(r.errors, "error") + ", " + plural(r.warnings, "warning");
    if (r.unlisted) out += " (" + std::to_string(r.unlisted) + " not listed: only the first 100 of each kind are)";
    out += "\n";
}

std::shared_ptr<const IdList> load_ids(const std::string& path) {
    IdListReader reader(path);
    read_file(path, [&](std::string_view chunk) { reader.feed(chunk); });
    return reader.finish();
}

}  // namespace

int cmd_check(const std::vector<std::string>& args, std::string& out) {
    static const std::vector<OptionSpec> specs = {{'h', "help", false}, {0, "qrels", true},    {0, "topics", true},
                                                  {0, "docs", true},    {0, "max-docs", true}, {0, "tag", true},
                                                  {'f', "format", true}};
    std::vector<ParsedOption> options;
    std::vector<std::string> positional;
    parse_args(args, specs, options, positional);
    CheckOptions co;
    std::string format = "text", qrels, topics, docs;
    for (const ParsedOption& o : options) {
        if (o.name == "help") {
            out += kHelp;
            return 0;
        }
        if (o.name == "qrels") qrels = o.value;
        if (o.name == "topics") topics = o.value;
        if (o.name == "docs") docs = o.value;
        if (o.name == "max-docs") co.max_docs = static_cast<std::size_t>(int_option(o, 1));
        if (o.name == "tag") {
            if (o.value.empty()) throw UsageError("--tag needs a non-empty tag");
            co.tag = o.value;
        }
        if (o.name == "format") {
            if (o.value != "text" && o.value != "json")
                throw UsageError("--format must be text or json, got '" + o.value + "'");
            format = o.value;
        }
    }
    if (positional.empty()) throw UsageError("give at least one RUN (irlens check --help)");
    if (!qrels.empty()) co.qrels = load_qrels(qrels, QrelsFormat::Plain);
    if (!topics.empty()) co.topics = load_ids(topics);
    if (!docs.empty()) co.docs = load_ids(docs);

    std::vector<CheckReport> reports;
    std::uint64_t errors = 0;
    for (const std::string& path : positional) {
        RunChecker checker(path, co);
        read_file(path, [&](std::string_view chunk) { checker.feed(chunk); });  // warns of a byte-order mark
        reports.push_back(checker.finish());
        warn_invalid_utf8(reports.back().text_notes, path, text::ByteOrderMark::Strip);
        errors += reports.back().errors;
    }
    if (format == "json") {
        out += check_json(reports, co, 2) + "\n";
    } else {
        for (const CheckReport& r : reports) render_text(r, out);
    }
    return errors ? 4 : 0;
}

}  // namespace irlens::cli
