// The interpolated recall-precision curve (Sakai, PROMISE 2013, Eqs. 7-8): the rp_curve preset.
#include "fixture.hpp"

#include <algorithm>

using irlens::test::approx;
using irlens::test::Fixture;

TEST_CASE("rp_curve: IP_i = max over ranks with Rec(r) >= i of Prec(r), at 11 points, and their mean") {
    // R = 5; relevant retrieved at ranks 1, 3, 6, 10 (recall 0.2, 0.4, 0.6, 0.8; precision 1, 2/3, 1/2, 2/5).
    Fixture f("1 0 r1 1\n1 0 r2 1\n1 0 r3 1\n1 0 r4 1\n1 0 r5 1\n",
              {"1 Q0 r1 1 10 t\n1 Q0 n2 2 9 t\n1 Q0 r2 3 8 t\n1 Q0 n4 4 7 t\n1 Q0 n5 5 6 t\n1 Q0 r3 6 5 t\n"
               "1 Q0 n7 7 4 t\n1 Q0 n8 8 3 t\n1 Q0 n9 9 2 t\n1 Q0 r4 10 1 t\n"});
    const auto& groups = irlens::measure_groups();
    auto it =
        std::find_if(groups.begin(), groups.end(), [](const irlens::MeasureGroup& g) { return g.name == "rp_curve"; });
    REQUIRE(it != groups.end());
    REQUIRE(it->measures.size() == 12);
    // i = 0..0.2 -> 1; 0.3, 0.4 -> 2/3; 0.5, 0.6 -> 1/2; 0.7, 0.8 -> 2/5; 0.9, 1 -> 0 (never reached)
    const double want[11] = {1, 1, 1, 2.0 / 3, 2.0 / 3, 0.5, 0.5, 0.4, 0.4, 0, 0};
    for (int i = 0; i < 11; ++i)
        CHECK_MESSAGE(f.value(it->measures[static_cast<std::size_t>(i)], "1") == approx(want[i]), i);
    // Eq. 8: (3 + 4/3 + 1 + 0.8) / 11
    CHECK(f.value(it->measures[11], "1") == approx((3 + 4.0 / 3 + 1 + 0.8) / 11));
}
