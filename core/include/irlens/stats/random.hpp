// irlens' own pseudo-random generator, used by every randomised procedure (bootstrap, permutation
// tests, Tukey HSD, topic sampling), so that a seed gives the same numbers natively, in WASM and
// with any standard library: no std:: distribution is ever used (libstdc++ and libc++ differ).
//
// Generator: xoshiro256** 1.0 (Blackman & Vigna, "Scrambled linear pseudorandom number
// generators", ACM TOMS 2021), its 256-bit state filled by four successive outputs of
// splitmix64 started at the seed (the seeding Vigna recommends).
// Integers in [0, n): rejection sampling without bias - draw x until x >= 2^64 mod n, return
// x mod n (as OpenBSD's arc4random_uniform).
// Reals in [0, 1): the top 53 bits of one output times 2^-53.
// Samples without replacement: a partial Fisher-Yates shuffle of 0..n-1.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace irlens {

/// One step of splitmix64 (Steele, Lea & Flood 2014): advances state, returns the next output.
inline std::uint64_t splitmix64(std::uint64_t& state) {
    std::uint64_t z = (state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

class Rng {
public:
    explicit Rng(std::uint64_t seed) {
        for (std::uint64_t& w : s_) w = splitmix64(seed);
    }
    /// A generator in a given state (for checking against the published reference outputs).
    static Rng from_state(std::uint64_t s0, std::uint64_t s1, std::uint64_t s2, std::uint64_t s3) {
        Rng r(0);
        r.s_[0] = s0, r.s_[1] = s1, r.s_[2] = s2, r.s_[3] = s3;
        return r;
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

    /// Uniform integer in [0, n); n must be >= 1.
    std::uint64_t below(std::uint64_t n) { return below(n, rejection_threshold(n)); }

    /// 2^64 mod n: below(n) rejects the outputs under it.
    static std::uint64_t rejection_threshold(std::uint64_t n) { return (0 - n) % n; }

    /// below(n) with rejection_threshold(n) computed beforehand (for loops that draw below the
    /// same few n many times): the same draws, one division fewer.
    std::uint64_t below(std::uint64_t n, std::uint64_t threshold) {
        for (;;) {
            std::uint64_t x = next();
            if (x >= threshold) return x % n;
        }
    }

    /// Uniform real in [0, 1).
    double uniform() { return static_cast<double>(next() >> 11) * 0x1.0p-53; }

    /// Fisher-Yates shuffle (from the last element down, swapping with a uniform index at or below).
    template <class T>
    void shuffle(T* first, std::size_t n) {
        for (std::size_t i = n; i > 1; --i) {
            std::size_t j = static_cast<std::size_t>(below(i));
            T tmp = first[i - 1];
            first[i - 1] = first[j];
            first[j] = tmp;
        }
    }

    /// k distinct integers from [0, n) in the order drawn (k <= n): step i swaps position i of
    /// 0..n-1 with a uniform position in [i, n) (a partial Fisher-Yates shuffle).
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
