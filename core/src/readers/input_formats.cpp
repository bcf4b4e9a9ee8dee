// BEIR qrels, MS MARCO runs and ranx / ir_measures JSON, turned into TREC lines for the TREC
// readers (the contract is in irlens/readers/input_formats.hpp).
#include "irlens/readers/input_formats.hpp"

#include "irlens/error.hpp"
#include "irlens/readers/text.hpp"

#include <algorithm>
#include <climits>
#include <cmath>
#include <cstdint>
#include <functional>
#include <string>
#include <unordered_map>
#include <utility>

namespace irlens {

const char* input_format_name(InputFormat f) {
    switch (f) {
        case InputFormat::Trec: return "TREC";
        case InputFormat::Beir: return "BEIR";
        case InputFormat::MsMarco: return "MS MARCO";
        case InputFormat::Json: return "JSON";
        default: return "unknown";
    }
}

InputFormat parse_run_format(const std::string& word) {
    if (word == "auto") return InputFormat::Unknown;
    if (word == "trec") return InputFormat::Trec;
    if (word == "msmarco") return InputFormat::MsMarco;
    if (word == "json") return InputFormat::Json;
    throw UsageError("run format must be auto, trec, msmarco or json, got '" + word + "'");
}

namespace detail {

namespace {

constexpr std::size_t kMaxKeyBytes = 0xFFFF;   // as the readers' document ids
constexpr std::size_t kMaxNumberBytes = 1000;  // a JSON number longer than this is refused
constexpr std::size_t kFlushBytes = 1u << 20;  // TREC text handed to the reader at a time

bool json_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

/// The JSON number grammar (RFC 8259 Sec. 6): -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?
bool json_number(std::string_view s) {
    std::size_t i = 0, n = s.size();
    auto digits = [&] {
        std::size_t b = i;
        while (i < n && s[i] >= '0' && s[i] <= '9') ++i;
        return i > b;
    };
    if (i < n && s[i] == '-') ++i;
    if (i < n && s[i] == '0')
        ++i;
    else if (!digits())
        return false;
    if (i < n && s[i] == '.') {
        ++i;
        if (!digits()) return false;
    }
    if (i < n && (s[i] == 'e' || s[i] == 'E')) {
        ++i;
        if (i < n && (s[i] == '+' || s[i] == '-')) ++i;
        if (!digits()) return false;
    }
    return i == n;
}

void append_utf8(std::string& out, std::uint32_t cp) {
    if (cp < 0x80) {
        out += static_cast<char>(cp);
    } else if (cp < 0x800) {
        out += static_cast<char>(0xC0 | (cp >> 6));
        out += static_cast<char>(0x80 | (cp & 0x3F));
    } else if (cp < 0x10000) {
        out += static_cast<char>(0xE0 | (cp >> 12));
        out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (cp & 0x3F));
    } else {
        out += static_cast<char>(0xF0 | (cp >> 18));
        out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
        out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (cp & 0x3F));
    }
}

std::string quoted(const std::string& key) { return "\"" + quote_bytes(key) + "\""; }

}  // namespace

enum class Target { Qrels, Run };

/// Detects the format of a stream and hands its content, as TREC text, to `sink` (the TREC reader).
class FormatConverter {
public:
    using Sink = std::function<void(std::string_view)>;
    FormatConverter(std::string source, Target target, bool detect, std::string tag, Sink sink,
                    InputFormat given = InputFormat::Unknown)
        : source_(std::move(source)), target_(target), tag_(std::move(tag)), sink_(std::move(sink)), lines_(source_) {
        lines_.bom.mode = text::ByteOrderMark::Keep;  // stripped by bom_ already
        if (!detect) {
            format_ = InputFormat::Trec;
            evidence_ = "grouped qrels are TREC only";
        }
        if (given != InputFormat::Unknown) {
            format_ = given;
            given_ = true;
            evidence_ = "given";
        }
        for (char& c : tag_)
            if (static_cast<unsigned char>(c) <= 0x20) c = '_';
        if (tag_.empty()) tag_ = "run";
    }

