// Result tables of the analysis commands (rarity, unique, relative), printed as
//   tsv   a header line, then one tab-separated line a row;
//   csv   the same with commas, fields quoted as RFC 4180 when needed;
//   json  {"irlens": VERSION, ...provenance..., "columns": [...], "rows": [{column: value}, ...]},
//         numbers as numbers at full precision, NaN as null.
// Real numbers print with `precision` decimals in tsv/csv, integers without decimals.
#pragma once

#include "option_values.hpp"

#include <nlohmann/json.hpp>

#include <string>
#include <type_traits>
#include <utility>
#include <vector>

namespace irlens::cli {

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
    /// format: tsv, csv or json; `provenance` is merged into the json object.
    std::string render(const std::string& format, int precision, const nlohmann::json& provenance) const;

private:
    std::vector<std::pair<std::string, Kind>> columns_;
    std::vector<std::vector<Cell>> rows_;
};

/// A CSV field, quoted when it holds a comma, a quote or a line break.
std::string csv_field(const std::string& s);

/// The options every table command shares: -h/--help, -f/--format, --precision and --order.
struct TableOptions {
    std::string format = "tsv";
    int precision = 4;
    RunOrder order = RunOrder::Score;
    bool help = false;
    /// A command's own options followed by these.
    static std::vector<OptionSpec> with(std::vector<OptionSpec> own);
    /// Takes `o` if it is one of these (true), else leaves it to the command (false).
    bool take(const ParsedOption& o);
};

}  // namespace irlens::cli
