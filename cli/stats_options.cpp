#include "stats_options.hpp"

#include "input.hpp"

#include "irlens/frontends/score_files.hpp"

#include "irlens/error.hpp"
#include "irlens/readers/text.hpp"

#include <cmath>
#include <cstdio>

namespace irlens::cli {

std::vector<OptionSpec> stats_option_specs() {
    std::vector<OptionSpec> specs = resampling_option_specs();
    specs.push_back({'f', "format", true});
    specs.push_back({0, "precision", true});
    specs.push_back({0, "provenance", false});
    specs.push_back({0, "scores", false});
    return specs;
}

std::vector<ParsedOption> parse_stats_command(const std::vector<std::string>& args, std::vector<OptionSpec> own,
                                              const std::vector<std::string>& formats, EvaluationInputs& in,
                                              StatsOptions& o, std::vector<std::string>& positional) {
    std::vector<OptionSpec> specs = own;
    for (const OptionSpec& s : input_option_specs()) specs.push_back(s);
    for (const OptionSpec& s : stats_option_specs()) specs.push_back(s);
    std::vector<ParsedOption> options, rest;
    parse_args(args, specs, options, positional);
    o.given = options;
    in.eval.missing = MissingTopics::Zero;
    for (const ParsedOption& p : options)
        if (!take_input_option(p, in) && !take_stats_option(p, o, formats)) rest.push_back(p);
    return rest;
}

bool take_stats_option(const ParsedOption& p, StatsOptions& o, const std::vector<std::string>& formats) {
    if (take_resampling_option(p, o.resampling)) {
        return true;
    } else if (p.name == "format") {
        bool ok = false;
        std::string list;
        for (const std::string& f : formats) {
            ok = ok || f == p.value;
            list += (list.empty() ? "" : ", ") + f;
        }
        if (!ok) throw UsageError("--format must be one of " + list + ", got '" + p.value + "'");
        o.format = p.value;
    } else if (p.name == "precision") {
        std::size_t v = parse_count("--precision", p.value, 0);
        if (v > 17) throw UsageError("--precision must be an integer from 0 to 17");
        o.precision = static_cast<int>(v);
    } else if (p.name == "provenance") {
        o.provenance = true;
    } else if (p.name == "scores") {
        o.scores = true;
    } else {
        return false;
    }
    return true;
}

ScoreInput load_scores(const std::vector<std::string>& files, const EvaluationInputs& in, const StatsOptions& o,
                       const char* command) {
    for (const ParsedOption& p : o.given) {
        if (p.name == "missing" && p.value == "zero")
            throw UsageError(
                "--missing zero needs the runs: with --scores a pair is compared on the topics both runs "
                "have scores for");
        for (const char* name :
             {"qrels-format", "run-format", "order", "doc-lengths", "sessions", "groups", "intents", "intent-types"})
            if (p.name == name) throw UsageError(std::string("--") + name + " is for qrels and runs, not for --scores");
    }
    if (files.empty())
        throw UsageError(std::string("--scores needs at least one score file (see irlens ") + command + " --help)");
    std::vector<std::string> bytes;  // slurp warns about a byte-order mark, which the reader strips
    for (const std::string& f : files) bytes.push_back(slurp(f));
    std::vector<ScoreFile> score_files;
    for (std::size_t i = 0; i < files.size(); ++i) score_files.push_back({files[i], bytes[i]});
    ScoreFiles sf = read_score_files(score_files, in.measures);
    for (std::size_t i = 0; i < files.size(); ++i)
        warn_invalid_utf8(sf.text_notes[i], files[i], text::ByteOrderMark::Strip);
    if (!sf.skipped.empty() && in.measures.empty()) {  // with -m they were not wanted anyway
        std::string list;
        for (const std::string& m : sf.skipped) list += (list.empty() ? "" : ", ") + m;
        std::fprintf(stderr,
                     "irlens %s: warning: measures in the score files that irlens cannot name were left out: %s\n",
                     command, list.c_str());
    }
    ScoreInput s;
    s.evaluation = std::move(sf.evaluation);
    s.topics = sf.topics;
    s.name = "scores:";
    for (std::size_t i = 0; i < files.size(); ++i) s.name += (i ? ", " : " ") + files[i];
    return s;
}

std::string scores_policy(std::string policy) {
    const std::pair<const char*, const char*> words[] = {
        {" qrels topics that every compared run answered (--missing skip)",
         " topics of the score files that every compared run has scores for"},
        {" qrels topics both runs answered (--missing skip)", " topics of the score files both runs have scores for"}};
    for (const auto& [from, to] : words) {
        const std::size_t at = policy.find(from);
        if (at != std::string::npos) policy.replace(at, std::string(from).size(), to);
    }
    return policy;
}

std::string fixed(double v, int precision) {
    if (std::isnan(v)) return "nan";
    if (std::isinf(v)) return v > 0 ? "inf" : "-inf";
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.*f", precision, v);
    return buf;
}

std::string p_value(double p, int digits) {
    if (std::isnan(p)) return "nan";
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.*g", digits < 1 ? 1 : digits, p);
    return buf;
}

std::string latex_escape(const std::string& s) { return text::latex_text(s); }

}  // namespace irlens::cli