    InputFormat format() const { return format_; }

    std::string evidence() const {
        if (format_ == InputFormat::MsMarco && !given_ && !ranks_.empty())
            return evidence_ + ", and the ranks start at 1 and increase within each topic";
        return evidence_;
    }

    void feed(std::string_view chunk) {
        bom_.feed(chunk, [&](std::string_view c) { take(c, false); });
        flush();
    }

    void finish() {
        bom_.finish([&](std::string_view c) { take(c, false); });
        if (format_ == InputFormat::Unknown) take({}, true);
        if (format_ == InputFormat::Beir || format_ == InputFormat::MsMarco)
            lines_.finish([&](std::string_view line, std::uint64_t no) { convert_line(line, no); });
        if (format_ == InputFormat::Json && state_ != J::End) {
            if (state_ == J::Start) throw InputError(source_, 0, "no judgments or results found (empty file?)");
            throw InputError(source_, line_, "unexpected end of the file: the JSON object is not closed");
        }
        flush();
    }

    /// An error of the TREC reader about the text made from JSON names no line of the input.
    InputError translate(const InputError& e) const {
        if (format_ != InputFormat::Json || e.line() == 0) return e;
        return InputError(source_, 0, e.problem() + " (in the TREC lines read from this JSON file)");
    }

private:
    // The JSON scanner's states: where in {"topic": {"doc": number, ...}, ...} it is.
    enum class J {
        Start,
        OuterFirst,
        TopicKey,
        TopicColon,
        InnerOpen,
        InnerFirst,
        DocKey,
        DocColon,
        Value,
        Number,
        AfterValue,
        InnerNext,
        AfterTopic,
        OuterNext,
        End
    };

    void take(std::string_view c, bool final) {
        if (format_ != InputFormat::Unknown) return dispatch(c);
        head_.append(c.data(), c.size());
        if (!decide(final)) return;
        std::string head = std::move(head_);
        head_.clear();
        dispatch(head);
    }

    /// Decides the format from head_ once its first content line is complete (or at the end).
    bool decide(bool final) {
        std::size_t p = 0;
        for (;;) {
            while (p < head_.size() && text::is_space(static_cast<unsigned char>(head_[p]))) ++p;
            if (p < head_.size() && head_[p] == '\n') {
                ++p;
                continue;
            }
            if (p < head_.size() && head_[p] == '{') {
                format_ = InputFormat::Json;
                evidence_ = "the first content byte is '{'";
                return true;
            }
            std::size_t nl = head_.find('\n', p);
            if (nl == std::string::npos && !final) {
                // No complete content line yet: wait, unless the text is already past any line's
                // length (the TREC reader then reports the long line).
                if (head_.size() > text::kMaxLineBytes * 2) format_ = InputFormat::Trec;
                return format_ != InputFormat::Unknown;
            }
            std::string_view line(head_.data() + p, (nl == std::string::npos ? head_.size() : nl) - p);
            if (p < head_.size() && head_[p] == '#') {  // a comment line
                if (nl == std::string::npos) break;
                p = nl + 1;
                continue;
            }
            if (line.empty()) break;  // the end, without content
            std::string_view f[4];
            std::size_t n = text::split_fields(line, f, 3);
            format_ = InputFormat::Trec;
            decided_line_ = 1 + static_cast<std::uint64_t>(
                                    std::count(head_.begin(), head_.begin() + static_cast<std::ptrdiff_t>(p), '\n'));
            const std::string at = "line " + std::to_string(decided_line_);
            evidence_ = at + " has " + (n > 3 ? std::string("more than 3") : std::to_string(n)) + " columns";
            if (target_ == Target::Qrels && n == 3 && f[0] == "query-id" && f[1] == "corpus-id" && f[2] == "score") {
                format_ = InputFormat::Beir;
                evidence_ = at + " is the header query-id corpus-id score";
            }
            if (target_ == Target::Run && n == 3) format_ = InputFormat::MsMarco;
            return true;
        }
        format_ = InputFormat::Trec;  // no content: the TREC reader says so
        evidence_ = "no content line";
        return true;
    }

