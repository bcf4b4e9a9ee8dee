// `irlens measures`: the registry, generated from the one table in core/src/measures/registry.cpp.
#include "commands.hpp"

#include "irlens/error.hpp"
#include "irlens/measures/measure.hpp"

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

std::string cutoff_text(const MeasureInfo& m) {
    if (m.cutoff == CutoffKind::None) return "";
    std::string c = m.cutoff == CutoffKind::Int ? "@k" : m.cutoff == CutoffKind::Percent ? "@x%" : "@x";
    return m.cutoff_required ? c : "[" + c + "]";
}

// "default 0.8, [0, 1)": the default, and the range checked when the name is read (numbers only).
std::string default_text(const ParamInfo& p) {
    std::string out = p.required ? std::string("required") : p.default_value.empty() ? std::string("optional") : "default " + p.default_value;
    bool numeric = p.kind == ParamKind::Int || p.kind == ParamKind::Real || p.kind == ParamKind::RealList ||
                   p.kind == ParamKind::Gains;
    std::string range = p.range.text();
    if (numeric && range != Range().text()) out += ", " + range;
    return out;
}

std::string joined(const std::vector<std::string>& v, const char* sep) {
    std::string out;
    for (std::size_t i = 0; i < v.size(); ++i) out += (i ? sep : "") + v[i];
    return out;
}

const char* aggregate_text(Aggregate a) {
    return a == Aggregate::Sum ? "sum" : a == Aggregate::GeoMean ? "geometric mean" : "mean";
}

// Markdown: a '|' inside a table cell must be escaped.
std::string cell(const std::string& s) {
    std::string out;
    for (char c : s) out += c == '|' ? std::string("\\|") : std::string(1, c);
    return out;
}

// docs/measures.md: one section per measure, the parameters as a table; checked against this
// output by a test, so the committed file never drifts from the registry.
void describe_md(const MeasureInfo& m, std::string& out) {
    out += "### `" + m.name + cutoff_text(m) + "`\n\n" + m.help + "\n\n";
    out += "- family: " + m.family + "\n";
    if (!m.aliases.empty()) out += "- also: `" + joined(m.aliases, "`, `") + "`\n";
    out += std::string("- aggregate: ") + aggregate_text(m.aggregate) + " over topics\n";
    out += "- cite: " + m.citation + "\n";
    if (!m.params.empty()) {
        out += "\n| parameter | type | default | meaning |\n|---|---|---|---|\n";
        for (const ParamInfo& p : m.params) {
            std::string help = p.help;
            if (!p.choices.empty()) help += " [" + joined(p.choices, "|") + "]";
            out += "| `" + p.name + "` | " + cell(kind_name(p.kind)) + " | " + cell(default_text(p)) + " | " + cell(help) + " |\n";
        }
    }
    out += "\n";
}

void list_md(std::string& out) {
    out += "# Measures\n\n"
           "Generated from the registry (`core/src/measures/registry.cpp`) by `irlens measures --format md`; a test\n"
           "fails when this file differs from the generated one. Names are written in the measure\n"
           "language: `NAME(param=value,...)@cutoff`.\n\n";
    for (const MeasureInfo& m : registry()) describe_md(m, out);
    out += "## Presets\n\nUsable wherever a measure is.\n\n| preset | meaning | measures |\n|---|---|---|\n";
    for (const MeasureGroup& g : measure_groups())
        out += "| `" + g.name + "` | " + cell(g.help) + " | " + cell(joined(g.measures, " ")) + " |\n";
}

void describe(const MeasureInfo& m, std::string& out) {
    out += m.name + cutoff_text(m) + "   [" + m.family + "]\n    " + m.help + "\n";
    if (!m.aliases.empty()) out += "    also: " + joined(m.aliases, ", ") + "\n";
    for (const ParamInfo& p : m.params) {
        out += "    " + p.name + " (" + kind_name(p.kind) + ", " + default_text(p) + "): " + p.help;
        if (!p.choices.empty()) out += " [" + joined(p.choices, "|") + "]";
        out += "\n";
    }
    out += std::string("    aggregate: ") + aggregate_text(m.aggregate) + " over topics\n    cite: " + m.citation + "\n\n";
}

}  // namespace

int cmd_measures(const std::vector<std::string>& args, std::string& out) {
    if (args.size() == 2 && args[0] == "--format" && args[1] == "md") {
        list_md(out);
    } else if (args.size() == 2 && args[0] == "--format" && args[1] == "text") {
        return cmd_measures({}, out);
    } else if (!args.empty() && args[0] == "--format") {
        throw UsageError("measures: --format takes text or md, and no measure names");
    } else if (args.empty()) {
        for (const MeasureInfo& m : registry()) describe(m, out);
        out += "Presets (usable wherever a measure is):\n";
        for (const MeasureGroup& g : measure_groups())
            out += "  " + g.name + ": " + g.help + "\n    " + joined(g.measures, " ") + "\n";
    } else {
        for (const std::string& a : args) {
            if (a == "-h" || a == "--help") {
                out += "usage: irlens measures [MEASURE...]\n       irlens measures --format text|md\n"
                       "Lists the measures, or describes the named ones; --format md writes docs/measures.md.\n";
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
