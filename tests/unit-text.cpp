// Byte-level parsing primitives: numbers, fields, the streaming line splitter.
#include "irlens/readers/text.hpp"

#include "readers/decimal.hpp"

#include <doctest/doctest.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <memory>
#include <random>
#include <string>
#include <vector>

using namespace irlens::text;

TEST_CASE("parse_double agrees with strtod, including correctly rounded ties") {
    double v;
    CHECK(parse_double("12", v));
    CHECK(v == 12.0);
    CHECK(parse_double("-0.5", v));
    CHECK(v == -0.5);
    CHECK(parse_double("1e-3", v));
    CHECK(v == 1e-3);
    CHECK(parse_double(".5", v));
    CHECK(v == 0.5);
    CHECK(parse_double("5.", v));
    CHECK(v == 5.0);
    CHECK(parse_double("+3.25E+2", v));
    CHECK(v == 325.0);
    CHECK(parse_double("-inf", v));
    CHECK(v < -1e308);
    // 2^53 + 1 does not fit in a double: the slow path must round like strtod.
    CHECK(parse_double("9007199254740993", v));
    CHECK(v == std::strtod("9007199254740993", nullptr));
    CHECK(parse_double("0.1000000000000000055511151231257827", v));
    CHECK(v == 0.1);
    // Seeded random decimal strings: the fast path (Clinger) and the fallback must both agree
    // with the C library bit for bit.
    std::mt19937_64 rng(42);
    for (int i = 0; i < 20000; ++i) {
        char buf[64];
        int digits = 1 + static_cast<int>(rng() % 20);
        std::string s = (rng() % 2) ? "-" : "";
        for (int d = 0; d < digits; ++d) s += static_cast<char>('0' + rng() % 10);
        if (rng() % 2) s.insert(s.size() - static_cast<std::size_t>(rng() % digits), ".");
        if (rng() % 3 == 0) {
            std::snprintf(buf, sizeof buf, "e%d", static_cast<int>(rng() % 80) - 40);
            s += buf;
        }
        if (s == "-" || s.back() == '.' || s.front() == '.') continue;
        REQUIRE(parse_double(s, v));
        CHECK_MESSAGE(v == std::strtod(s.c_str(), nullptr), s);
    }
}

TEST_CASE("parse_double rejects what is not a plain decimal number") {
    double v;
    for (const char* bad :
         {"", "-", "abc", "1.2.3", "1e", "1e+", "nan", "NaN", "0x1p3", "12abc", " 1", "1 ", "--1", "e5", "."})
        CHECK_MESSAGE(!parse_double(bad, v), bad);
}

// The short path for plain decimals (text.cpp: [-+]digits[.digits], at most 19 digits) must give
// what the general path gives, bit for bit, and accept exactly what it accepts; each string is
// parsed from a heap copy of its exact size (no padding: a read past the view would be out of
// bounds, and with the bytes of a longer number after it the value would change).
namespace {
bool same_bits(double a, double b) { return std::memcmp(&a, &b, sizeof a) == 0; }

void check_as_general(const std::string& s) {
    std::unique_ptr<char[]> copy(new char[s.size() + 1]);
    std::memcpy(copy.get(), s.data(), s.size());
    const std::string_view view(copy.get(), s.size());
    double fast = -7, general = -7;
    const bool a = parse_double(view, fast), b = parse_double_general(view, general);
    REQUIRE_MESSAGE(a == b, s);
    if (!a) return;
    CHECK_MESSAGE(same_bits(fast, general), s);
    copy[s.size()] = '\0';
    char* end = nullptr;
    const double want = std::strtod(copy.get(), &end);
    CHECK_MESSAGE(end == copy.get() + s.size(), s);
    CHECK_MESSAGE(same_bits(fast, want), s);
}
}  // namespace

