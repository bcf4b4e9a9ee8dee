// The version of the CLI's output formats (and of the Python package's documents, which carry the
// same provenance), recorded in every provenance as "format". One constant for cli/ and python/.
#pragma once

namespace irlens {

/// The version of the CLI's output formats, recorded in every provenance. 2: provenance added
/// (json "provenance", tsv/csv --provenance), eval's json "measures_typed", csv formula guard.
/// 3: eval's json gives each run's "ci95" (the 95% t interval of each mean, as the JS API), built
/// by the one eval document (json_documents.hpp eval_json); the tsv/csv of eval, unique and
/// relative start with a line "# topics: ..." (the missing-topic policy); a run is named by its file
/// name without .gz, then without .txt or .tsv. 4: eval's json keeps its "runs" in the order they
/// were given (before: sorted by name), so that compare --scores on it pairs them as compare does.
/// 5: judgments' LaTeX prints an undefined value as "undefined" (before: "nan"), as repro's does.
constexpr int kFormatVersion = 5;

}  // namespace irlens
