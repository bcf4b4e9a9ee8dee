// The block scanners' tokenizer (core/src/readers/block.hpp): the 64-byte mask of split_words
// against the byte-by-byte reference, the word compare of the run scanner, the arena's id copy
// and the run's duplicate check (issue 42: the run's reading per byte).
#include "fixture.hpp"

#include "irlens/error.hpp"
#include "irlens/readers/doc_arena.hpp"
#include "irlens/readers/text.hpp"
#include "irlens/stats/random.hpp"

#include "readers/block.hpp"

#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

using namespace irlens;
using namespace irlens::detail;

namespace {

// What split_words gives for one line (`line` without its newline), or the error it throws:
// `masks` chooses split_words (true) or the byte-by-byte reference split_words_bytewise.
struct Split {
    std::vector<std::string> words;
    std::size_t rest = 0;  // where s was left, from the line's start
    std::string error;
    bool operator==(const Split& o) const { return words == o.words && rest == o.rest && error == o.error; }
};
Split split(const std::string& line, int max, bool masks) {
    std::string block = line + "\n" + std::string(kPadding, 'x');  // a block: newline, then padding
    const char* s = block.data();
    std::string_view f[8];
    Split out;
    try {
        int n = masks ? split_words(s, f, max, "b", 1) : split_words_bytewise(s, s, f, 0, max, "b", 1);
        for (int k = 0; k < n; ++k) out.words.emplace_back(f[k]);
        out.rest = static_cast<std::size_t>(s - block.data());
    } catch (const InputError& e) {
        out.error = e.what();
    }
    return out;
}

}  // namespace

TEST_CASE("low bytes: the SIMD mask of every byte value at every position is the portable one") {
    // Each byte value 0..255 at each of the 64 positions, the others random: bit i is set iff
    // byte i is below 0x21 (bytes >= 0x80 are not: they are word bytes).
    Rng rng(42);
    char buf[64];
    for (int value = 0; value < 256; ++value)
        for (int at = 0; at < 64; ++at) {
            for (char& c : buf) c = static_cast<char>(rng.next());
            buf[at] = static_cast<char>(value);
            CAPTURE(value);
            CAPTURE(at);
            REQUIRE(low_bytes(buf) == low_bytes_portable(buf));
            REQUIRE(((low_bytes(buf) >> at) & 1) == (value < 0x21 ? 1u : 0u));
        }
    // Hand-checked: "a b\t\n\0" then 'z's -> low bytes at 1, 3, 4, 5: 0b111010 = 0x3A; a 0x01
    // (a word byte for the scanners, below 0x21 all the same) at 6 adds 0x40.
    std::string s = std::string("a b\t\n", 5) + std::string(59, 'z');
    s[5] = '\0';
    CHECK(low_bytes(s.data()) == 0x3Au);
    s[6] = '\x01';
    CHECK(low_bytes(s.data()) == 0x7Au);
}

TEST_CASE("split_words: the masks give the byte-by-byte words on lines of every shape") {
    // Words that end at each position of the 64-byte window and past it (1 to 90 bytes), blanks of
    // every kind that run across the window's end, control and high bytes inside words, a NUL at
    // any place (a word ended by it is an error; after the words taken it is not read), more and
    // fewer words than taken (max 5 as the qrels scanner, 6 as the run scanner).
    const char word_bytes[] = {'a', 'Z', '0', '.', '#', '\x01', '\x08', '\x0e', '\x1f', '\x7f', '\x80', '\xc3', '\xff'};
    const char* blanks[] = {" ", "\t", "\r", "\v", "\f", "  ", " \t\r "};
    Rng rng(7);
    auto below = [&](std::size_t n) { return static_cast<std::size_t>(rng.below(n)); };
    std::size_t cases = 0, errors = 0, past_window = 0;
    for (int round = 0; round < 20000; ++round) {
        std::string line;
        const std::size_t words = 1 + below(9);
        if (below(4) == 0) line += blanks[below(7)];  // blanks before the first word
        for (std::size_t w = 0; w < words; ++w) {
            if (w) {
                std::string gap = blanks[below(7)];
                if (below(8) == 0) gap = std::string(1 + below(70), ' ');  // across the window
                line += gap;
            }
            const std::size_t len = below(6) == 0 ? 1 + below(90) : 1 + below(16);
            for (std::size_t k = 0; k < len; ++k) line += word_bytes[below(sizeof word_bytes)];
        }
        if (below(3) == 0) line += blanks[below(7)];  // trailing blanks
        if (below(10) == 0) line[below(line.size())] = '\0';
        // split_words starts at a word (or a NUL): the scanners skip the leading blanks first.
        std::size_t start = line.find_first_not_of(" \t\r\v\f");
        if (start == std::string::npos) continue;
        line.erase(0, start);
        for (int max : {5, 6}) {
            const Split masks = split(line, max, true), bytewise = split(line, max, false);
            CAPTURE(line);
            CAPTURE(max);
            REQUIRE(masks == bytewise);
            ++cases;
            errors += !masks.error.empty();
            past_window += masks.rest >= 64;
        }
    }
    // The generated lines reach every path: errors, and words taken past the 64-byte window.
    CHECK(cases > 30000);
    CHECK(errors > 500);
    CHECK(past_window > 500);
}

