// libFuzzer target over the design options of `irlens meta topic-set-size` and `meta power`
// (issue 37; README.md "The design options' target"). The input is text lines:
//   line 1: the analysis, "topic-set-size" or "power" (anything else: topic-set-size)
//   lines 2-5: the values of --alpha, --beta, --min-diff, --ci-width (an empty line: not given)
//   the rest: the scores, one run a line, numbers separated by spaces (cut to 8 runs x 16 topics;
//             rows shorter than the first are padded with 0)
// The options go through the CLI's and the JS API's parser (meta_settings_from_args); what it
// accepts is run through every design and the campaign's power (topic_set_size.hpp). Only a
// UsageError may come out of the parser and nothing out of the designs; every answer is a number
// in range with no note, or no number with a note:
//   a design: topics in [2, kMaxTopicSetSize] and its power >= 1 - beta (Type II error <= beta,
//             and > beta at topics - 1), or its interval <= the width (and > at topics - 1); or
//             topics 0, achieved NaN and a note;
//   power:    power in [0, 1] and a minimum detectable difference > 0, or NaN with a note.
// Anything else (an exception, a broken invariant, a sanitizer report) aborts: a bug.
#include "irlens/error.hpp"
#include "irlens/frontends/stats_flags.hpp"
#include "irlens/stats/topic_set_size.hpp"

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <sstream>
#include <string>
#include <vector>

namespace {

using namespace irlens;

[[noreturn]] void fail(const std::string& what) {
    std::fprintf(stderr, "fuzz_power: %s\n", what.c_str());
    std::abort();
}

void check_design(const char* name, const TopicSetSize& t, const PowerSettings& s, double variance, std::size_t m) {
    const std::string d = name;
    if (t.topics == 0) {
        if (t.note.empty()) fail(d + ": no size and no note");
        if (!std::isnan(t.achieved)) fail(d + ": no size but a value");
        return;
    }
    if (!t.note.empty()) fail(d + ": a size and a note: " + t.note);
    if (t.topics < 2 || t.topics > kMaxTopicSetSize) fail(d + ": size out of range");
    const std::size_t n = t.topics;
    if (d == "ci") {
        if (!(t.achieved <= s.ci_width)) fail("ci: the interval at the size is wider than the width");
        if (n > 2 && !(paired_ci_width(n - 1, variance, s.alpha) > s.ci_width)) fail("ci: not the smallest size");
        return;
    }
    if (!(t.achieved >= 0 && t.achieved <= 1 + 1e-12)) fail(d + ": a power out of [0, 1]");
    const bool paired = d == "paired-t";
    const double type2 =
        paired ? paired_t_type2(n, s.min_diff, variance, s.alpha) : anova_type2(n, m, s.min_diff, variance, s.alpha);
    if (!(type2 <= s.beta)) fail(d + ": the Type II error at the size is above beta");
    if (n > 2) {
        const double before = paired ? paired_t_type2(n - 1, s.min_diff, variance, s.alpha)
                                     : anova_type2(n - 1, m, s.min_diff, variance, s.alpha);
        if (!(before > s.beta)) fail(d + ": not the smallest size");
    }
}

void fuzz_one(const std::string& input) {
    std::vector<std::string> lines;
    std::istringstream in(input);
    for (std::string l; std::getline(in, l);) lines.push_back(l);
    while (lines.size() < 5) lines.emplace_back();
    const std::string analysis = lines[0] == "power" ? "power" : "topic-set-size";
    std::vector<std::string> args;
    const char* flags[] = {"--alpha", "--beta", "--min-diff", "--ci-width"};
    for (int i = 0; i < 4; ++i)
        if (!lines[1 + i].empty()) args.insert(args.end(), {flags[i], lines[1 + i]});
    MetaSettings settings;
    try {
        settings = meta_settings_from_args(analysis, args);
    } catch (const UsageError&) {
        return;  // refused, with a message: fine
    }
    const PowerSettings& s = settings.power;
    std::vector<std::vector<double>> scores;
    for (std::size_t l = 5; l < lines.size() && scores.size() < 8; ++l) {
        std::istringstream row(lines[l]);
        std::vector<double> r;
        for (std::string w; row >> w && r.size() < 16;) {
            char* end = nullptr;
            const double v = std::strtod(w.c_str(), &end);
            if (*end == '\0' && std::isfinite(v)) r.push_back(v);
        }
        if (!r.empty()) scores.push_back(r);
    }
    for (auto& r : scores) r.resize(scores[0].size(), 0.0);
    const TopicSetVariances v = topic_set_variances(scores);
    if (settings.analysis == "power") {
        const CampaignPower p = paired_t_campaign_power(v.topics, v.v_e, s);
        const bool numbers = !std::isnan(p.power) && !std::isnan(p.min_detectable_difference);
        if (numbers != p.note.empty()) fail("power: a NaN without a note, or a note with both numbers: " + p.note);
        if (!std::isnan(p.power) && !(p.power >= 0 && p.power <= 1 + 1e-12)) fail("power out of [0, 1]");
        if (!std::isnan(p.min_detectable_difference) && !(p.min_detectable_difference > 0)) fail("a difference <= 0");
        return;
    }
    check_design("paired-t", paired_t_topic_set_size(v.v_e, s), s, v.v_e, v.runs);
    check_design("anova", anova_topic_set_size(v.runs, v.v_w, s), s, v.v_w, v.runs);
    if (s.ci_width > 0) check_design("ci", ci_topic_set_size(v.v_e, s), s, v.v_e, v.runs);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    fuzz_one(std::string(reinterpret_cast<const char*>(data), size));
    return 0;
}
