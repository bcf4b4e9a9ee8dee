// `irlens measures`: the registry, generated from the one table in core/src/measures/registry.cpp.
#include "commands.hpp"

#include "irlens/error.hpp"
#include "irlens/measures/measure.hpp"
#include "irlens/measures/peer_names.hpp"

#include <nlohmann/json.hpp>

#include <cfloat>
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
    std::string out = p.required                ? std::string("required")
                      : p.default_value.empty() ? std::string("optional")
                                                : "default " + p.default_value;
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

const char* direction_text(Direction d) {
    return d == Direction::Higher ? "higher" : d == Direction::Lower ? "lower" : "neither";
}

std::vector<std::string> needs_of(const MeasureInfo& m) {
    std::vector<std::string> out;
    for (Need n : m.needs) out.push_back(need_name(n));
    return out;
}

std::vector<std::string> trec_names(const MeasureInfo& m) {
    std::vector<std::string> out;
    for (const TrecEvalName& n : m.trec_eval) out.push_back(n.root);
    return out;
}

// What front-ends present: "better: higher; values: [0, 1]; ranked; explainable; needs: doc lengths".
std::string traits(const MeasureInfo& m) {
    std::string out = std::string("better: ") + direction_text(m.direction);
    out += "; values: " + (m.text_valued ? std::string("text") : m.values.text());
    out += m.kind == MeasureKind::Set ? "; set" : "; ranked";
    if (m.explainable()) out += "; explainable";
    if (!m.needs.empty()) out += "; needs: " + joined(needs_of(m), ", ");
    return out;
}

// Markdown: a '|' inside a table cell must be escaped.
std::string cell(const std::string& s) {
    std::string out;
    for (char c : s) out += c == '|' ? std::string("\\|") : std::string(1, c);
    return out;
}

// "nDCG(dcg=exp-log2)@k" -> "nDCG": the measure a peer spelling means.
std::string peer_root(const std::string& measure) { return measure.substr(0, measure.find_first_of("(@ ")); }

// docs/measures.md: one section per measure, the parameters as a table; checked against this
// output by a test, so the committed file never drifts from the registry.
void describe_md(const MeasureInfo& m, std::string& out) {
    out += "### `" + m.name + cutoff_text(m) + "`\n\n" + m.help + "\n\n";
    out += "- family: " + m.family + "\n";
    if (!m.aliases.empty()) out += "- also: `" + joined(m.aliases, "`, `") + "`\n";
    if (!m.trec_eval.empty()) out += "- trec_eval: `" + joined(trec_names(m), "`, `") + "`\n";
    std::string peers;
    for (const PeerSpelling& p : peer_spellings())
        if (peer_root(p.measure) == m.name)
            peers +=
                (peers.empty() ? "" : "; ") + p.tool + " " + p.version + ": `" + p.typed + "` → `" + p.measure + "`";
    if (!peers.empty()) out += "- from other tools (checked against): " + cell(peers) + "\n";
    out += std::string("- aggregate: ") + aggregate_text(m.aggregate) + " over topics\n";
    out += "- " + traits(m) + "\n";
    out += "- cite: " + m.citation + "\n";
    if (!m.params.empty()) {
        out += "\n| parameter | type | default | meaning |\n|---|---|---|---|\n";
        for (const ParamInfo& p : m.params) {
            std::string help = p.help;
            if (!p.choices.empty()) help += " [" + joined(p.choices, "|") + "]";
            out += "| `" + p.name + "` | " + cell(kind_name(p.kind)) + " | " + cell(default_text(p)) + " | " +
                   cell(help) + " |\n";
        }
    }
    out += "\n";
}

void list_md(std::string& out) {
    out +=
        "# Measures\n\n"
        "Generated from the registry (`core/src/measures/registry.cpp`) by `irlens measures --format md`; a test\n"
        "fails when this file differs from the generated one. Names are written in the measure\n"
        "language: `NAME(param=value,...)@cutoff`.\n\n";
    for (const MeasureInfo& m : registry()) describe_md(m, out);
    out += "## Presets\n\nUsable wherever a measure is.\n\n| preset | meaning | measures |\n|---|---|---|\n";
    for (const MeasureGroup& g : measure_groups())
        out += "| `" + g.name + "` | " + cell(g.help) + " | " + cell(joined(g.measures, " ")) + " |\n";
    out +=
        "\n## Names from other tools\n\nWhat irlens reads each as, and the tool version whose definitions and unit "
        "tests it was "
        "checked against (`tests/peers/cases.json`; docs/cli.md, \"Names from other tools\").\n\n"
        "| tool | version | typed | irlens |\n|---|---|---|---|\n";
    for (const PeerSpelling& p : peer_spellings())
        out += "| " + p.tool + " | " + p.version + " | `" + cell(p.typed) + "` | " + cell(p.measure) + " |\n";
}

void describe(const MeasureInfo& m, std::string& out) {
    out += m.name + cutoff_text(m) + "   [" + m.family + "]\n    " + m.help + "\n";
    if (!m.aliases.empty()) out += "    also: " + joined(m.aliases, ", ") + "\n";
    if (!m.trec_eval.empty()) out += "    trec_eval: " + joined(trec_names(m), ", ") + "\n";
    out += "    " + traits(m) + "\n";
    for (const ParamInfo& p : m.params) {
        out += "    " + p.name + " (" + kind_name(p.kind) + ", " + default_text(p) + "): " + p.help;
        if (!p.choices.empty()) out += " [" + joined(p.choices, "|") + "]";
        out += "\n";
    }
    out +=
        std::string("    aggregate: ") + aggregate_text(m.aggregate) + " over topics\n    cite: " + m.citation + "\n\n";
}