TEST_CASE("split_words: words ending at and around the 16- and 64-byte boundaries") {
    // "W...W V\n": a first word of every length 1..80 and a second one: two words, s left at the
    // newline (length + 2 bytes from the start); the same with the words 63 and 64 blanks apart.
    for (std::size_t len = 1; len <= 80; ++len)
        for (std::size_t gap : {std::size_t(1), std::size_t(63), std::size_t(64), std::size_t(65)}) {
            const std::string line = std::string(len, 'w') + std::string(gap, ' ') + "v";
            const Split got = split(line, 6, true);
            CAPTURE(len);
            CAPTURE(gap);
            REQUIRE(got.error.empty());
            REQUIRE(got.words.size() == 2);
            CHECK(got.words[0] == std::string(len, 'w'));
            CHECK(got.words[1] == "v");
            CHECK(got.rest == len + gap + 1);
            CHECK(got == split(line, 6, false));
        }
    // A NUL ending a word at byte 63 (the window's last) and at byte 64 (the first past it).
    for (std::size_t at : {std::size_t(15), std::size_t(16), std::size_t(63), std::size_t(64)}) {
        std::string line = std::string(at, 'w') + std::string(1, '\0') + " v";
        CHECK(split(line, 6, true).error == "b:1: NUL byte in line (binary file?)");
    }
    // After the words taken, a NUL is not read: the sixth word ends the scan (s left at it).
    const Split six = split(std::string("1 Q0 d 1 2.5 tag \0 x", 20), 6, true);
    CHECK(six.error.empty());
    CHECK(six.words.size() == 6);
    CHECK(six.rest == 17);  // "1 Q0 d 1 2.5 tag " is 17 bytes: s at the NUL
}

TEST_CASE("same_word: equal words of a block, compared 8 bytes at a time") {
    // Words of length 1..20 in a padded block, equal, and differing at each of their bytes; the
    // bytes after a word (here 'a' against 'b') never count.
    for (std::size_t n = 1; n <= 20; ++n) {
        std::string a = std::string(n, 'w') + std::string(kPadding, 'a');
        std::string b = std::string(n, 'w') + std::string(kPadding, 'b');
        CAPTURE(n);
        CHECK(same_word(std::string_view(a.data(), n), std::string_view(b.data(), n)));
        CHECK(!same_word(std::string_view(a.data(), n), std::string_view(b.data(), n + 1)));
        for (std::size_t k = 0; k < n; ++k) {
            b[k] = 'v';
            CAPTURE(k);
            CHECK(!same_word(std::string_view(a.data(), n), std::string_view(b.data(), n)));
            b[k] = 'w';
        }
    }
}

TEST_CASE("compare_words: the sign of string_view::compare for words of a block, 8 bytes at a time") {
    // Words of length 0..20 in a padded block against each other: equal, differing at each byte
    // (below and above, bytes >= 0x80 too), and prefixes; the bytes after a word never count.
    auto sign = [](std::string_view a, std::string_view b) {
        const int c = a.compare(b);
        return (c > 0) - (c < 0);
    };
    for (std::size_t n = 0; n <= 20; ++n) {
        for (std::size_t m : {n, n + 1, n > 0 ? n - 1 : n}) {
            std::string a = std::string(n, 'w') + std::string(kPadding, 'a');
            std::string b = std::string(m, 'w') + std::string(kPadding, 'b');
            CAPTURE(n);
            CAPTURE(m);
            CHECK(compare_words(std::string_view(a.data(), n), std::string_view(b.data(), m)) ==
                  sign(std::string_view(a.data(), n), std::string_view(b.data(), m)));
            for (std::size_t k = 0; k < std::min(n, m); ++k) {
                for (char c : {'v', 'x', static_cast<char>(0xE9)}) {
                    b[k] = c;
                    CAPTURE(k);
                    CAPTURE(static_cast<int>(static_cast<unsigned char>(c)));
                    const std::string_view x(a.data(), n), y(b.data(), m);
                    CHECK(compare_words(x, y) == sign(x, y));
                    CHECK(compare_words(y, x) == sign(y, x));
                }
                b[k] = 'w';
            }
        }
    }
}

