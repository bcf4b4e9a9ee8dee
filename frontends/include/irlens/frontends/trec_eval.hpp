// A drop-in for trec_eval 10.0: the same options, the same measures (named as trec_eval names
// them: map, P.5,10, ndcg.1=3,2=9 ...), the same output bytes.
//
// Deliberate differences (documented in the README):
// - trec_eval 10.0 aborts when a qrels topic has no results unless -c; irlens skips such topics,
//   as trec_eval's own help text promises.
// - rbp and rbp_resid: trec_eval 10.0 reads uninitialised min/max in m_rbp.c; irlens initialises
//   them from the gain table (see measures/rbp.cpp).
// - Input errors (duplicates, malformed lines) are found at load time for every topic, not only
//   for the topics trec_eval happens to evaluate.
// - Preferences (-R prefs / qrels_prefs): a (topic, jg, jsg, doc) given twice is an error (trec_eval
//   counts it twice), inconsistent preferences an InputError (trec_eval aborts); prefs_avgjg_Rnonrel(_ret)
//   never read past the last equivalence class (trec_eval does when negative rel_levels make it
//   smaller than R); see preferences.hpp and measures/preference_counts.cpp.
#pragma once

#include "irlens/readers/qrels.hpp"
#include "irlens/readers/run.hpp"

#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace irlens {

class Preferences;

/// Reference means and standard deviations per (topic, measure) for -Z.
class ZScores {
public:
    /// Lines `topic measure mean stddev`.
    static std::shared_ptr<const ZScores> parse(const std::string& source, std::string_view bytes);
    /// Returns false when the pair is not in the file.
    bool find(const std::string& topic, const std::string& measure, double& mean, double& stddev) const;
    bool has_topic(const std::string& topic) const { return topics_.count(topic) != 0; }

private:
    std::map<std::string, std::map<std::string, std::pair<double, double>>> topics_;
};

struct TrecEvalOptions {
    std::vector<std::string> measures;         // -m arguments in order ("official" when empty)
    bool per_query = false;                    // -q
    bool complete = false;                     // -c
    bool summary = true;                       // false with -n
    bool judged_only = false;                  // -J
    long rel_level = 1;                        // -l
    long max_docs = 2147483647L;               // -M
    long num_docs = 0;                         // -N
    std::string only_topic;                    // -D N.TOPIC evaluates only TOPIC
    std::shared_ptr<const ZScores> zscores;    // -Z
    std::shared_ptr<const Preferences> prefs;  // -R prefs / qrels_prefs (the qrels are then prefs->qrels())
};

/// A parsed `trec_eval` command line (shared by the CLI and the WASM module).
struct TrecEvalCommand {
    TrecEvalOptions options;
    std::vector<std::string> files;    // positional arguments: QRELS RUN
    std::string rel_format = "qrels";  // -R
    std::string zscores_file;          // -Z
    bool help = false, version = false;
    /// Values trec_eval maps silently (atol/atof of something that is not a number: -l, -M, -N,
    /// a measure parameter such as ndcg.1=abc) and irlens reads the same way, to show on stderr.
    std::vector<std::string> warnings;
};

/// Parses trec_eval's flags (trec_eval.c's getopt_long table). Throws UsageError for unknown
/// flags, missing values, -R/-T formats irlens does not know. Does not check the file count.
TrecEvalCommand parse_trec_eval_command(const std::vector<std::string>& args);

/// trec_eval's usage text, as `irlens trec_eval --help` prints it.
std::string trec_eval_help();

/// Evaluates one run and returns what trec_eval prints on stdout. Throws UsageError for bad
/// measure names or parameters, InputError when the run shares no topic with the qrels.
std::string trec_eval(const TrecEvalOptions& options, const std::shared_ptr<const Qrels>& qrels,
                      const std::shared_ptr<const Run>& run);

/// The per-topic values trec_eval computes before averaging, at full precision (the Python
/// package's irlens.pytrec_eval reads them, as pytrec_eval reads trec_eval's): the names trec_eval
/// prints (P_5, ndcg_cut_10, iprec_at_recall_0.10, set_F), every value but text-valued ones
/// (relstring), runid and num_q; gm_ values as the logs trec_eval averages (gm_map, which -q does
/// not print); the topics it evaluates (answered ones; every qrels topic with -c), in qrels
/// order. No InputError when no topic is evaluated: then `topics` is empty.
struct TrecEvalValues {
    std::vector<std::string> measures;
    std::vector<std::string> specs;  // each measure's canonical name in the measure language
    std::vector<std::string> topics;
    std::vector<double> values;  // [topic * measures.size() + measure]
};
TrecEvalValues trec_eval_values(const TrecEvalOptions& options, const std::shared_ptr<const Qrels>& qrels,
                                const std::shared_ptr<const Run>& run);

/// The values trec_eval -m `measures` names (nicknames expanded, parameters as -m takes them:
/// P.5,10), in trec_eval's order: (the name trec_eval prints, the canonical name in the measure
/// language), text-valued ones included, runid left out. UsageError for an unknown name.
std::vector<std::pair<std::string, std::string>> trec_eval_names(const std::vector<std::string>& measures);

/// trec_eval() over a run read one topic at a time (irlens/evaluation/stream.hpp): the same output
/// bytes, with memory for the qrels and one topic's entries. The run must be grouped by topic:
/// feed() throws NotGrouped (readers/run.hpp) when a qrels topic appears again after another.
/// A byte-order mark is kept as part of the first line, as trec_eval reads it.
class TrecEvalStream {
public:
    TrecEvalStream(const TrecEvalOptions& options, const std::shared_ptr<const Qrels>& qrels, std::string run_name);
    ~TrecEvalStream();
    void feed(std::string_view chunk);
    /// What trec_eval() prints for the whole run.
    std::string finish();
    /// After finish(): the run as read, without entries (name, tag, counts, text notes).
    const std::shared_ptr<const Run>& run() const;

private:
    struct State;
    std::unique_ptr<State> st_;
};

/// trec_eval's measure nicknames ("official", "all_trec", "set", ...) and root names, for help.
std::vector<std::string> trec_eval_measure_names();

}  // namespace irlens
