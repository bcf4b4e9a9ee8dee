// The measure-name language: parse_measure and the canonical printers (see measure.hpp).
#include "irlens/error.hpp"
#include "irlens/measures/measure.hpp"
#include "irlens/measures/measure_list.hpp"
#include "irlens/measures/peer_names.hpp"
#include "irlens/readers/text.hpp"

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <cstdio>
#include <cstdlib>

namespace irlens {

std::string format_number(double v) {
    if (std::isinf(v)) return v > 0 ? "inf" : "-inf";
    if (std::isnan(v)) return "nan";
    char buf[40];
    if (v == std::floor(v) && std::fabs(v) < 1e15) {  // integers without an exponent: 10, not 1e+01
        std::snprintf(buf, sizeof buf, "%.0f", v);
        return buf;
    }
    for (int precision = 1; precision <= 17; ++precision) {
        std::snprintf(buf, sizeof buf, "%.*g", precision, v);
        if (std::strtod(buf, nullptr) == v) break;
    }
    return buf;
}

std::string ParamValue::text() const {
    switch (kind) {
        case ParamKind::Int: return std::to_string(i);
        case ParamKind::Real: return format_number(r);
        case ParamKind::Bool: return b ? "True" : "False";
        case ParamKind::Word: return word;
        case ParamKind::Gains: {
            if (!word.empty()) return word;  // a preset: linear or exp
            std::string s = "{";
            for (std::size_t k = 0; k < gains.size(); ++k)
                s += (k ? "," : "") + std::to_string(gains[k].first) + ":" + format_number(gains[k].second);
            return s + "}";
        }
        case ParamKind::RealList: {
            std::string s = "[";
            for (std::size_t k = 0; k < reals.size(); ++k) s += (k ? "," : "") + format_number(reals[k]);
            return s + "]";
        }
        case ParamKind::WordList: {
            std::string s = "[";
            for (std::size_t k = 0; k < words.size(); ++k) s += (k ? "," : "") + words[k];
            return s + "]";
        }
    }
    return {};
}

std::string Range::text() const {
    bool low = min > -DBL_MAX, high = max < DBL_MAX;
    if (low && high)
        return std::string(min_open ? "(" : "[") + format_number(min) + ", " + format_number(max) +
               (max_open ? ")" : "]");
    if (low) return std::string("a number ") + (min_open ? "> " : ">= ") + format_number(min);
    if (high) return std::string("a number ") + (max_open ? "< " : "<= ") + format_number(max);
    return "a finite number";
}

const ParamValue& MeasureSpec::param(const std::string& name) const {
    auto it = params_.find(name);
    if (it == params_.end()) throw UsageError("internal: measure " + info_->name + " has no parameter " + name);
    return it->second;
}

namespace {

/// The output a Word parameter with ParamInfo::outputs chose, or null.
const ParamInfo::Output* chosen_output(const MeasureInfo& info, const std::map<std::string, ParamValue>& params) {
    for (const ParamInfo& p : info.params) {
        if (p.outputs.empty()) continue;
        auto given = params.find(p.name);
        if (given == params.end()) continue;
        auto at = std::find(p.choices.begin(), p.choices.end(), given->second.word);
        if (at != p.choices.end()) return &p.outputs[static_cast<std::size_t>(at - p.choices.begin())];
    }
    return nullptr;
}

}  // namespace

Direction MeasureSpec::direction() const {
    const ParamInfo::Output* o = chosen_output(*info_, params_);
    return o ? o->direction : info_->direction;
}

Range MeasureSpec::values() const {
    const ParamInfo::Output* o = chosen_output(*info_, params_);
    return o ? o->values : info_->values;
}

namespace {

std::string trim(std::string_view s) {
    std::size_t a = 0, b = s.size();
    while (a < b && text::is_space(static_cast<unsigned char>(s[a]))) ++a;
    while (b > a && text::is_space(static_cast<unsigned char>(s[b - 1]))) --b;
    return std::string(s.substr(a, b - a));
}

// Splits at commas that are not nested inside (), [] or {}.
std::vector<std::string> split_top(std::string_view s, const std::string& whole) {
    std::vector<std::string> parts;
    int depth = 0;
    std::size_t start = 0;
    for (std::size_t i = 0; i < s.size(); ++i) {
        char c = s[i];
        if (c == '(' || c == '[' || c == '{') ++depth;
        if (c == ')' || c == ']' || c == '}') {
            if (--depth < 0) throw UsageError("measure '" + whole + "': unbalanced '" + std::string(1, c) + "'");
        }
        if (c == ',' && depth == 0) {
            parts.push_back(trim(s.substr(start, i - start)));
            start = i + 1;
        }
    }
    if (depth != 0) throw UsageError("measure '" + whole + "': unbalanced brackets");
    parts.push_back(trim(s.substr(start)));
    return parts;
}

bool parse_bool(const std::string& s, bool& out) {
    if (s == "True" || s == "true" || s == "1") return out = true, true;
    if (s == "False" || s == "false" || s == "0") return out = false, true;
    return false;
}

ParamValue parse_value(const ParamInfo& p, const std::string& raw, const std::string& measure, const std::string& whole,
                       bool check_range = true) {
    ParamValue v;
    v.kind = p.kind;
    v.given = true;
    auto fail = [&](const std::string& what) -> UsageError {
        return UsageError("measure '" + whole + "': parameter " + p.name + " of " + measure + " " + what + ", got '" +
                          raw + "'");
    };
    // Every number is checked against the declared range (measure.hpp), so that no parameter
    // silently gives 0, inf or nan.
    auto in_range = [&](double x, const char* what) {
        if (check_range && !p.range.contains(x)) throw fail(std::string(what) + " be " + p.range.text());
    };
    switch (p.kind) {
        case ParamKind::Int:
            if (!text::parse_long(raw, v.i)) throw fail("must be an integer");
            in_range(static_cast<double>(v.i), "must");
            break;
        case ParamKind::Real:
            if (!text::parse_double(raw, v.r)) throw fail("must be a number");
            in_range(v.r, "must");
            break;
        case ParamKind::Bool:
            if (!parse_bool(raw, v.b)) throw fail("must be True or False");
            break;
        case ParamKind::Word:
            if (raw.empty()) throw fail("must not be empty");
            if (!p.choices.empty() && std::find(p.choices.begin(), p.choices.end(), raw) == p.choices.end()) {
                std::string list;
                for (const auto& c : p.choices) list += (list.empty() ? "" : "|") + c;
                throw fail("must be one of " + list);
            }
            v.word = raw;
            break;
        case ParamKind::Gains: {
            if (raw == "linear" || raw == "exp") {  // presets, resolved per topic (common.hpp)
                v.word = raw;
                break;
            }
            if (raw.size() < 2 || raw.front() != '{' || raw.back() != '}')
                throw fail("must be linear, exp or a mapping like {0:0,1:1,2:3}");
            std::string inner = raw.substr(1, raw.size() - 2);
            if (!trim(inner).empty()) {
                for (const std::string& item : split_top(inner, whole)) {
                    std::size_t colon = item.find(':');
                    long level;
                    double gain;
                    if (colon == std::string::npos || !text::parse_long(trim(item.substr(0, colon)), level) ||
                        !text::parse_double(trim(item.substr(colon + 1)), gain))
                        throw fail("must be a mapping like {0:0,1:1,2:3}");
                    for (const auto& g : v.gains)
                        if (g.first == level) throw fail("lists level " + std::to_string(level) + " twice");
                    in_range(gain, "gains must");
                    v.gains.emplace_back(level, gain);
                }
            }
            break;  // kept in the given order: trec_eval's gain table depends on it
        }
        case ParamKind::RealList:
        case ParamKind::WordList: {
            if (raw.size() < 2 || raw.front() != '[' || raw.back() != ']') throw fail("must be a list like [a,b]");
            std::string inner = raw.substr(1, raw.size() - 2);
            if (!trim(inner).empty()) {
                for (const std::string& item : split_top(inner, whole)) {
                    if (p.kind == ParamKind::RealList) {
                        double x;
                        if (!text::parse_double(item, x)) throw fail("must be a list of numbers");
                        in_range(x, "items must");
                        v.reals.push_back(x);
                    } else {
                        if (item.empty()) throw fail("has an empty list item");
                        v.words.push_back(item);
                    }
                }
            }
            break;
        }
    }
    return v;
}

std::string lower(std::string s) {
    for (char& c : s) c = static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
    return s;
}

std::string suggestion(const std::string& name) {
    std::string l = lower(name);
    // Never across meanings: ir_measures' SDCG (scaled DCG) is not irlens' sDCG (session DCG).
    if (l == "sdcg") return " (SDCG is scaled DCG, a C/W/L measure; sDCG is session DCG)";
    for (const MeasureInfo& m : registry()) {
        if (lower(m.name) == l) return " (did you mean " + m.name + "?)";
        for (const auto& a : m.aliases)
            if (lower(a) == l) return " (did you mean " + m.name + "?)";
    }
    return " (see `irlens measures` for the list)";
}

}  // namespace

std::string MeasureSpec::render(bool full) const {
    std::string out = info_->name;
    std::string args;
    auto add = [&](const std::string& key, const std::string& value) {
        args += (args.empty() ? "" : ",") + key + "=" + value;
    };
    for (const ParamInfo& p : info_->params) {
        const ParamValue& v = params_.at(p.name);
        if (!v.given) continue;
        std::string text = v.text();
        // Compare canonical spellings, so that "0.80" and "0.8" are the same default.
        bool is_default =
            !p.default_value.empty() && text == parse_value(p, p.default_value, info_->name, info_->name).text();
        if (full || !is_default) add(p.name, text);
    }
    if (full || aggregate_ != info_->aggregate)
        add("agg", aggregate_ == Aggregate::GeoMean ? "gmean" : aggregate_ == Aggregate::Sum ? "sum" : "mean");
    if (!args.empty()) out += "(" + args + ")";
    if (has_cutoff_) out += "@" + cutoff_text_;
    return out;
}

std::string MeasureSpec::name() const { return render(false); }
std::string MeasureSpec::full_name() const { return render(true); }

MeasureSpec parse_measure(std::string_view text) { return parse_measure(text, {}); }

MeasureSpec parse_measure(std::string_view text_in, const std::map<std::string, std::string>& preset,
                          bool check_ranges) {
    std::string whole = trim(text_in);
    if (whole.empty()) throw UsageError("empty measure name");
    std::size_t paren = whole.find('(');
    std::size_t at = whole.find('@');
    std::size_t name_end = std::min(paren, at);
    std::string name = trim(std::string_view(whole).substr(0, name_end));
    // Another tool's name, with that tool's meaning (peer_names.hpp): first, since some of them
    // are spelled like irlens aliases with a suffix (ranx's ndcg@10-l2).
    std::string peer = translate_peer_name(whole);
    if (!peer.empty() && peer != whole) return parse_measure(peer, preset, check_ranges);
    const MeasureInfo* info = find_measure(name);
    if (!info) {
        std::string refused = peer_refusal(name);
        if (!refused.empty()) throw UsageError("measure '" + whole + "': " + refused);
        throw UsageError("unknown measure '" + name + "'" + suggestion(name));
    }

    MeasureSpec spec;
    spec.info_ = info;
    spec.aggregate_ = info->aggregate;
    std::string rest = name_end == std::string::npos ? "" : whole.substr(name_end);
    std::vector<std::string> given;
    std::string cutoff_param;  // the value of cutoff= (or IPrec's recall=), when given
    if (!rest.empty() && rest[0] == '(') {
        int depth = 0;
        std::size_t close = std::string::npos;
        for (std::size_t i = 0; i < rest.size(); ++i) {
            if (rest[i] == '(' || rest[i] == '[' || rest[i] == '{') ++depth;
            if (rest[i] == ')' || rest[i] == ']' || rest[i] == '}') {
                if (--depth == 0) {
                    close = i;
                    break;
                }
            }
        }
        if (close == std::string::npos) throw UsageError("measure '" + whole + "': missing ')'");
        std::string inner = rest.substr(1, close - 1);
        rest = trim(std::string_view(rest).substr(close + 1));
        if (!trim(inner).empty()) {
            for (const std::string& item : split_top(inner, whole)) {
                std::size_t eq = item.find('=');
                if (eq == std::string::npos)
                    throw UsageError("measure '" + whole + "': expected KEY=VALUE, got '" + item + "'");
                std::string key = trim(std::string_view(item).substr(0, eq));
                std::string value = trim(std::string_view(item).substr(eq + 1));
                // ir_measures prints word values quoted: nDCG(dcg='exp-log2'), dcg="exp-log2".
                if (value.size() >= 2 && (value.front() == '\'' || value.front() == '"') &&
                    value.back() == value.front())
                    value = value.substr(1, value.size() - 2);
                if (std::find(given.begin(), given.end(), key) != given.end())
                    throw UsageError("measure '" + whole + "': parameter " + key + " given twice");
                given.push_back(key);
                // ir_measures' cutoff= (Judged(cutoff=3)) and IPrec's recall= (IPrec(recall=0.4)) are the @cutoff.
                bool has_param = std::any_of(info->params.begin(), info->params.end(),
                                             [&](const ParamInfo& x) { return x.name == key; });
                if (!has_param && info->cutoff != CutoffKind::None &&
                    (key == "cutoff" || (key == "recall" && info->cutoff == CutoffKind::Real))) {
                    cutoff_param = value;
                    continue;
                }
                if (key == "agg") {
                    if (value == "mean")
                        spec.aggregate_ = Aggregate::Mean;
                    else if (value == "gmean")
                        spec.aggregate_ = Aggregate::GeoMean;
                    else if (value == "sum")
                        spec.aggregate_ = Aggregate::Sum;
                    else
                        throw UsageError("measure '" + whole + "': agg must be mean, gmean or sum, got '" + value +
                                         "'");
                    continue;
                }
                auto p = std::find_if(info->params.begin(), info->params.end(),
                                      [&](const ParamInfo& x) { return x.name == key; });
                if (p == info->params.end()) {
                    std::string list;
                    for (const auto& x : info->params) list += (list.empty() ? "" : ", ") + x.name;
                    throw UsageError(
                        "measure '" + whole + "': " + info->name + " has no parameter '" + key + "'" +
                        (list.empty() ? std::string(" (it takes none but agg)") : " (parameters: " + list + ", agg)"));
                }
                spec.params_[key] = parse_value(*p, value, info->name, whole, check_ranges);
            }
        }
    }
    if (!cutoff_param.empty()) {
        if (!rest.empty()) throw UsageError("measure '" + whole + "': the cutoff is given twice");
        rest = "@" + cutoff_param;
    }
    if (!rest.empty()) {
        if (rest[0] != '@') throw UsageError("measure '" + whole + "': unexpected '" + rest + "'");
        std::string c = trim(std::string_view(rest).substr(1));
        if (info->cutoff == CutoffKind::None)
            throw UsageError("measure '" + whole + "': " + info->name + " takes no @cutoff");
        if (info->cutoff == CutoffKind::Int) {
            long k;
            if (!text::parse_long(c, k) || k <= 0)
                throw UsageError("measure '" + whole + "': the cutoff must be a positive integer, got '" + c + "'");
            spec.cutoff_ = static_cast<double>(k);
            spec.cutoff_text_ = std::to_string(k);
        } else if (info->cutoff == CutoffKind::Percent) {
            double x;
            if (c.empty() || c.back() != '%' ||
                !text::parse_double(trim(std::string_view(c).substr(0, c.size() - 1)), x) || !(x > 0 && x <= 100))
                throw UsageError("measure '" + whole + "': the cutoff must be a percentage in (0,100], e.g. " +
                                 info->name + "@100%, got '" + c + "'");
            spec.cutoff_ = x;
            spec.cutoff_text_ = format_number(x) + "%";
        } else {
            double x;
            if (!text::parse_double(c, x) || !std::isfinite(x) || x < 0 ||
                (check_ranges && !info->cutoff_range.contains(x)))
                throw UsageError("measure '" + whole + "': the cutoff of " + info->name + " must be " +
                                 info->cutoff_range.text() + ", got '" + c + "'");
            spec.cutoff_ = x;
            spec.cutoff_text_ = format_number(x);
        }
        spec.has_cutoff_ = true;
    } else if (info->cutoff_required) {
        throw UsageError("measure '" + whole + "': " + info->name + " needs a cutoff, e.g. " + info->name + "@10");
    }
    for (const ParamInfo& p : info->params) {
        if (spec.params_.count(p.name)) continue;
        auto pre = preset.find(p.name);
        if (pre != preset.end()) {
            spec.params_[p.name] = parse_value(p, pre->second, info->name, whole, check_ranges);
            continue;
        }
        if (p.required)
            throw UsageError("measure '" + whole + "': " + info->name + " needs " + p.name + " (" + p.help + ")");
        if (p.default_value.empty()) {
            ParamValue v;
            v.kind = p.kind;
            spec.params_[p.name] = v;
        } else {
            spec.params_[p.name] = parse_value(p, p.default_value, info->name, whole);
        }
    }
    return spec;
}

MeasureSpec MeasureSpec::example(const MeasureInfo& info) {
    MeasureSpec spec;
    spec.info_ = &info;
    spec.aggregate_ = info.aggregate;
    if (info.cutoff != CutoffKind::None) {  // NRG(base=nDCG) needs one though it is optional
        spec.has_cutoff_ = true;
        spec.cutoff_ = info.cutoff == CutoffKind::Real ? 0.5 : info.cutoff == CutoffKind::Percent ? 100 : 10;
        spec.cutoff_text_ = format_number(spec.cutoff_) + (info.cutoff == CutoffKind::Percent ? "%" : "");
    }
    for (const ParamInfo& p : info.params) {
        ParamValue v;
        v.kind = p.kind;
        if (p.required)
            v.given = true;  // 0, false, empty
        else if (!p.default_value.empty())
            v = parse_value(p, p.default_value, info.name, info.name);
        spec.params_[p.name] = v;
    }
    return spec;
}

bool MeasureInfo::explainable() const { return MeasureSpec::example(*this).compile()->explainable(); }

const char* need_name(Need n) {
    switch (n) {
        case Need::DiversityQrels: return "diversity qrels";
        case Need::OtherRuns: return "other runs";
        case Need::DocLengths: return "doc lengths";
        case Need::Sessions: return "sessions";
        case Need::Preferences: return "preferences";
        case Need::JudgmentGroups: return "judgment groups";
    }
    return "";
}

namespace {
/// "P_5" -> "P_", "ndcg_cut.10" -> "ndcg_cut.": the root of a trec_eval name ROOT_K / ROOT.K
/// with a number K, or "".
std::string trec_root(const std::string& name) {
    if (name.find_first_of("(@") != std::string::npos) return {};
    double x;
    std::size_t u = name.rfind('_');
    if (u != std::string::npos && text::parse_double(name.substr(u + 1), x)) return name.substr(0, u + 1);
    std::size_t d = name.find('.');
    if (d != std::string::npos && d > 0 && text::parse_double(name.substr(d + 1), x)) return name.substr(0, d + 1);
    return {};
}
}  // namespace

std::vector<std::string> split_measure_list(std::string_view list) {
    std::vector<std::string> out;
    int depth = 0;
    std::size_t start = 0;
    auto flush = [&](std::size_t end) {
        std::string item = trim(list.substr(start, end - start));
        // trec_eval's parameter lists, as pytrec_eval and ir_measures read them: P_5,10 is P_5 and P_10.
        double x;
        if (!item.empty() && !out.empty() && start > 0 && list[start - 1] == ',' && text::parse_double(item, x)) {
            std::string root = trec_root(out.back());
            if (!root.empty()) item = root + item;
        }
        if (!item.empty()) out.push_back(std::move(item));
    };
    for (std::size_t i = 0; i < list.size(); ++i) {
        char c = list[i];
        if (c == '(' || c == '[' || c == '{') ++depth;
        if (c == ')' || c == ']' || c == '}') --depth;
        if (depth == 0 && (c == ',' || text::is_space(static_cast<unsigned char>(c)) || c == '\n')) {
            flush(i);
            start = i + 1;
        }
    }
    flush(list.size());
    return out;
}

std::vector<MeasureSpec> parse_measures(std::string_view list) {
    std::vector<MeasureSpec> out;
    for (const std::string& item : split_measure_list(list)) add_distinct(out, parse_measure(item));
    return out;
}

void add_distinct(std::vector<MeasureSpec>& list, MeasureSpec m) {
    std::string name = m.name();
    for (const MeasureSpec& x : list)
        if (x.name() == name) return;
    list.push_back(std::move(m));
}

const MeasureInfo* find_measure(std::string_view name) {
    for (const MeasureInfo& m : registry()) {
        if (m.name == name) return &m;
        for (const auto& a : m.aliases)
            if (a == name) return &m;
    }
    return nullptr;
}

}  // namespace irlens
