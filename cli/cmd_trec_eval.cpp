// `irlens trec_eval`: trec_eval 10.0's command line and output, byte for byte.
#include "commands.hpp"
#include "input.hpp"
#include "stream_run.hpp"

#include "irlens/error.hpp"
#include "irlens/frontends/trec_eval.hpp"
#include "irlens/version.hpp"

#include <cstdio>

namespace irlens::cli {

int cmd_trec_eval(const std::vector<std::string>& args, std::string& out) {
    TrecEvalCommand c = parse_trec_eval_command(args);
    for (const std::string& w : c.warnings) std::fprintf(stderr, "irlens trec_eval: warning: %s\n", w.c_str());
    if (c.help) {
        out += trec_eval_help();
        return 0;
    }
    if (c.version) {
        std::fprintf(stderr, "irlens %s (trec_eval 10.0 compatible)\n", IRLENS_VERSION);
        return 0;
    }
    if (c.files.size() != 2) throw UsageError(std::string("expected QRELS and RUN\n") + trec_eval_help());
    if (!c.zscores_file.empty()) {
        c.options.zscores = ZScores::parse(c.zscores_file, slurp(c.zscores_file, text::ByteOrderMark::Keep));
    }
    // trec_eval reads a byte-order mark as part of the first line: kept, with a warning.
    const text::ByteOrderMark keep = text::ByteOrderMark::Keep;
    std::shared_ptr<const Qrels> qrels;
    if (c.rel_format == "prefs" || c.rel_format == "qrels_prefs") {
        c.options.prefs =
            load_prefs(c.files[0], c.rel_format == "prefs" ? PrefsFormat::Prefs : PrefsFormat::QrelsPrefs, keep);
        qrels = c.options.prefs->qrels();
    } else {
        qrels = load_qrels(c.files[0], c.rel_format == "qrels_jg" ? QrelsFormat::Grouped : QrelsFormat::Plain, keep,
                           Formats::Trec);
    }
    if (stream_run_file(c.files[1])) {  // a large run: one topic at a time (stream_run.hpp)
        TrecEvalStream stream(c.options, qrels, c.files[1]);
        if (stream_run(
                c.files[1], "trec_eval", keep, [&](std::string_view chunk) { stream.feed(chunk); },
                [&] { out = stream.finish(); }, {}))
            return 0;
    }
    auto run = load_run(qrels, c.files[1], c.files[1], RunOrder::Score, keep, Formats::Trec);
    out = trec_eval(c.options, qrels, run);
    return 0;
}

}  // namespace irlens::cli
