// `irlens measures`: the registry, generated from the one table in core/src/registry.cpp.
#include "commands.hpp"

#include "irlens/error.hpp"
#include "irlens/measure.hpp"

#include <cstdio>

namespace irlens::cli {

namespace {

const char* kind_name(ParamKind k) {
    switch (k) {
        case ParamKind::Int: return "integer";
        case ParamKind::Real: return "number";
        case ParamKind::Bool: return "True|False";
        case ParamKind::Word: return "word";
        case ParamKind::Gains: return "{level:gain,...}, linear or exp";
        case ParamKind::RealList: return "[number,...]";
        case ParamKind::WordList: return "[word,...]";
    }
    return "";
}

void describe(const MeasureInfo& m, std::string& out) {
    out += m.name;
    if (m.cutoff != CutoffKind::None) {
        std::string c = m.cutoff == CutoffKind::Int ? "@k" : m.cutoff == CutoffKind::Percent ? "@x%" : "@x";
        out += m.cutoff_required ? c : "[" + c + "]";
    }
    out += "   [" + m.family + "]\n    " + m.help + "\n";
    if (!m.aliases.empty()) {
        out += "    also: ";
        for (std::size_t i = 0; i < m.aliases.size(); ++i) out += (i ? ", " : "") + m.aliases[i];
        out += "\n";
    }
    for (const ParamInfo& p : m.params) {
        out += "    " + p.name + " (" + kind_name(p.kind) + ", ";
        out += p.required ? std::string("required") : p.default_value.empty() ? std::string("optional") : "default " + p.default_value;
        bool numeric = p.kind == ParamKind::Int || p.kind == ParamKind::Real || p.kind == ParamKind::RealList ||
                       p.kind == ParamKind::Gains;
        std::string range = p.range.text();
        if (numeric && range != Range().text()) out += ", " + range;  // checked when the name is read
        out += "): " + p.help;
        if (!p.choices.empty()) {
            out += " [";
            for (std::size_t i = 0; i < p.choices.size(); ++i) out += (i ? "|" : "") + p.choices[i];
            out += "]";
        }
        out += "\n";
    }
    out += "    aggregate: ";
    out += m.aggregate == Aggregate::Sum ? "sum" : m.aggregate == Aggregate::GeoMean ? "geometric mean" : "mean";
    out += " over topics\n    cite: " + m.citation + "\n\n";
}

}  // namespace

int cmd_measures(const std::vector<std::string>& args, std::string& out) {
    if (args.empty()) {
        for (const MeasureInfo& m : registry()) describe(m, out);
        out += "Presets (usable wherever a measure is):\n";
        for (const MeasureGroup& g : measure_groups()) {
            out += "  " + g.name + ": " + g.help + "\n    ";
            for (std::size_t i = 0; i < g.measures.size(); ++i) out += (i ? " " : "") + g.measures[i];
            out += "\n";
        }
    } else {
        for (const std::string& a : args) {
            if (a == "-h" || a == "--help") {
                out += "usage: irlens measures [MEASURE...]\nLists the measures, or describes the named ones.\n";
                return 0;
            }
            if (const MeasureInfo* info = find_measure(a)) {  // a bare name: P, P_rareness (no cutoff, alpha)
                describe(*info, out);
                continue;
            }
            MeasureSpec spec = parse_measure(a);
            describe(spec.info(), out);
            out += "  as given: " + spec.name() + "\n  in full:  " + spec.full_name() + "\n\n";
        }
    }
    return 0;
}

}  // namespace irlens::cli