TEST_CASE("DocArena: ids of every length up to 40 bytes come back whole") {
    // copy_id moves up to 16 bytes in two overlapping loads: every length and every byte checked.
    DocArena arena;
    std::vector<std::uint32_t> at;
    std::vector<std::string> ids;
    for (std::size_t n = 0; n <= 40; ++n) {
        std::string id;
        for (std::size_t k = 0; k < n; ++k) id += static_cast<char>('a' + (n + k) % 26);
        ids.push_back(id);
        at.push_back(arena.add(id));
    }
    for (std::size_t n = 0; n <= 40; ++n) CHECK(arena.get(at[n]) == ids[n]);
}

TEST_CASE("run: the first duplicate among many unjudged docs, by its second line") {
    // Topic 1 lists 3000 unjudged docs u0..u2999 (lines 1..3000), then u1234 again (line 3001)
    // and u7 again (line 3002): the duplicate reported is the one with the smallest second line,
    // u1234 (first at line 1235); with the repeat of u7 alone, u7 (first at line 8).
    auto q = read_qrels("q", "1 0 judged 1\n");
    std::string run;
    for (int k = 0; k < 3000; ++k) run += "1 Q0 u" + std::to_string(k) + " 1 1 t\n";
    CHECK_THROWS_WITH_AS(read_run(q, "r", run + "1 Q0 u1234 1 1 t\n1 Q0 u7 1 1 t\n"),
                         "r:3001: duplicate document 'u1234' for topic '1' (first at line 1235)", InputError);
    CHECK_THROWS_WITH_AS(read_run(q, "r", run + "1 Q0 u7 1 1 t\n"),
                         "r:3001: duplicate document 'u7' for topic '1' (first at line 8)", InputError);
    CHECK(read_run(q, "r", run)->entries(0).size() == 3000);
}

TEST_CASE("valid_utf8_prefix: the first invalid byte at every place of a 32-byte stride") {
    // ASCII runs are skipped 32 bytes at a time, then 8: an invalid byte (0xFF) after 0..100 ASCII
    // bytes is found at its place, and a valid 2-byte sequence (C3 A9) there is passed over up to
    // the lone continuation byte 0x80 after 40 more ASCII bytes: lead + 2 + 40.
    for (std::size_t lead = 0; lead <= 100; ++lead) {
        CAPTURE(lead);
        const std::string ascii(lead, 'a'), tail(40, 'b');
        CHECK(text::valid_utf8_prefix(ascii + tail) == lead + 40);
        CHECK(text::valid_utf8_prefix(ascii + "\xFF" + tail) == lead);
        CHECK(text::valid_utf8_prefix(ascii + "\xC3\xA9" + tail + "\x80") == lead + 42);
    }
}

TEST_CASE("parse_double: plain decimal scores bit for bit as strtod (signs, zeros, the dot anywhere)") {
    // The short path reads the digits before and after the dot in two loops: every placement of
    // the dot (none, first, last, inside), a sign or none, leading zeros, 1..21 digits (past 19
    // the general path), and -0 (its sign bit kept): the bits must be strtod's.
    Rng rng(3);
    auto below = [&](std::size_t n) { return static_cast<std::size_t>(rng.below(n)); };
    const char* signs[] = {"", "-", "+"};
    std::size_t parsed = 0;
    for (int i = 0; i < 50000; ++i) {
        const std::size_t digits = 1 + below(21);
        std::string s = signs[below(3)];
        const std::size_t zeros = below(4) == 0 ? below(digits + 1) : 0;
        for (std::size_t d = 0; d < digits; ++d) s += static_cast<char>(d < zeros ? '0' : '0' + below(10));
        if (below(4) != 0) s.insert(s.size() - below(digits + 1), ".");
        double v = 0;
        REQUIRE_MESSAGE(text::parse_double(s, v), s);
        const double want = std::strtod(s.c_str(), nullptr);
        CHECK_MESSAGE(std::memcmp(&v, &want, sizeof v) == 0, s);
        ++parsed;
    }
    CHECK(parsed == 50000);
    double v = 0;
    REQUIRE(text::parse_double("-0.000", v));
    CHECK(std::signbit(v));  // -0, as strtod reads it
    for (const char* bad : {"1..2", "1.2.", ".", "-.", "+", "1.-2", "12a", "1.2a"}) CHECK(!text::parse_double(bad, v));
}
