// t intervals of a mean, checked against scipy.stats.t.interval.
#include "irlens/confidence.hpp"

#include <doctest/doctest.h>

#include <cmath>

TEST_CASE("t interval of a mean") {
    // values 0.2 0.4 0.6: mean 0.4, sd 0.2, se 0.2/sqrt(3) = 0.11547005383792516;
    // with 2 degrees of freedom the t quantile has a closed form, t_p = (2p - 1) / sqrt(2 p (1 - p)):
    // t_{0.975} = 0.95 / sqrt(0.04875) = 4.302652729749464 -> half width 0.4968275423687...
    // (scipy.stats.t.interval(0.95, 2, 0.4, se) gives (-0.09682754236875041, 0.8968275423687506)).
    irlens::Interval i = irlens::t_interval({0.2, 0.4, 0.6});
    CHECK(i.low == doctest::Approx(0.4 - 4.302652729749464 * 0.11547005383792516).epsilon(1e-12));
    CHECK(i.high == doctest::Approx(0.4 + 4.302652729749464 * 0.11547005383792516).epsilon(1e-12));
    irlens::Interval flat = irlens::t_interval({0.5, 0.5, 0.5, 0.5});
    CHECK(flat.low == 0.5);
    CHECK(flat.high == 0.5);
    CHECK(std::isnan(irlens::t_interval({0.5}).low));
}