    void dispatch(std::string_view c) {
        switch (format_) {
            case InputFormat::Beir:
            case InputFormat::MsMarco:
                lines_.feed(c, [&](std::string_view line, std::uint64_t no) { convert_line(line, no); });
                break;
            case InputFormat::Json:
                for (char ch : c) json_byte(ch);
                break;
            default: flush(); emit(c);
        }
        if (out_.size() >= kFlushBytes) flush();
    }

    /// Hands text to the TREC reader; a byte-order mark this converter stripped (to detect the format)
    /// goes first, so that the TREC reader strips it again and records it (TextNotes: the warning).
    void emit(std::string_view text) {
        if (bom_.found() && !bom_passed_) {
            bom_passed_ = true;
            sink_(std::string_view("\xEF\xBB\xBF", 3));
        }
        sink_(text);
    }

    void flush() {
        if (out_.empty()) return;
        std::string text;
        text.swap(out_);
        try {
            emit(text);
        } catch (const InputError& e) {
            throw translate(e);
        }
    }

    /// One line of a BEIR qrels file or an MS MARCO run, as a TREC line (a blank line for the
    /// header, comments and blank lines, so that line numbers stay those of the input).
    void convert_line(std::string_view line, std::uint64_t no) {
        if (text::is_blank_or_comment(line) || (format_ == InputFormat::Beir && !header_seen_)) {
            header_seen_ = header_seen_ || !text::is_blank_or_comment(line);
            out_ += '\n';
            return;
        }
        std::string_view f[4];
        std::size_t n = text::split_fields(line, f, 3);
        const char* layout = format_ == InputFormat::Beir ? "query-id corpus-id score" : "qid pid rank";
        if (n != 3)
            throw InputError(source_, no,
                             "expected 3 columns (" + std::string(layout) + "), found " +
                                 (n > 3 ? std::string("more") : std::to_string(n)) + guessed());
        out_.append(f[0].data(), f[0].size());
        if (format_ == InputFormat::Beir) {
            out_ += " 0 ";
            out_.append(f[1].data(), f[1].size());
            out_ += ' ';
            out_.append(f[2].data(), f[2].size());
        } else {
            long rank;
            if (!text::parse_long(f[2], rank) || rank == LONG_MIN)
                throw InputError(source_, no, "rank '" + quote_bytes(f[2]) + "' is not an integer" + guessed());
            if (!given_) {  // the evidence that the third column holds ranks
                auto [it, fresh] = ranks_.emplace(std::string(f[0]), rank);
                if (fresh ? rank != 1 : rank < it->second)
                    throw InputError(source_, no,
                                     "the third column is not a rank: " +
                                         (fresh ? "topic " + quote_bytes(f[0]) + " starts at " + std::to_string(rank)
                                                : std::to_string(rank) + " after " + std::to_string(it->second) +
                                                      " in topic " + quote_bytes(f[0])) +
                                         " (MS MARCO ranks start at 1 and increase within each topic)" + guessed());
                it->second = rank;
            }
            out_ += " Q0 ";
            out_.append(f[1].data(), f[1].size());
            out_ += ' ' + std::to_string(rank) + ' ' + std::to_string(-rank) + ' ' + tag_;
        }
        out_ += '\n';
    }

    /// For an error in a run whose format the first content line decided: says so.
    std::string guessed() const {
        if (given_ || format_ != InputFormat::MsMarco) return "";
        return "; the file was read as an MS MARCO run (qid pid rank) because its first content line, line " +
               std::to_string(decided_line_) +
               ", has 3 columns: a TREC run has 6 (topic Q0 doc rank score tag); give the format to choose "
               "(irlens --run-format trec|msmarco|json)";
    }

