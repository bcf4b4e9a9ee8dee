#include "readers/block.hpp"

namespace irlens::detail {

namespace {
struct ClassTable {
    unsigned char v[256] = {};
    constexpr ClassTable() {
        v[static_cast<unsigned char>(' ')] = v[static_cast<unsigned char>('\t')] = v[static_cast<unsigned char>('\r')] =
            kBlank;
        v[static_cast<unsigned char>('\v')] = v[static_cast<unsigned char>('\f')] = kBlank;
        v[static_cast<unsigned char>('\n')] = kNewline;
        v[0] = kNul;
    }
};
constexpr ClassTable kTable{};
}  // namespace

const unsigned char kByteClass[256] = {
#define IRLENS_C(i) kTable.v[(i)]
#define IRLENS_C8(i)                                                                                              \
    IRLENS_C((i)), IRLENS_C((i) + 1), IRLENS_C((i) + 2), IRLENS_C((i) + 3), IRLENS_C((i) + 4), IRLENS_C((i) + 5), \
        IRLENS_C((i) + 6), IRLENS_C((i) + 7)
#define IRLENS_C64(i)                                                                                  \
    IRLENS_C8((i)), IRLENS_C8((i) + 8), IRLENS_C8((i) + 16), IRLENS_C8((i) + 24), IRLENS_C8((i) + 32), \
        IRLENS_C8((i) + 40), IRLENS_C8((i) + 48), IRLENS_C8((i) + 56)
    IRLENS_C64(0), IRLENS_C64(64), IRLENS_C64(128), IRLENS_C64(192)
#undef IRLENS_C64
#undef IRLENS_C8
#undef IRLENS_C
};

}  // namespace irlens::detail