TEST_CASE("parse_double: the short path for plain decimals is the general path bit for bit") {
    // Hand-picked: lengths on both sides of 8 and 16 bytes, the dot first, last and inside, 2^53
    // and 2^53 + 1 (the short path's limit: 2^53 + 1 is rounded by strtod, as 9007199254740992),
    // 16 and 17 digits (mantissas above 2^53: the general path), leading zeros, signs, and what
    // neither path accepts.
    for (const char* s : {"0",
                          "5",
                          "12",
                          "99.9997",
                          "-3.25",
                          "+3.25",
                          "-0.0",
                          "-0",
                          ".5",
                          "5.",
                          "-.5",
                          "+5.",
                          "0.1",
                          "00000000.5",
                          "12345678",
                          "123456789",
                          "1234567.8",
                          "12345678.9",
                          "1.23456789",
                          "123456789.0123456",
                          "9007199254740992",
                          "9007199254740993",
                          "9999999999999999",
                          "0.999999999999999",
                          "99999999.99999999",
                          "1234567890123456.",
                          ".123456789012345",
                          "12345678901234567",
                          "0000000000000001",
                          "00000000000000012",
                          "1.2.3",
                          "12345678.9.",
                          "1.",
                          ".",
                          "-.",
                          "+",
                          "-",
                          "",
                          "1e5",
                          "1.5e-3",
                          "12a",
                          "a12",
                          "1 2",
                          "1\t",
                          "1,5",
                          "inf",
                          "-inf",
                          "nan",
                          "0x10",
                          "1/2",
                          "1:2",
                          "12345678:",
                          "9\x80",
                          "\xb9",
                          "12345678\xff",
                          "1234567\xb9",
                          "1234567/",
                          "--1",
                          "+-1"})
        check_as_general(s);
    // Every placement of one dot in every length of digits up to 22 (past 19: the general path), with each sign.
    for (std::size_t len = 1; len <= 22; ++len)
        for (std::size_t dot = 0; dot <= len + 1; ++dot)
            for (const char* sign : {"", "-", "+"}) {
                std::string digits;
                for (std::size_t i = 0; i < len; ++i) digits += static_cast<char>('1' + (i * 7) % 9);
                if (dot <= len) digits.insert(dot, ".");
                check_as_general(sign + digits);
            }
    // Seeded random strings over digits, dots, signs, exponents and junk, 1..24 bytes.
    std::mt19937_64 rng(42);
    const char alphabet[] = "0123456789012345678901234567890123456789..-+eE x/:";
    for (int i = 0; i < 200000; ++i) {
        std::string s;
        const std::size_t len = 1 + rng() % 24;
        const std::size_t letters = rng() % 4 ? 20 : sizeof alphabet - 1;  // mostly digits
        for (std::size_t k = 0; k < len; ++k) s += alphabet[rng() % letters];
        if (rng() % 3 == 0) s[0] = "-+."[rng() % 3];
        if (rng() % 2) s[rng() % len] = '.';
        check_as_general(s);
    }
}

TEST_CASE("parse_double reads no byte past its view") {
    // A view of the first bytes of a longer number: the bytes after it must not count.
    const std::string longer = "12.3456789012345678";
    double v = 0;
    for (std::size_t n : {1, 2, 3, 4, 7, 8, 9, 12, 15, 16}) {
        REQUIRE(parse_double(std::string_view(longer.data(), n), v));
        CHECK(same_bits(v, std::strtod(longer.substr(0, n).c_str(), nullptr)));
    }
    REQUIRE(parse_double(std::string_view("7.25x", 4), v));
    CHECK(v == 7.25);
}

TEST_CASE("parse_long") {
    long v;
    CHECK(parse_long("0", v));
    CHECK(v == 0);
    CHECK(parse_long("-2", v));
    CHECK(v == -2);
    CHECK(parse_long("+7", v));
    CHECK(v == 7);
    // long is 64 bits natively and 32 bits in WASM: test at its own limits.
    const std::string max = std::to_string(std::numeric_limits<long>::max());
    const std::string min = std::to_string(std::numeric_limits<long>::min());
    CHECK(parse_long(max, v));
    CHECK(v == std::numeric_limits<long>::max());
    CHECK(parse_long(min, v));
    CHECK(v == std::numeric_limits<long>::min());
    std::string over = max;
    over.back() = static_cast<char>(over.back() + 1);
    CHECK(!parse_long(over, v));
    CHECK(!parse_long("1.0", v));
    CHECK(!parse_long("", v));
    CHECK(!parse_long("-", v));
    CHECK(!parse_long("1e3", v));
}

TEST_CASE("split_fields splits on runs of whitespace and reports extra fields") {
    std::string_view f[4];
    CHECK(split_fields("  a\tb  c ", f, 4) == 3);
    CHECK(f[0] == "a");
    CHECK(f[2] == "c");
    CHECK(split_fields("a b c d e", f, 4) == 5);
    CHECK(split_fields("", f, 4) == 0);
    CHECK(split_fields(" \t\r", f, 4) == 0);
}

TEST_CASE("LineSplitter gives the same lines whatever the chunk boundaries") {
    const std::string text = "a 1\r\nbb 2\n\n# comment\nlast line without newline";
    std::vector<std::string> expected;
    {
        LineSplitter s;
        auto collect = [&](std::string_view l, std::uint64_t) { expected.emplace_back(l); };
        s.feed(text, collect);
        s.finish(collect);
    }
    REQUIRE(expected.size() == 5);
    CHECK(expected[0] == "a 1");  // CR removed
    CHECK(expected[2].empty());
    CHECK(expected[4] == "last line without newline");
    for (std::size_t cut1 = 0; cut1 <= text.size(); ++cut1) {
        for (std::size_t cut2 = cut1; cut2 <= text.size(); cut2 += 3) {
            std::vector<std::string> got;
            std::vector<std::uint64_t> numbers;
            LineSplitter s;
            auto collect = [&](std::string_view l, std::uint64_t n) {
                got.emplace_back(l);
                numbers.push_back(n);
            };
            s.feed(std::string_view(text).substr(0, cut1), collect);
            s.feed(std::string_view(text).substr(cut1, cut2 - cut1), collect);
            s.feed(std::string_view(text).substr(cut2), collect);
            s.finish(collect);
            REQUIRE(got == expected);
            CHECK(numbers.back() == 5);
        }
    }
}