    [[noreturn]] void fail(const std::string& problem) const {
        std::string where;
        if (state_ >= J::Value && state_ <= J::AfterValue)
            where = " (in topic " + quoted(topic_) + ", document " + quoted(doc_) + ")";
        else if (state_ >= J::InnerOpen && state_ <= J::InnerNext)
            where = " (in topic " + quoted(topic_) + ")";
        throw InputError(source_, line_, "column " + std::to_string(col_) + ": " + problem + where);
    }

    [[noreturn]] void unexpected(char c, const char* wanted) const {
        std::string seen = c == '"' ? "'\"'" : "'" + quote_bytes(std::string_view(&c, 1)) + "'";
        fail(std::string("expected ") + wanted + ", found " + seen +
             " (the JSON read is a dict of dicts: {\"topic\": {\"doc\": number, ...}, ...})");
    }

    void json_byte(char c) {
        ++col_;
        json_step(c);
        if (c == '\n') {
            ++line_;
            col_ = 0;
        }
    }

    void json_step(char c) {
        switch (state_) {
            case J::TopicKey:
            case J::DocKey: return string_byte(c);
            case J::Number:
                if ((c >= '0' && c <= '9') || c == '-' || c == '+' || c == '.' || c == 'e' || c == 'E') {
                    if (token_.size() >= kMaxNumberBytes) fail("number longer than 1000 bytes");
                    token_ += c;
                    return;
                }
                end_number();
                break;  // c is read in the next state
            default: break;
        }
        if (json_space(c)) return;
        switch (state_) {
            case J::Start:
                if (c != '{') unexpected(c, "'{'");
                state_ = J::OuterFirst;
                return;
            case J::OuterFirst:
            case J::OuterNext:
                if (c == '}' && state_ == J::OuterFirst) {
                    state_ = J::End;
                    return;
                }
                if (c != '"') unexpected(c, "a topic id in quotes");
                start_key(J::TopicKey);
                return;
            case J::TopicColon:
            case J::DocColon:
                if (c != ':') unexpected(c, "':' after the key");
                state_ = state_ == J::TopicColon ? J::InnerOpen : J::Value;
                return;
            case J::InnerOpen:
                if (c != '{') unexpected(c, "'{' (the documents of the topic)");
                state_ = J::InnerFirst;
                docs_.clear();
                return;
            case J::InnerFirst:
            case J::InnerNext:
                if (c == '}' && state_ == J::InnerFirst) {
                    state_ = J::AfterTopic;
                    return;
                }
                if (c != '"') unexpected(c, "a document id in quotes");
                start_key(J::DocKey);
                return;
            case J::Value:
                if (c != '-' && (c < '0' || c > '9'))
                    unexpected(c, target_ == Target::Qrels ? "a number (the grade)" : "a number (the score)");
                token_.assign(1, c);
                number_col_ = col_;
                state_ = J::Number;
                return;
            case J::AfterValue:
                if (c == ',')
                    state_ = J::InnerNext;
                else if (c == '}')
                    state_ = J::AfterTopic;
                else
                    unexpected(c, "',' or '}'");
                return;
            case J::AfterTopic:
                if (c == ',')
                    state_ = J::OuterNext;
                else if (c == '}')
                    state_ = J::End;
                else
                    unexpected(c, "',' or '}'");
                return;
            case J::End: unexpected(c, "nothing after the end of the JSON object");
            default: return;
        }
    }

    void start_key(J state) {
        state_ = state;
        token_.clear();
        escape_ = 0;
        key_line_ = line_;
        key_col_ = col_;
    }

