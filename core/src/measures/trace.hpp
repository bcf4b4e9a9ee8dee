// The tracer of the normal evaluation path (internal header): every call is a no-op, so a measure
// loop templated on the tracer (see irlens/evaluation/explain.hpp) compiles to the same arithmetic as before.
// Expensive trace arguments are guarded with `if constexpr (T::on)`.
#pragma once

#include "irlens/evaluation/explain.hpp"
#include "measures/common.hpp"

#include <initializer_list>
#include <memory>
#include <utility>

namespace irlens::measures {

struct NoTrace {
    static constexpr bool on = false;
    template <class... A>
    void ranking(A&&...) {}
    template <class... A>
    void formula(A&&...) {}
    std::size_t columns(std::initializer_list<const char*>) { return 0; }
    void row(long, std::initializer_list<double>, std::size_t = 0) {}
    template <class... A>
    void term(A&&...) {}
    template <class... A>
    void doc(A&&...) {}
    template <class... A>
    void text(A&&...) {}
};

/// No preparation (the default of traced()).
struct NoPrepare {
    void operator()(const EvalContext&) const {}
};

/// A TopicMeasure from a generic lambda `double(const TopicView&, auto& tracer)`: compute() runs it
/// with NoTrace, explain() with the recording Trace. `P` is called by prepare() (e.g. to check that
/// the evaluation has the side input the measure needs).
template <class F, class P = NoPrepare>
class TracedMeasure final : public TopicMeasure {
public:
    explicit TracedMeasure(F f, P p = P()) : f_(std::move(f)), p_(std::move(p)) {}
    void prepare(const EvalContext& c) override { p_(c); }
    double compute(const TopicView& v) const override {
        NoTrace t;
        return f_(v, t);
    }
    bool explain(const TopicView& v, Trace& t) const override {
        t.value(f_(v, t));
        return true;
    }
    bool explainable() const override { return true; }

private:
    F f_;
    P p_;
};

template <class F>
std::unique_ptr<TopicMeasure> traced(F f) {
    return std::make_unique<TracedMeasure<F>>(std::move(f));
}
/// traced(f), with prepare(context) calling p(context).
template <class F, class P>
std::unique_ptr<TopicMeasure> traced(F f, P p) {
    return std::make_unique<TracedMeasure<F, P>>(std::move(f), std::move(p));
}

}  // namespace irlens::measures
