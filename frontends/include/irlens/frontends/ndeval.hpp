// A drop-in for NIST's ndeval v4.5 (the TREC Web track diversity evaluation): the same measures
// (computed by the registry's ERR_IA, nERR_IA, alpha_DCG, alpha_nDCG, NRBP, nNRBP, AP_IA, P_IA
// and StRecall), the same CSV bytes: a header, one row per topic of the run in numeric topic
// order (topics absent from the qrels as rows of zeros), and the `amean` row, every value %.6f.
//
// As ndeval:
// - the run is ordered by its rank column (RunOrder::Rank); a rank repeated within a topic is an
//   error. With -traditional (RunOrder::Score) by score, ties by doc id descending;
// - negative judgments are refused (qrels-for-ndeval.txt maps the Web track's spam -2 to 0);
// - the mean divides by the number of run topics found in the qrels, or with -c by the number of
//   qrels topics (rows are still printed for the run's topics only);
// - with a baseline run (-baseline, risk-sensitive evaluation), every value is
//   run - baseline where the run is at least as good, (1 + riskAlpha) (run - baseline) otherwise,
//   over the run's topics (with -c also the baseline's), and the run id reads
//   "RUN (rel to. BASELINE; rs=1+a; a=RISKALPHA)" (semicolons, as ndeval.c 4.5 writes it: the
//   field stays one CSV field).
// Deliberate differences (README): a topic without any relevant document scores 0 on every
// measure (ndeval prints nan for nNRBP there, and then for its mean); topic ids are compared as
// given (ndeval strips a "wt09-" style prefix from run topics); run topics absent from the qrels
// beyond the first 1000 get no row of zeros.
#pragma once

#include "irlens/readers/qrels.hpp"
#include "irlens/readers/run.hpp"

#include <memory>
#include <string>
#include <vector>

namespace irlens {

struct NdevalOptions {
    double alpha = 0.5;                 // -alpha, in [0,1]
    double beta = 0.5;                  // -beta, in [0,1]
    bool complete = false;              // -c
    long max_docs = 0;                  // -M (0: every document)
    double risk_alpha = 0;              // -riskAlpha, >= 0
    std::string risk_alpha_text = "0";  // -riskAlpha as typed (it is printed in the run id)
};

/// A parsed `ndeval` command line (shared by the CLI and the WASM module, as TrecEvalCommand).
struct NdevalCommand {
    NdevalOptions options;
    bool traditional = false;            // -traditional: order the runs by score (RunOrder::Score), not by rank
    std::string baseline_file;           // -baseline FILE ("" when absent)
    std::vector<std::string> files;      // positional arguments: QRELS RUN
    bool help = false, version = false;  // -help / -version seen (parsing stops there)
};

/// Parses ndeval 4.5's flags: -alpha A, -beta B, -M N, -baseline FILE, -riskAlpha R, -traditional,
/// -c, -a (accepted, changes nothing), -help, -version. Throws UsageError for an unknown option, a
/// missing value, a non-numeric -alpha/-beta/-riskAlpha or a -M that is not a positive integer
/// (ranges are checked by ndeval()). Does not check the file count.
NdevalCommand parse_ndeval_command(const std::vector<std::string>& args);

/// ndeval's usage text, as `irlens ndeval --help` prints it.
const char* ndeval_help();

/// Evaluates run (against an optional baseline) and returns ndeval's CSV. qrels must be read as
/// QrelsFormat::Grouped. Throws InputError for a negative judgment, a repeated rank, or when no
/// topic can be averaged; UsageError for out-of-range options.
std::string ndeval(const NdevalOptions& options, const std::shared_ptr<const Qrels>& qrels,
                   const std::shared_ptr<const Run>& run, const std::shared_ptr<const Run>& baseline = nullptr);

}  // namespace irlens