// --format tsv: one line per measure, for scripts (docs/cli.md).
void list_tsv(std::string& out) {
    out += "name\taliases\tfamily\tcutoff\tbetter\tvalues\tkind\texplainable\tneeds\ttrec_eval\taggregate\thelp\n";
    for (const MeasureInfo& m : registry()) {
        out += m.name + "\t" + joined(m.aliases, ",") + "\t" + m.family + "\t" + cutoff_text(m) + "\t" +
               direction_text(m.direction) + "\t" + (m.text_valued ? std::string("text") : m.values.text()) + "\t" +
               (m.kind == MeasureKind::Set ? "set" : "ranked") + "\t" + (m.explainable() ? "yes" : "no") + "\t" +
               joined(needs_of(m), ",") + "\t" + joined(trec_names(m), ",") + "\t" + aggregate_text(m.aggregate) +
               "\t" + m.help + "\n";
    }
}

// A range bound as JSON: null where unbounded.
nlohmann::json bound(double x) { return x == DBL_MAX || x == -DBL_MAX ? nlohmann::json(nullptr) : nlohmann::json(x); }

nlohmann::json range_json(const Range& r) {
    return {{"min", bound(r.min)},
            {"max", bound(r.max)},
            {"min_open", r.min_open},
            {"max_open", r.max_open},
            {"text", r.text()}};
}

// --format json: every field front-ends present, for scripts (docs/cli.md).
void list_json(std::string& out) {
    nlohmann::json all = nlohmann::json::array();
    for (const MeasureInfo& m : registry()) {
        nlohmann::json params = nlohmann::json::array();
        for (const ParamInfo& p : m.params) {
            nlohmann::json param = {{"name", p.name},         {"type", kind_name(p.kind)}, {"default", p.default_value},
                                    {"required", p.required}, {"choices", p.choices},      {"help", p.help}};
            // A word that selects what the measure reports (C/W/L's out): each choice's direction and values.
            if (!p.outputs.empty()) {
                nlohmann::json outputs = nlohmann::json::object();
                for (std::size_t c = 0; c < p.choices.size(); ++c)
                    outputs[p.choices[c]] = {{"better", direction_text(p.outputs[c].direction)},
                                             {"values", range_json(p.outputs[c].values)}};
                param["outputs"] = outputs;
            }
            params.push_back(param);
        }
        nlohmann::json values = nullptr;
        if (!m.text_valued) values = range_json(m.values);
        all.push_back({{"name", m.name},
                       {"aliases", m.aliases},
                       {"family", m.family},
                       {"cutoff", cutoff_text(m)},
                       {"better", direction_text(m.direction)},
                       {"values", values},
                       {"kind", m.kind == MeasureKind::Set ? "set" : "ranked"},
                       {"explainable", m.explainable()},
                       {"needs", needs_of(m)},
                       {"trec_eval", trec_names(m)},
                       {"aggregate", aggregate_text(m.aggregate)},
                       {"text_valued", m.text_valued},
                       {"help", m.help},
                       {"citation", m.citation},
                       {"params", params}});
    }
    nlohmann::json groups = nlohmann::json::array();
    for (const MeasureGroup& g : measure_groups())
        groups.push_back({{"name", g.name}, {"help", g.help}, {"measures", g.measures}});
    out += nlohmann::json({{"measures", all}, {"presets", groups}}).dump(1) + "\n";
}

}  // namespace

std::string measure_names_help() {
    std::string out, line;
    auto word = [&](const std::string& w, const std::string& first) {
        if (line.empty()) {
            line = "  " + first + w;
        } else if (line.size() + 1 + w.size() > 100) {
            out += line + "\n";
            line = std::string(2 + first.size(), ' ') + w;
        } else {
            line += " " + w;
        }
    };
    const std::vector<MeasureInfo>& all = registry();
    for (std::size_t i = 0; i < all.size(); ++i) {
        bool first = i == 0 || all[i - 1].family != all[i].family;
        if (first && !line.empty()) {
            out += line + "\n";
            line.clear();
        }
        std::string label = all[i].family + ": ";
        if (first)
            word(all[i].name + cutoff_text(all[i]), label);
        else
            word(all[i].name + cutoff_text(all[i]), std::string(label.size(), ' '));
    }
    if (!line.empty()) out += line + "\n";
    line.clear();
    for (const MeasureGroup& g : measure_groups()) word(g.name, "presets: ");
    return out + line + "\n";
}

int cmd_measures(const std::vector<std::string>& args, std::string& out) {
    if (args.size() == 2 && args[0] == "--format" && args[1] == "md") {
        list_md(out);
    } else if (args.size() == 2 && args[0] == "--format" && args[1] == "tsv") {
        list_tsv(out);
    } else if (args.size() == 2 && args[0] == "--format" && args[1] == "json") {
        list_json(out);
    } else if (args.size() == 2 && args[0] == "--format" && args[1] == "text") {
        return cmd_measures({}, out);
    } else if (!args.empty() && args[0] == "--format") {
        throw UsageError("measures: --format takes text, md, tsv or json, and no measure names");
    } else if (args.empty()) {
        for (const MeasureInfo& m : registry()) describe(m, out);
        out += "Presets (usable wherever a measure is):\n";
        for (const MeasureGroup& g : measure_groups())
            out += "  " + g.name + ": " + g.help + "\n    " + joined(g.measures, " ") + "\n";
    } else {
        for (const std::string& a : args) {
            if (a == "-h" || a == "--help") {
                out +=
                    "usage: irlens measures [MEASURE...]\n       irlens measures --format text|md|tsv|json\n"
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
