#include "table.hpp"

#include "irlens/version.hpp"

#include <cmath>
#include <cstdio>

namespace irlens::cli {

std::string csv_field(const std::string& s) {
    if (s.find_first_of(",\"\n\r") == std::string::npos) return s;
    std::string out = "\"";
    for (char c : s) {
        if (c == '"') out += '"';
        out += c;
    }
    return out + "\"";
}

std::vector<OptionSpec> TableOptions::with(std::vector<OptionSpec> own) {
    own.push_back({'h', "help", false});
    own.push_back({'f', "format", true});
    own.push_back({0, "precision", true});
    own.push_back({0, "order", true});
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
    else
        return false;
    return true;
}

std::string Table::render(const std::string& format, int precision, const nlohmann::json& provenance) const {
    if (format == "json") {
        nlohmann::json j = {{"irlens", IRLENS_VERSION}};
        j.update(provenance);
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
        return j.dump(2) + "\n";
    }
    const bool csv = format == "csv";
    std::string out;
    auto line = [&](const std::vector<std::string>& fields) {
        for (std::size_t i = 0; i < fields.size(); ++i) {
            if (i) out += csv ? ',' : '\t';
            out += csv ? csv_field(fields[i]) : fields[i];
        }
        out += '\n';
    };
    std::vector<std::string> fields;
    for (const auto& c : columns_) fields.push_back(c.first);
    line(fields);
    char buf[64];
    for (const auto& row : rows_) {
        fields.clear();
        for (std::size_t i = 0; i < columns_.size(); ++i) {
            const Cell& cell = row[i];
            if (columns_[i].second == Kind::Text) {
                fields.push_back(cell.text);
            } else if (std::isnan(cell.number)) {
                fields.push_back("nan");
            } else {
                std::snprintf(buf, sizeof buf, "%.*f", columns_[i].second == Kind::Integer ? 0 : precision, cell.number);
                fields.push_back(buf);
            }
        }
        line(fields);
    }
    return out;
}

}  // namespace irlens::cli
