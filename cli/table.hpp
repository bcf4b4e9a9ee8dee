// Result tables of the analysis commands (rarity, unique, relative), printed as
//   tsv   a header line, then one tab-separated line a row;
//   csv   the same with commas, text cells through text::csv_text (RFC 4180 quotes, a ' before a
//         leading =, +, -, @, TAB or CR), numbers as they are;
//   json  {"irlens": VERSION, ...provenance..., "columns": [...], "rows": [{column: value}, ...]},
//         numbers as numbers at full precision, NaN as null.
// Real numbers print with `precision` decimals in tsv/csv, integers without decimals. Invalid UTF-8
// in any text becomes U+FFFD (json: json_text; tsv and csv: the whole output, cli/run.cpp).
#pragma once

#include "option_values.hpp"
#include "provenance.hpp"

#include <nlohmann/json.hpp>

#include <string>
#include <type_traits>
#include <utility>
#include <vector>

namespace irlens::cli {

struct TableOptions;

struct Cell {
    std::string text;
    double number = 0;
    Cell(std::string s) : text(std::move(s)) {}
    Cell(const char* s) : text(s) {}
    template <class T, std::enable_if_t<std::is_arithmetic<T>::value, int> = 0>
    Cell(T v) : number(static_cast<double>(v)) {}
};

class Table {
public:
    enum class Kind { Text, Integer, Real };
    explicit Table(std::vector<std::pair<std::string, Kind>> columns) : columns_(std::move(columns)) {}
    void add(std::vector<Cell> row) { rows_.push_back(std::move(row)); }
    /// In to.format (tsv, csv or json) with to.precision: `document` is merged into the json
    /// object, `prov` is its "provenance" (and the first line of tsv/csv with --provenance).
    std::string render(const TableOptions& to, const nlohmann::json& document, const Provenance& prov) const;

private:
    std::vector<std::pair<std::string, Kind>> columns_;
    std::vector<std::vector<Cell>> rows_;
};

/// The options every table command shares: -h/--help, -f/--format, --precision, --order and
/// --provenance.
struct TableOptions {
    std::string format = "tsv";
    int precision = 4;
    RunOrder order = RunOrder::Score;
    bool help = false, provenance = false;
    /// A command's own options followed by these.
    static std::vector<OptionSpec> with(std::vector<OptionSpec> own);
    /// Takes `o` if it is one of these (true), else leaves it to the command (false).
    bool take(const ParsedOption& o);
};

}  // namespace irlens::cli
