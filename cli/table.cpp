#include "table.hpp"

#include "irlens/frontends/json_text.hpp"
#include "irlens/readers/text.hpp"
#include "irlens/version.hpp"

#include <cmath>
#include <cstdio>

namespace irlens::cli {

std::vector<OptionSpec> TableOptions::with(std::vector<OptionSpec> own) {
    own.push_back({'h', "help", false});
    own.push_back({'f', "format", true});
    own.push_back({0, "precision", true});
    own.push_back({0, "order", true});
    own.push_back({0, "provenance", false});
    return own;
}

bool TableOptions::take(const ParsedOption& o) {
    if (o.name == "help")
        help = true;
    else if (o.name == "format")
        format = format_option(o);
    else if (o.name == "precision")
        precision = precision_option(o);
    else if (o.name == "order")
        order = order_option(o);
    else if (o.name == "provenance")
        provenance = true;
    else
        return false;
    return true;
}

std::string Table::render(const TableOptions& to, const nlohmann::json& document, const Provenance& prov) const {
    const std::string& format = to.format;
    const int precision = to.precision;
    if (format == "json") {
        nlohmann::json j = {{"irlens", IRLENS_VERSION}};
        j.update(document);
        j["provenance"] = prov.json();
        j["columns"] = nlohmann::json::array();
        for (const auto& c : columns_) j["columns"].push_back(c.first);
        j["rows"] = nlohmann::json::array();
        for (const auto& row : rows_) {
            nlohmann::json jr = nlohmann::json::object();
            for (std::size_t i = 0; i < columns_.size(); ++i) {
                const Cell& cell = row[i];
                if (columns_[i].second == Kind::Text)
                    jr[columns_[i].first] = cell.text;
                else if (!std::isfinite(cell.number))
                    jr[columns_[i].first] = nullptr;
                else if (columns_[i].second == Kind::Integer)
                    jr[columns_[i].first] = static_cast<long long>(cell.number);
                else
                    jr[columns_[i].first] = cell.number;
            }
            j["rows"].push_back(jr);
        }
        return json_text(j, 2) + "\n";
    }
    // Text cells go through text::csv_text in csv (quoting, a ' before a formula's first
    // character); numbers and the header are written as they are.
    const bool csv = format == "csv";
    std::string out = (to.provenance ? prov.comment() : "") + prov.topics_comment();
    for (std::size_t i = 0; i < columns_.size(); ++i) out += (i ? (csv ? "," : "\t") : "") + columns_[i].first;
    out += '\n';
    char buf[64];
    for (const auto& row : rows_) {
        for (std::size_t i = 0; i < columns_.size(); ++i) {
            if (i) out += csv ? ',' : '\t';
            const Cell& cell = row[i];
            if (columns_[i].second == Kind::Text) {
                out += csv ? text::csv_text(cell.text) : cell.text;
            } else if (std::isnan(cell.number)) {
                out += "nan";
            } else {
                std::snprintf(buf, sizeof buf, "%.*f", columns_[i].second == Kind::Integer ? 0 : precision,
                              cell.number);
                out += buf;
            }
        }
        out += '\n';
    }
    return out;
}

}  // namespace irlens::cli
