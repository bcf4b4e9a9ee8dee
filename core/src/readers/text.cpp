#include "irlens/readers/text.hpp"

#include "irlens/error.hpp"

#include "readers/decimal.hpp"

#include <cerrno>
#include <cmath>
#include <cstdint>
#include <climits>
#include <cstdlib>
#include <cstring>

namespace irlens {

InputError::InputError(std::string file, std::uint64_t line, const std::string& problem)
    : std::runtime_error(file + (line ? ":" + std::to_string(line) : std::string()) + ": " + problem),
      file_(std::move(file)),
      line_(line),
      problem_(problem) {}

std::string quote_bytes(std::string_view bytes, std::size_t max_len) {
    static const char* hex = "0123456789abcdef";
    std::string out;
    std::size_t n = bytes.size() < max_len ? bytes.size() : max_len;
    for (std::size_t i = 0; i < n; ++i) {
        unsigned char c = static_cast<unsigned char>(bytes[i]);
        if (c >= 0x20 && c < 0x7f && c != '\\') {
            out += static_cast<char>(c);
        } else {
            out += "\\x";
            out += hex[c >> 4];
            out += hex[c & 15];
        }
    }
    if (n < bytes.size()) out += "...";
    return out;
}

namespace text {

void throw_line_too_long(const std::string& source, std::uint64_t line_no) {
    throw InputError(
        source, line_no,
        "line longer than 1 MiB (" + std::to_string(kMaxLineBytes) + " bytes; a binary file or no newlines?)");
}

const void* LineSplitter::memchr_(const char* p, std::size_t n) { return std::memchr(p, '\n', n); }

namespace {

// True when some byte of the 8-byte word x is below 0x21: a whitespace candidate. (Standard SWAR
// "has byte less than n", exact: no false negatives; candidates are then checked with is_space.)
inline bool has_low_byte(std::uint64_t x) { return ((x - 0x2121212121212121ull) & ~x & 0x8080808080808080ull) != 0; }

inline const char* skip_word(const char* p, const char* end) {
    while (end - p >= 8) {
        std::uint64_t w;
        std::memcpy(&w, p, 8);
        if (has_low_byte(w)) break;
        p += 8;
    }
    while (p < end && !is_space(static_cast<unsigned char>(*p))) ++p;
    return p;
}

}  // namespace

std::size_t split_fields(std::string_view line, std::string_view* fields, std::size_t max_fields) {
    std::size_t n = 0;
    const char* p = line.data();
    const char* end = p + line.size();
    while (true) {
        while (p < end && is_space(static_cast<unsigned char>(*p))) ++p;
        if (p == end) return n;
        const char* start = p;
        p = skip_word(p, end);
        if (n == max_fields) return max_fields + 1;
        fields[n++] = std::string_view(start, static_cast<std::size_t>(p - start));
    }
}

bool numeric_id_before(std::string_view a, std::string_view b) {
    auto digits = [](std::string_view s) {
        return !s.empty() && s.find_first_not_of("0123456789") == std::string_view::npos;
    };
    bool na = digits(a), nb = digits(b);
    if (na != nb) return na;
    if (na) {
        auto strip = [](std::string_view s) {
            std::size_t z = s.find_first_not_of('0');
            return z == std::string_view::npos ? std::string_view() : s.substr(z);
        };
        std::string_view sa = strip(a), sb = strip(b);
        if (sa.size() != sb.size()) return sa.size() < sb.size();
        if (sa != sb) return sa < sb;
    }
    return a < b;
}

namespace {
/// The length of the well-formed UTF-8 sequence starting at s[i], or 0 when it is ill-formed;
/// `subpart` is then the length of its maximal subpart (at least 1): Unicode 15.0 Table 3-7.
std::size_t utf8_sequence(std::string_view s, std::size_t i, std::size_t& subpart) {
    const unsigned char b = static_cast<unsigned char>(s[i]);
    subpart = 1;
    if (b < 0x80) return 1;
    std::size_t need;
    unsigned char low = 0x80, high = 0xBF;  // the bounds of the second byte
    if (b >= 0xC2 && b <= 0xDF) {
        need = 1;
    } else if (b >= 0xE0 && b <= 0xEF) {
        need = 2;
        if (b == 0xE0) low = 0xA0;
        if (b == 0xED) high = 0x9F;  // no surrogates
    } else if (b >= 0xF0 && b <= 0xF4) {
        need = 3;
        if (b == 0xF0) low = 0x90;
        if (b == 0xF4) high = 0x8F;  // nothing above U+10FFFF
    } else {
        return 0;  // a continuation byte, C0, C1 or F5..FF: never a lead byte
    }
    for (std::size_t k = 1; k <= need; ++k) {
        if (i + k >= s.size()) return 0;
        const unsigned char c = static_cast<unsigned char>(s[i + k]);
        if (c < (k == 1 ? low : 0x80) || c > (k == 1 ? high : 0xBF)) return 0;
        subpart = k + 1;
    }
    return need + 1;
}
}  // namespace

std::size_t valid_utf8_prefix(std::string_view s) {
    std::size_t i = 0, subpart;
    while (i < s.size()) {
        // ASCII runs are the common case: skip them 8 bytes at a time, then a byte at a time,
        // without the table walk (the readers check every line of every file); 32 bytes per test
        // first (issue 42: half the loop's tests and branches in the page's run reading).
        while (i + 32 <= s.size()) {
            std::uint64_t w[4];
            std::memcpy(w, s.data() + i, 32);
            if ((w[0] | w[1] | w[2] | w[3]) & 0x8080808080808080ull) break;
            i += 32;
        }
        while (i + 8 <= s.size()) {
            std::uint64_t w;
            std::memcpy(&w, s.data() + i, 8);
            if (w & 0x8080808080808080ull) break;
            i += 8;
        }
        if (i == s.size()) break;
        if (static_cast<unsigned char>(s[i]) < 0x80) {
            ++i;
            continue;
        }
        std::size_t n = utf8_sequence(s, i, subpart);
        if (!n) return i;
        i += n;
    }
    return i;
}

std::string byte_order_mark_warning(const std::string& file) {
    return file + " starts with a UTF-8 byte-order mark; it was ignored";
}

std::string invalid_utf8_warning(const std::string& file, std::uint64_t line) {
    return file + ":" + std::to_string(line) +
           ": invalid UTF-8 (the file's first such line); outputs show U+FFFD for each invalid byte sequence";
}

std::vector<std::string> warnings(const TextNotes& notes, const std::string& file) {
    std::vector<std::string> out;
    if (notes.byte_order_mark) out.push_back(byte_order_mark_warning(file));
    if (notes.invalid_utf8_line) out.push_back(invalid_utf8_warning(file, notes.invalid_utf8_line));
    return out;
}

std::string to_utf8(std::string_view s) {
    std::size_t i = valid_utf8_prefix(s);
    if (i == s.size()) return std::string(s);
    std::string out(s.substr(0, i));
    while (i < s.size()) {
        std::size_t subpart;
        std::size_t n = utf8_sequence(s, i, subpart);
        if (n) {
            out.append(s.data() + i, n);
            i += n;
        } else {
            out += "\xEF\xBF\xBD";  // U+FFFD
            i += subpart;
        }
    }
    return out;
}

std::string csv_text(std::string_view s) {
    std::string text = to_utf8(s);
    // The guard: a ' before a formula's first character, also after leading 's ("'=x" -> "''=x"),
    // so that the readers' un-guarding (one ' off a cell of 's then a formula character) is its inverse.
    const std::size_t first = text.find_first_not_of('\'');
    if (first != std::string::npos && std::string_view("=+-@\t\r").find(text[first]) != std::string_view::npos)
        text.insert(0, 1, '\'');
    if (text.find_first_of(",\"\n\r") == std::string::npos) return text;
    std::string out = "\"";
    for (char c : text) {
        if (c == '"') out += '"';
        out += c;
    }
    return out + "\"";
}

std::string latex_text(std::string_view s) {
    // One typewriter glyph of the OT1 encoding (Computer Modern's cmtt, in every TeX install as
    // Type 1): a straight ' (slot 13), ` (18), " < > | _ ^ ~ at their ASCII slots. Chosen over
    // \textless, \textquotedbl, \_ ...: under the default OT1 encoding < > | " ' ` print as other
    // glyphs (a straight " as a closing curly quote), \textquotedbl does not exist, \_ \^{} \~{}
    // are drawn or accents (no text in the PDF); the encoding is forced, so that this holds in a T1
    // document too. Names keep their letters: non-ASCII UTF-8 goes through as it is.
    auto glyph = [](int slot) { return "{\\fontencoding{OT1}\\ttfamily\\char" + std::to_string(slot) + "}"; };
    const std::string text = to_utf8(s);
    std::string out;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        switch (c) {
            case '\\': out += "\\textbackslash{}"; break;
            case '\'': out += glyph(13); break;
            case '`': out += glyph(18); break;
            case '"':
            case '<':
            case '>':
            case '|':
            case '_':
            case '^':
            case '~': out += glyph(static_cast<unsigned char>(c)); break;
            case '&':
            case '%':
            case '$':
            case '#':
            case '{':
            case '}':
                out += '\\';
                out += c;
                break;
            case '-':  // -- and --- are dashes, ,, a low quote (T1): the pair's ligature broken
            case ',':
                out += c;
                if (i + 1 < text.size() && text[i + 1] == c) out += "{}";
                break;
            default: out += c;
        }
    }
    return out;
}

bool is_blank_or_comment(std::string_view line) {
    for (char c : line) {
        if (is_space(static_cast<unsigned char>(c))) continue;
        return c == '#';
    }
    return true;
}

namespace {

bool equals_ignore_case(std::string_view s, const char* word) {
    std::size_t n = std::strlen(word);
    if (s.size() != n) return false;
    for (std::size_t i = 0; i < n; ++i) {
        char c = s[i];
        if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
        if (c != word[i]) return false;
    }
    return true;
}

// Exact powers of ten representable in a double (10^0 .. 10^22).
const double kPow10[] = {1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,  1e8,  1e9,  1e10, 1e11,
                         1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};

}  // namespace

namespace {

/// The common case of scores: [-+]digits[.digits] with at most 19 digits, exactly representable
/// mantissa and power of ten (Clinger's fast path). Returns false when the token is anything else,
/// and parse_double then takes the general path.
inline bool parse_short_decimal(std::string_view s, double& out) {
    const char* p = s.data();
    const char* end = p + s.size();
    bool negative = *p == '-';
    if (*p == '-' || *p == '+') ++p;
    if (end - p > 20 || p == end) return false;  // at most 19 digits and a dot
    // The digits before the dot, then those after it: one test per byte (issue 42: a score is
    // parsed for every line of a run).
    std::uint64_t mantissa = 0;
    const char* q = p;
    for (unsigned d; q < end && (d = static_cast<unsigned>(*q - '0')) <= 9; ++q) mantissa = mantissa * 10 + d;
    int fraction = 0;
    const bool dot = q < end;
    if (dot) {
        if (*q != '.') return false;
        const char* first = ++q;
        for (unsigned d; q < end && (d = static_cast<unsigned>(*q - '0')) <= 9; ++q) mantissa = mantissa * 10 + d;
        if (q != end) return false;
        fraction = static_cast<int>(end - first);
    }
    int digits = static_cast<int>(end - p) - dot;
    if (digits == 0 || digits > 19 || mantissa > (std::uint64_t(1) << 53)) return false;
    if (fraction > 22) return false;
    double v = static_cast<double>(mantissa);
    if (fraction) v /= kPow10[fraction];
    out = negative ? -v : v;
    return true;
}

}  // namespace

bool parse_double(std::string_view s, double& out) {
    return (!s.empty() && parse_short_decimal(s, out)) || parse_double_general(s, out);
}

bool parse_double_general(std::string_view s, double& out) {
    const char* p = s.data();
    const char* end = p + s.size();
    if (p == end) return false;
    bool negative = false;
    if (*p == '+' || *p == '-') {
        negative = *p == '-';
        ++p;
    }
    if (p < end && *p != '.' && (*p < '0' || *p > '9')) {
        std::string_view rest(p, static_cast<std::size_t>(end - p));
        if (equals_ignore_case(rest, "inf") || equals_ignore_case(rest, "infinity")) {
            out = negative ? -HUGE_VAL : HUGE_VAL;
            return true;
        }
        return false;
    }
    // Validate the syntax and gather up to 19 significant digits for the fast path.
    std::uint64_t mantissa = 0;
    int digits = 0;          // significant digits gathered into mantissa
    bool truncated = false;  // more significant digits than fit
    int exp10 = 0;           // decimal exponent adjustment from the fraction
    bool any_digit = false, dot = false;
    for (; p < end; ++p) {
        unsigned d = static_cast<unsigned>(*p - '0');
        if (d <= 9) {
            any_digit = true;
            if (digits < 19) {
                if (mantissa || d) {
                    mantissa = mantissa * 10 + d;
                    ++digits;
                }
                exp10 -= dot;
            } else {
                truncated = true;
                exp10 += !dot;
            }
        } else if (*p == '.' && !dot) {
            dot = true;
        } else {
            break;
        }
    }
    if (!any_digit) return false;
    if (p < end && (*p == 'e' || *p == 'E')) {
        ++p;
        bool eneg = false;
        if (p < end && (*p == '+' || *p == '-')) {
            eneg = *p == '-';
            ++p;
        }
        if (p == end || *p < '0' || *p > '9') return false;
        long e = 0;
        while (p < end && *p >= '0' && *p <= '9') {
            if (e < 100000) e = e * 10 + (*p - '0');
            ++p;
        }
        exp10 += static_cast<int>(eneg ? -e : e);
    }
    if (p != end) return false;
    // Clinger's fast path: exact when the mantissa and the power of ten are both exact doubles.
    if (!truncated && mantissa <= (std::uint64_t(1) << 53) && exp10 >= -22 && exp10 <= 22) {
        double v = static_cast<double>(mantissa);
        v = exp10 < 0 ? v / kPow10[-exp10] : v * kPow10[exp10];
        out = negative ? -v : v;
        return true;
    }
    // Slow path: the C library's correctly rounded conversion on a NUL-terminated copy.
    char small[128];
    std::string big;
    const char* z;
    if (s.size() < sizeof small) {
        std::memcpy(small, s.data(), s.size());
        small[s.size()] = '\0';
        z = small;
    } else {
        big.assign(s.data(), s.size());
        z = big.c_str();
    }
    char* stop = nullptr;
    out = std::strtod(z, &stop);
    return stop == z + s.size();
}

bool parse_long(std::string_view s, long& out) {
    const char* p = s.data();
    const char* end = p + s.size();
    if (p == end) return false;
    bool negative = false;
    if (*p == '+' || *p == '-') {
        negative = *p == '-';
        ++p;
    }
    if (p == end) return false;
    unsigned long v = 0;
    const unsigned long limit = negative ? static_cast<unsigned long>(LONG_MAX) + 1 : LONG_MAX;
    for (; p < end; ++p) {
        if (*p < '0' || *p > '9') return false;
        unsigned d = static_cast<unsigned>(*p - '0');
        if (v > (limit - d) / 10) return false;
        v = v * 10 + d;
    }
    out = negative ? static_cast<long>(0 - v) : static_cast<long>(v);
    return true;
}

}  // namespace text
}  // namespace irlens
