#include "irlens/readers/preference_judgments.hpp"

#include "irlens/error.hpp"
#include "irlens/readers/text.hpp"

namespace irlens {

namespace {

bool equals_ignoring_case(std::string_view a, std::string_view b) {
    if (a.size() != b.size()) return false;
    for (std::size_t i = 0; i < a.size(); ++i) {
        char c = a[i] >= 'A' && a[i] <= 'Z' ? static_cast<char>(a[i] - 'A' + 'a') : a[i];
        if (c != b[i]) return false;
    }
    return true;
}

}  // namespace

PreferenceJudgments PreferenceJudgments::parse(const std::string& source, std::string_view bytes) {
    PreferenceJudgments p;
    p.source = source;
    text::LineSplitter lines(source);
    auto on_line = [&](std::string_view line, std::uint64_t no) {
        if (text::is_blank_or_comment(line)) return;
        std::string_view f[4];
        std::size_t n = 0;
        for (std::size_t start = 0;; ++n) {
            const std::size_t tab = line.find('\t', start);
            if (n < 4) f[n] = line.substr(start, tab == std::string_view::npos ? tab : tab - start);
            if (tab == std::string_view::npos) break;
            start = tab + 1;
        }
        if (++n != 4)
            throw InputError(
                source, no,
                "expected 4 tab-separated fields (topic, run X, run Y, X|Y|tie), found " + std::to_string(n));
        for (std::size_t i = 0; i < 4; ++i)
            if (f[i].empty())
                throw InputError(source, no,
                                 std::string("empty ") + (i == 0   ? "topic"
                                                          : i == 3 ? "verdict"
                                                                   : "run name"));
        PreferenceJudgment j;
        if (equals_ignoring_case(f[3], "x"))
            j.verdict = PreferenceJudgment::Verdict::X;
        else if (equals_ignoring_case(f[3], "y"))
            j.verdict = PreferenceJudgment::Verdict::Y;
        else if (equals_ignoring_case(f[3], "tie"))
            j.verdict = PreferenceJudgment::Verdict::Tie;
        else
            throw InputError(source, no, "verdict must be X, Y or tie, got '" + quote_bytes(f[3]) + "'");
        if (f[1] == f[2]) throw InputError(source, no, "run '" + quote_bytes(f[1]) + "' is compared with itself");
        j.topic = std::string(f[0]);
        j.x = std::string(f[1]);
        j.y = std::string(f[2]);
        j.line = no;
        p.judgments.push_back(std::move(j));
    };
    lines.feed(bytes, on_line);
    lines.finish(on_line);
    if (p.judgments.empty()) throw InputError(source, 0, "no preference judgments found (empty file?)");
    return p;
}

}  // namespace irlens
