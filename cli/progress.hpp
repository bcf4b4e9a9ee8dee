// A progress bar on stderr for long CLI work, fed by the core's progress hooks
// (EvalOptions::progress, SampleSizeOptions::progress, ...). It appears only when stderr is a
// terminal and the work has run for more than a second, redraws at most ten times a second, and
// is erased when the work ends. Ctrl-C keeps its default meaning (nothing blocks SIGINT).
#pragma once

#include <functional>
#include <memory>
#include <string>

namespace irlens::cli {

class ProgressBar {
public:
    explicit ProgressBar(std::string label);
    ~ProgressBar();  // erases the bar if it was drawn
    ProgressBar(const ProgressBar&) = delete;
    ProgressBar& operator=(const ProgressBar&) = delete;
    /// The hook to hand to the core (fraction done, 0..1; never cancels); empty when stderr is not
    /// a terminal, so that the core skips the calls.
    std::function<bool(double)> hook() const;

    struct State;

private:
    std::shared_ptr<State> state_;
};

}  // namespace irlens::cli
