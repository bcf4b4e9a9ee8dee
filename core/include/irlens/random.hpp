// irlens' own random numbers, so that every randomised procedure gives the same result natively,
// in WASM and with any standard library (std:: distributions differ between implementations).
//
// Generator: xoshiro256** (Blackman & Vigna, "Scrambled linear pseudorandom number generators",
// ACM TOMS 2021), its 256-bit state filled from the 64-bit seed by four steps of splitmix64
// (Steele, Lea & Flood, OOPSLA 2014), as the authors recommend.
// Uniform integers: rejection sampling (no modulo bias): draws below 2^64 mod n are rejected.
// Samples without replacement: a partial Fisher-Yates shuffle of 0..n-1.
#pragma once

#include <cstdint>
#include <vector>

namespace irlens {

/// splitmix64: advances `state` and returns the next output.
inline std::uint64_t splitmix64(std::uint64_t& state) {
    std::uint64_t z = (state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

class Random {
public:
    explicit Random(std::uint64_t seed) {
        for (std::uint64_t& word : s_) word = splitmix64(seed);
    }

    /// The next 64 random bits (xoshiro256**).
    std::uint64_t next() {
        const std::uint64_t result = rotl(s_[1] * 5, 7) * 9;
        const std::uint64_t t = s_[1] << 17;
        s_[2] ^= s_[0];
        s_[3] ^= s_[1];
        s_[1] ^= s_[2];
        s_[0] ^= s_[3];
        s_[2] ^= t;
        s_[3] = rotl(s_[3], 45);
        return result;
    }

    /// A uniform integer in [0, n); n must be at least 1.
    std::uint64_t below(std::uint64_t n) {
        const std::uint64_t threshold = (0 - n) % n;  // 2^64 mod n
        for (;;) {
            std::uint64_t r = next();
            if (r >= threshold) return r % n;
        }
    }

    /// k distinct integers from [0, n) in the order drawn (k <= n): step i swaps position i of
    /// 0..n-1 with a uniform position in [i, n).
    std::vector<std::uint32_t> sample(std::uint32_t n, std::uint32_t k) {
        std::vector<std::uint32_t> a(n);
        for (std::uint32_t i = 0; i < n; ++i) a[i] = i;
        for (std::uint32_t i = 0; i < k && i < n; ++i) {
            std::uint32_t j = i + static_cast<std::uint32_t>(below(n - i));
            std::uint32_t tmp = a[i];
            a[i] = a[j];
            a[j] = tmp;
        }
        a.resize(k < n ? k : n);
        return a;
    }

private:
    static std::uint64_t rotl(std::uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
    std::uint64_t s_[4];
};

}  // namespace irlens
