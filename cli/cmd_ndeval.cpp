// `irlens ndeval`: ndeval v4.5's command line and CSV output (see irlens/frontends/ndeval.hpp; the flags are
// parsed by the core's parse_ndeval_command, shared with the JS API).
#include "commands.hpp"
#include "input.hpp"

#include "irlens/error.hpp"
#include "irlens/frontends/ndeval.hpp"

namespace irlens::cli {

int cmd_ndeval(const std::vector<std::string>& args, std::string& out) {
    NdevalCommand c = parse_ndeval_command(args);
    if (c.help) {
        out += ndeval_help();
        return 0;
    }
    if (c.version) {
        out += "irlens ndeval (ndeval version 4.5 compatible)\n";
        return 0;
    }
    if (c.files.size() != 2) throw UsageError("expected QRELS and RUN (see irlens ndeval --help)");
    RunOrder order = c.traditional ? RunOrder::Score : RunOrder::Rank;
    // As ndeval, a byte-order mark is read as part of the first line (with a warning).
    const text::ByteOrderMark keep = text::ByteOrderMark::Keep;
    auto qrels = load_qrels(c.files[0], QrelsFormat::Grouped, keep, Formats::Trec);
    auto run = load_run(qrels, c.files[1], c.files[1], order, keep, Formats::Trec);
    std::shared_ptr<const Run> baseline;
    if (!c.baseline_file.empty())
        baseline = load_run(qrels, c.baseline_file, c.baseline_file, order, keep, Formats::Trec);
    out = ndeval(c.options, qrels, run, baseline);
    return 0;
}

}  // namespace irlens::cli