    /// A byte inside a key's quotes: escapes decoded (\uXXXX as UTF-8, surrogate pairs joined).
    void string_byte(char c) {
        unsigned char u = static_cast<unsigned char>(c);
        if (escape_ == 1) {
            static const char from[] = "\"\\/bfnrt", to[] = "\"\\/\b\f\n\r\t";
            const char* hit = c ? std::char_traits<char>::find(from, 8, c) : nullptr;
            if (c == 'u') {
                escape_ = 2;
                hex_ = 0;
                return;
            }
            if (!hit) fail("invalid escape '\\" + quote_bytes(std::string_view(&c, 1)) + "' in a key");
            token_ += to[hit - from];
            escape_ = 0;
        } else if (escape_ >= 2) {
            int d = c >= '0' && c <= '9'   ? c - '0'
                    : c >= 'a' && c <= 'f' ? c - 'a' + 10
                    : c >= 'A' && c <= 'F' ? c - 'A' + 10
                                           : -1;
            if (d < 0) fail("invalid \\u escape in a key (four hexadecimal digits expected)");
            hex_ = hex_ * 16 + static_cast<std::uint32_t>(d);
            if (++escape_ < 6) return;
            escape_ = 0;
            if (hex_ >= 0xD800 && hex_ < 0xDC00) {
                high_ = hex_;
                return;
            }
            if (hex_ >= 0xDC00 && hex_ < 0xE000) {
                if (!high_) fail("unpaired surrogate \\u escape in a key");
                append_utf8(token_, 0x10000 + ((high_ - 0xD800) << 10) + (hex_ - 0xDC00));
                high_ = 0;
                return;
            }
            if (high_) fail("unpaired surrogate \\u escape in a key");
            append_utf8(token_, hex_);
        } else if (high_ && c != '\\') {
            fail("unpaired surrogate \\u escape in a key");
        } else if (c == '\\') {
            escape_ = 1;
        } else if (c == '"') {
            end_key();
        } else if (u < 0x20) {
            fail("control character in a key (JSON needs it escaped; a TREC file cannot hold it)");
        } else {
            token_ += c;
        }
        if (token_.size() > kMaxKeyBytes) fail("key longer than 65535 bytes");
    }

    void end_key() {
        const std::uint64_t line = line_, col = col_;
        line_ = key_line_;  // errors point at the key's opening quote
        col_ = key_col_;
        bool topic = state_ == J::TopicKey;
        const char* what = topic ? "topic id" : "document id";
        if (token_.empty()) fail(std::string("empty ") + what);
        if (text::valid_utf8_prefix(token_) != token_.size()) fail(std::string(what) + " is not valid UTF-8");
        for (char ch : token_)
            if (static_cast<unsigned char>(ch) <= 0x20 || ch == 0x7F)
                fail(std::string(what) + " " + quoted(token_) + " holds whitespace or a control character");
        if (topic && token_[0] == '#')
            fail("topic id " + quoted(token_) + " starts with '#' (a comment in TREC files)");
        auto& seen = topic ? topics_ : docs_;
        auto [it, fresh] = seen.emplace(token_, std::make_pair(key_line_, key_col_));
        if (!fresh)
            fail(std::string(what) + " " + quoted(token_) + " repeated (first at line " +
                 std::to_string(it->second.first) + ", column " + std::to_string(it->second.second) + ")");
        if (topic)
            topic_ = token_;
        else
            doc_ = token_;
        state_ = topic ? J::TopicColon : J::DocColon;
        line_ = line;
        col_ = col;
    }

