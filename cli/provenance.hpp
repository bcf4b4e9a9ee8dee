// The provenance of the CLI's outputs, with the fields of the web app's exports
// (web/src/base/exports.js provenance()): tool, version, measures {canonical name: full name with every
// default}, missing, inputs [{role, name, bytes, sha256}], seeds; plus `format` (the version of
// the CLI's output formats, irlens/frontends/format_version.hpp), `command` and `settings` (the command's options).
// No creation time (the web's `created`): the same inputs give the same bytes.
//   json      under the key "provenance";
//   tsv/csv   with --provenance, a first line "# provenance: {...}" (the same object, one line).
// The files are hashed only when the provenance is written (never by the trec_eval drop-in).
#pragma once

#include "irlens/frontends/args.hpp"
#include "irlens/frontends/format_version.hpp"
#include "irlens/measures/measure.hpp"

#include <nlohmann/json.hpp>

#include <string>
#include <utility>
#include <vector>

namespace irlens::cli {

struct EvaluationInputs;

struct Provenance {
    std::string command;
    std::vector<std::pair<std::string, std::string>> inputs;  // (role, path): qrels, run, groups, ...
    std::vector<MeasureSpec> measures;
    std::string missing;  // skip, zero, or empty when the command has no such policy
    nlohmann::json settings = nlohmann::json::object();
    nlohmann::json seeds = nlohmann::json::object();

    /// QRELS RUN... from positional[0] and the rest; with `in`, its measures, missing policy and
    /// side inputs (groups, intents, intent types, document lengths, sessions).
    Provenance(std::string command, const std::vector<std::string>& positional, const EvaluationInputs* in = nullptr);
    /// The record (reads and hashes every input file; "-" has no size or hash).
    nlohmann::json json() const;
    /// "# provenance: " and json() on one line.
    std::string comment() const;
    /// The missing-topic policy as a comment line, written by every TSV and CSV output that has one
    /// (eval, unique, relative; compare and meta state it in their own header): "# topics: every
    /// qrels topic; ... (--missing zero)" or "# topics: ... answered (--missing skip)"; "" when the
    /// command has no policy.
    std::string topics_comment() const;
};

/// {role, name, bytes, sha256} of one input file (bytes and sha256 null for stdin).
nlohmann::json input_record(const std::string& role, const std::string& path);

/// The options as given, {name: value} (a flag: true; a repeated option: the list of its
/// values), leaving out those the provenance records elsewhere (-m, -h, --provenance) and the
/// side-input paths (in "inputs").
nlohmann::json settings_of(const std::vector<ParsedOption>& options);

}  // namespace irlens::cli
