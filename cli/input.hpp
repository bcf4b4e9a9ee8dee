// Reading input files for the CLI: plain or gzip (detected by its magic bytes), from a path or
// stdin ("-"), streamed in chunks into the core's readers.
#pragma once

#include "irlens/readers/doc_lengths.hpp"
#include "irlens/readers/input_formats.hpp"
#include "irlens/readers/intents.hpp"
#include "irlens/readers/preferences.hpp"
#include "irlens/readers/qrels.hpp"
#include "irlens/readers/run.hpp"
#include "irlens/readers/run_groups.hpp"
#include "irlens/readers/sessions.hpp"

#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace irlens::cli {

/// Calls sink with consecutive chunks of the (decompressed) file. Throws InputError naming the
/// file when it cannot be opened or read, when gzip data is corrupt, or when memory runs out while
/// it is read. A file that starts with a UTF-8 byte-order mark gets a warning on stderr: the
/// readers strip the mark (`bom` Strip), or the drop-ins keep it as trec_eval does (Keep).
void read_file(const std::string& path, const std::function<void(std::string_view)>& sink,
               text::ByteOrderMark bom = text::ByteOrderMark::Strip);

/// The reader's warning about invalid UTF-8 (file and first line) on stderr; the drop-ins (`bom`
/// Keep) print the bytes as given and say nothing. (read_file warns about a byte-order mark.)
void warn_invalid_utf8(const text::TextNotes& notes, const std::string& path, text::ByteOrderMark bom);

/// The whole (decompressed) file, for the side inputs parsed from one buffer; stops with an
/// InputError at a line longer than text::kMaxLineBytes instead of growing without bound.
std::string slurp(const std::string& path, text::ByteOrderMark bom = text::ByteOrderMark::Strip);

/// Which formats load_qrels and load_run read: TREC only (the drop-ins, as trec_eval and ndeval), or
/// also BEIR qrels, MS MARCO runs and ranx / ir_measures JSON, detected by content
/// (irlens/readers/input_formats.hpp) unless load_run is `given` the format (--run-format). A run
/// read as other than TREC gets a warning on stderr naming the reader and why it was chosen.
enum class Formats { Trec, Any };

/// The readers below strip a leading byte-order mark unless `bom` is Keep (the drop-ins).
std::shared_ptr<const Qrels> load_qrels(const std::string& path, QrelsFormat format,
                                        text::ByteOrderMark bom = text::ByteOrderMark::Strip,
                                        Formats formats = Formats::Any);
std::shared_ptr<const Preferences> load_prefs(const std::string& path, PrefsFormat format,
                                              text::ByteOrderMark bom = text::ByteOrderMark::Strip);
std::shared_ptr<const Run> load_run(const std::shared_ptr<const Qrels>& qrels, const std::string& path,
                                    const std::string& name, RunOrder order,
                                    text::ByteOrderMark bom = text::ByteOrderMark::Strip,
                                    Formats formats = Formats::Any, InputFormat given = InputFormat::Unknown);

std::shared_ptr<const DocLengths> load_doc_lengths(const std::string& path);
std::shared_ptr<const Sessions> load_sessions(const std::string& path);
/// Intent probabilities and/or types (either path may be empty).
std::shared_ptr<const Intents> load_intents(const std::string& probabilities_path, const std::string& types_path);

/// The last path component ("runs/a.txt.gz" -> "a.txt.gz").
std::string base_name(const std::string& path);

/// The name of the run read from `path`: run_key of its file name (without .gz, then without
/// .txt or .tsv: "runs/bm25.txt.gz" -> "bm25"); a name that would be empty stays the file name.
std::string run_name(const std::string& path);

/// The names of the runs read from `paths`: run_name of each, except that runs whose names would
/// be equal keep their file names instead, and runs whose file names are equal their paths (never
/// two runs of one name, as long as the paths differ). `warnings` says which were not stripped, and
/// which names (from file names) are not valid UTF-8.
struct RunNames {
    std::vector<std::string> names, warnings;
};
RunNames run_names(const std::vector<std::string>& paths);

/// QRELS RUN... from a command's positional arguments (UsageError naming `command` when fewer
/// than two), loaded as above.
struct Inputs {
    std::shared_ptr<const Qrels> qrels;
    std::vector<std::shared_ptr<const Run>> runs;
};
Inputs load_inputs(const std::vector<std::string>& positional, RunOrder order, const std::string& command);

/// A groups file (run<TAB>group or a CSV with run and group/team columns; run_groups.hpp).
std::shared_ptr<const RunGroups> load_groups(const std::string& path);

}  // namespace irlens::cli