    /// The value of topic_ / doc_ is complete: checked as the TREC reader checks it, then written.
    void end_number() {
        std::uint64_t col = col_;
        col_ = number_col_;  // errors point at the number
        if (!json_number(token_)) fail("'" + quote_bytes(token_) + "' is not a JSON number");
        if (target_ == Target::Qrels) {
            long rel;
            if (!text::parse_long(token_, rel) || rel < INT32_MIN || rel > INT32_MAX)
                fail("relevance '" + quote_bytes(token_) + "' of " + quoted(doc_) + " is not an integer");
            if (rel > kMaxGrade)
                fail("relevance " + token_ + " is above " + std::to_string(kMaxGrade) +
                     ", the highest grade irlens supports");
            out_ += topic_ + " 0 " + doc_ + ' ' + token_ + '\n';
        } else {
            double score;
            if (text::parse_double(token_, score) && std::isinf(score))  // 1e400: every such score would tie
                fail("score " + token_ + " of " + quoted(doc_) + " is beyond a double's range (about 1.8e308)");
            out_ += topic_ + " Q0 " + doc_ + " 0 " + token_ + ' ' + tag_ + '\n';
        }
        col_ = col;
        state_ = J::AfterValue;
    }

    std::string source_;
    Target target_;
    std::string tag_;
    Sink sink_;
    InputFormat format_ = InputFormat::Unknown;
    bool given_ = false;                           // the format was given, not detected
    std::string evidence_;                         // why format_ (format_evidence())
    std::uint64_t decided_line_ = 0;               // the content line that decided it
    std::unordered_map<std::string, long> ranks_;  // MS MARCO: each topic's last rank (the evidence)
    text::BomFilter bom_;
    bool bom_passed_ = false;
    std::string head_;  // the bytes before the format is known
    std::string out_;   // TREC text not yet handed to the reader
    // Line-based formats.
    text::LineSplitter lines_;
    bool header_seen_ = false;
    // JSON.
    J state_ = J::Start;
    std::uint64_t line_ = 1, col_ = 0, key_line_ = 0, key_col_ = 0, number_col_ = 0;
    std::string token_, topic_, doc_;
    int escape_ = 0;  // 0 none, 1 after '\', 2..5 reading the \u digits
    std::uint32_t hex_ = 0, high_ = 0;
    std::unordered_map<std::string, std::pair<std::uint64_t, std::uint64_t>> topics_, docs_;  // key -> line, column
};

namespace {

/// The converter's last text, then the TREC reader's result (its errors in the input's terms).
template <class Reader>
auto finish_through(FormatConverter& converter, Reader& reader) {
    converter.finish();
    try {
        return reader.finish();
    } catch (const InputError& e) {
        throw converter.translate(e);
    }
}

}  // namespace

}  // namespace detail

AnyQrelsReader::AnyQrelsReader(const std::string& source, QrelsFormat format)
    : reader_(new QrelsReader(source, format)),
      converter_(new detail::FormatConverter(source, detail::Target::Qrels, format == QrelsFormat::Plain, "",
                                             [this](std::string_view c) { reader_->feed(c); })) {}

AnyQrelsReader::~AnyQrelsReader() = default;

void AnyQrelsReader::expect_bytes(std::uint64_t bytes) { reader_->expect_bytes(bytes); }

void AnyQrelsReader::feed(std::string_view chunk) { converter_->feed(chunk); }

std::shared_ptr<const Qrels> AnyQrelsReader::finish() { return detail::finish_through(*converter_, *reader_); }

InputFormat AnyQrelsReader::input_format() const { return converter_->format(); }

std::string AnyQrelsReader::format_evidence() const { return converter_->evidence(); }

AnyRunReader::AnyRunReader(std::shared_ptr<const Qrels> qrels, const std::string& name, RunOrder order,
                           InputFormat given)
    : reader_(new RunReader(std::move(qrels), name, order)),
      converter_(new detail::FormatConverter(
          name, detail::Target::Run, true, name, [this](std::string_view c) { reader_->feed(c); }, given)) {}

AnyRunReader::~AnyRunReader() = default;

void AnyRunReader::feed(std::string_view chunk) { converter_->feed(chunk); }

std::shared_ptr<const Run> AnyRunReader::finish() { return detail::finish_through(*converter_, *reader_); }

InputFormat AnyRunReader::input_format() const { return converter_->format(); }

std::string AnyRunReader::format_evidence() const { return converter_->evidence(); }

}  // namespace irlens