TEST_CASE("is_blank_or_comment") {
    CHECK(is_blank_or_comment(""));
    CHECK(is_blank_or_comment("   \t"));
    CHECK(is_blank_or_comment("# x"));
    CHECK(is_blank_or_comment("  # x"));
    CHECK(!is_blank_or_comment("1 0 d 1"));
}

TEST_CASE("numeric_id_before: ndeval's topic and subtopic order") {
    CHECK(numeric_id_before("2", "10"));  // by value, not bytes
    CHECK(!numeric_id_before("10", "2"));
    CHECK(numeric_id_before("151", "200"));
    CHECK(numeric_id_before("007", "7"));  // equal values: byte order decides
    CHECK(!numeric_id_before("5", "5"));
    CHECK(numeric_id_before("999", "a1"));  // numbers before other ids
    CHECK(numeric_id_before("a10", "a2"));  // others in byte order
    CHECK(!numeric_id_before("a1", "999"));
}

TEST_CASE("LineSplitter: an empty chunk, even a null view, changes nothing") {
    // (UBSan flagged memchr(nullptr, '\n', 0) here before; see the IRLENS_FUZZ build.)
    LineSplitter s;
    std::vector<std::string> lines;
    auto collect = [&](std::string_view line, std::uint64_t) { lines.emplace_back(line); };
    s.feed(std::string_view(), collect);
    s.feed("a\nb", collect);
    s.feed(std::string_view(), collect);
    s.feed("c\n", collect);
    s.finish(collect);
    CHECK(lines == std::vector<std::string>{"a", "bc"});
}

TEST_CASE("to_utf8: each maximal subpart of an ill-formed sequence becomes one U+FFFD") {
    using irlens::text::to_utf8;
    using irlens::text::valid_utf8_prefix;
    const std::string R = "\xEF\xBF\xBD";  // U+FFFD
    CHECK(to_utf8("plain ascii") == "plain ascii");
    CHECK(to_utf8("caf\xC3\xA9 \xE2\x82\xAC \xF0\x9F\x98\x80") ==
          "caf\xC3\xA9 \xE2\x82\xAC \xF0\x9F\x98\x80");  // é € 😀
    CHECK(to_utf8("a\xFF"
                  "b") == "a" + R + "b");       // never a byte of UTF-8
    CHECK(to_utf8("\xFF\xFE") == R + R);        // two bytes, two replacements
    CHECK(to_utf8("a\xC3(") == "a" + R + "(");  // lead without its continuation
    CHECK(to_utf8("\xF0\x9F\x98") == R);        // truncated 4-byte sequence: one subpart
    CHECK(to_utf8("\xF0\x9F\x98x") == R + "x");
    CHECK(to_utf8("\x80\x80") == R + R);                  // lone continuation bytes
    CHECK(to_utf8("\xC0\xAF") == R + R);                  // overlong: C0 is never a lead
    CHECK(to_utf8("\xE0\x80\xAF") == R + R + R);          // overlong 3-byte: E0 needs A0..BF
    CHECK(to_utf8("\xED\xA0\x80") == R + R + R);          // a surrogate (U+D800)
    CHECK(to_utf8("\xF4\x90\x80\x80") == R + R + R + R);  // above U+10FFFF
    CHECK(to_utf8("\xE2\x82"
                  "\xE2\x82\xAC") == R + "\xE2\x82\xAC");
    CHECK(to_utf8(std::string("a\0b", 3)) == std::string("a\0b", 3));  // NUL is valid UTF-8
    CHECK(valid_utf8_prefix("ab\xC3\xA9\xFF"
                            "c") == 4);
    CHECK(valid_utf8_prefix("") == 0);
}

TEST_CASE("csv_text: quotes as RFC 4180, a ' before a formula's first character (OWASP)") {
    using irlens::text::csv_text;
    CHECK(csv_text("bm25") == "bm25");
    CHECK(csv_text("a,b") == "\"a,b\"");
    CHECK(csv_text("say \"hi\"") == "\"say \"\"hi\"\"\"");
    CHECK(csv_text("=HYPERLINK(\"x\")") == "\"'=HYPERLINK(\"\"x\"\")\"");
    CHECK(csv_text("+1") == "'+1");
    CHECK(csv_text("-cmd") == "'-cmd");
    CHECK(csv_text("@SUM(A1)") == "'@SUM(A1)");
    CHECK(csv_text("\tx") == "'\tx");
    // After 's of the text's own, the guard too: the --scores reader takes one ' off "''=x" and
    // gets "'=x" back (it read "'=x" as the guard of "=x"). "'x" is no formula: unchanged.
    CHECK(csv_text("'=x.run") == "''=x.run");
    CHECK(csv_text("''+y") == "'''+y");
    CHECK(csv_text("'x") == "'x");
    CHECK(csv_text("'") == "'");
    CHECK(csv_text("\rx") == "\"'\rx\"");
    CHECK(csv_text("a=b") == "a=b");  // only the first character matters
    CHECK(csv_text("") == "");
    CHECK(csv_text(std::string("\0x", 2)) == std::string("\0x", 2));
    CHECK(csv_text("r\xFF") == "r\xEF\xBF\xBD");
}
