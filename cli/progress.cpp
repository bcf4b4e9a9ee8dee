#include "progress.hpp"

#include <unistd.h>

#include <chrono>
#include <cstdio>

namespace irlens::cli {

using Clock = std::chrono::steady_clock;

struct ProgressBar::State {
    std::string label;
    Clock::time_point start = Clock::now(), last_draw;
    bool drawn = false;

    void update(double f) {
        Clock::time_point now = Clock::now();
        double elapsed = std::chrono::duration<double>(now - start).count();
        if (elapsed < 1.0 || (drawn && now - last_draw < std::chrono::milliseconds(100) && f < 1.0)) return;
        last_draw = now;
        drawn = true;
        f = f < 0 ? 0 : f > 1 ? 1 : f;
        const int width = 30;
        int full = static_cast<int>(f * width);
        std::string bar(static_cast<std::size_t>(full), '#');
        bar.append(static_cast<std::size_t>(width - full), '.');
        char eta[32] = "";
        if (f > 0.01 && f < 1) std::snprintf(eta, sizeof eta, ", ~%.0fs left", elapsed * (1 - f) / f);
        std::fprintf(stderr, "\r%s %3.0f%% |%s| %.0fs%s\033[K", label.c_str(), f * 100, bar.c_str(), elapsed, eta);
        std::fflush(stderr);
    }
};

ProgressBar::ProgressBar(std::string label) {
    if (!isatty(STDERR_FILENO)) return;
    state_ = std::make_shared<State>();
    state_->label = std::move(label);
}

ProgressBar::~ProgressBar() {
    if (state_ && state_->drawn) {
        std::fputs("\r\033[K", stderr);
        std::fflush(stderr);
    }
}

std::function<bool(double)> ProgressBar::hook() const {
    if (!state_) return {};
    return [state = state_](double f) {
        state->update(f);
        return true;
    };
}

}  // namespace irlens::cli
