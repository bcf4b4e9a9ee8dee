// Preference judgments: trec_eval's `prefs` and `qrels_prefs` relevance formats (get_prefs.c,
// get_qrels_prefs.c, form_prefs_counts.c; NIST), the input of the prefs measures.
//
// Formats (whitespace-separated, '#' comment lines and blank lines skipped, CRLF accepted):
//   prefs        `topic jg jsg doc rel_level`   jg = judgment group (one user's information need),
//                                              jsg = judgment sub-group inside that group
//   qrels_prefs  `topic iter doc rel`           a TREC qrels file read as prefs: jg = iter, jsg = "0"
// rel_level is a decimal number ("2", "0.5", "1e3"); NaN and anything else are errors. Inside one
// sub-group every doc with a higher rel_level is preferred to every doc with a lower one; a group's
// preferences are the union of its sub-groups' and, when it has several sub-groups, their transitive
// closure (A > B in one sub-group and B > C in another give A > C). rel_level 0 means "non-relevant"
// (the prefs_avgjg_Rnonrel measures treat those docs apart). Different groups may disagree.
//
// Checked at load time, for every topic (trec_eval checks only the topics it evaluates):
// - a (topic, jg, jsg, doc) may occur once; a repeat is an error naming both lines (trec_eval counts
//   a repeat with the same rel_level twice and rejects one with another rel_level).
// - in a group with several sub-groups, a doc may not be non-relevant (0) in one sub-group and
//   relevant (> 0) in the next one, sub-groups taken in byte order of their names (trec_eval's
//   check, form_prefs_counts.c form_jg_pa; negative levels are not "0" and pass it as they do there).
// - the closure may not prefer a doc to another that is also preferred to it (A > B > A); trec_eval
//   aborts the program on such a file.
//
// Topics are sorted by id in byte order (trec_eval's order). Each topic's distinct docs are
// numbered in byte order of their ids; qrels() is the (topic, doc) index runs are read against
// (see run.hpp): one judgment per distinct (topic, doc), in the same topic and doc order, with
// rel 1 when some line gives the doc a rel_level > 0 for the topic and rel 0 otherwise.
#pragma once

#include "irlens/readers/qrels.hpp"
#include "irlens/readers/text.hpp"

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace irlens {

enum class PrefsFormat { Prefs, QrelsPrefs };

/// One judgment group (JG) of a topic, in trec_eval's two representations (form_prefs_counts.c).
/// Docs are topic doc numbers (see Preferences::doc).
struct PrefsGroup {
    std::string name;
    /// false: a single sub-group, kept as equivalence classes of equal rel_level (trec_eval's "EC").
    /// true: several sub-groups, kept as the closed preference relation ("prefs array").
    bool partial = false;
    /// Classes: the docs of class after class, each class in increasing doc number.
    /// Relation: the docs of the group in increasing doc number.
    std::vector<std::uint32_t> docs;

    // Classes (partial == false), by decreasing rel_level: class c holds
    // docs[class_begin(c) .. class_end[c]).
    std::vector<double> class_level;
    std::vector<std::uint32_t> class_end;
    std::uint32_t class_begin(std::size_t c) const { return c ? class_end[c - 1] : 0; }

    // Relation (partial == true): the rel_level trec_eval keeps for each of docs (the one in its
    // last sub-group by name), and the relation as a row-major bit matrix:
    // prefers(i, j) <=> docs[i] is preferred to docs[j].
    std::vector<double> level;
    std::vector<std::uint64_t> closure;
    std::size_t words_per_row() const { return (docs.size() + 63) / 64; }
    bool prefers(std::size_t i, std::size_t j) const {
        return (closure[i * words_per_row() + j / 64] >> (j % 64)) & 1u;
    }
};

class Preferences {
public:
    const std::string& source() const { return source_; }
    PrefsFormat format() const { return format_; }
    /// The (topic, doc) index runs are read against (see the header comment).
    const std::shared_ptr<const Qrels>& qrels() const { return qrels_; }

    std::size_t num_topics() const { return topics_.size(); }
    std::string_view topic_id(std::size_t t) const { return qrels_->topic_id(t); }
    /// Distinct docs of topic t, numbered 0.. in byte order of their ids.
    std::size_t num_docs(std::size_t t) const { return qrels_->num_judgments(t); }
    std::string_view doc(std::size_t t, std::uint32_t d) const { return qrels_->doc(*(qrels_->begin(t) + d)); }
    /// The doc number of a qrels judgment of topic t (a judged run entry holds a judgment index).
    std::uint32_t doc_of(std::size_t t, std::uint32_t judgment) const {
        return judgment - qrels_->index_of(*qrels_->begin(t));
    }
    /// Judgment groups of topic t, sorted by name in byte order (trec_eval's order).
    const std::vector<PrefsGroup>& groups(std::size_t t) const { return topics_[t]; }
    /// Preference lines read.
    std::uint64_t num_lines() const { return num_lines_; }

private:
    friend class PrefsReader;
    std::string source_;
    PrefsFormat format_ = PrefsFormat::Prefs;
    std::shared_ptr<const Qrels> qrels_;
    std::vector<std::vector<PrefsGroup>> topics_;
    std::uint64_t num_lines_ = 0;
};

/// Builds Preferences from bytes fed in chunks of any size. Throws InputError on the first bad line
/// and, in finish(), on the rule violations listed in the header comment.
class PrefsReader {
public:
    PrefsReader(std::string source, PrefsFormat format);
    ~PrefsReader();
    /// A leading UTF-8 byte-order mark is stripped unless told to Keep it (the trec_eval and
    /// ndeval drop-ins, as their reference tools read it as data); call before feed.
    void set_byte_order_mark(text::ByteOrderMark mode) { lines_.bom.mode = mode; }
    void feed(std::string_view chunk);
    std::shared_ptr<const Preferences> finish();

private:
    void on_line(std::string_view line, std::uint64_t line_no);
    struct Raw;
    std::unique_ptr<Raw> raw_;
    text::LineSplitter lines_;
};

/// Convenience: parse a whole buffer.
std::shared_ptr<const Preferences> read_prefs(std::string source, std::string_view bytes,
                                              PrefsFormat format = PrefsFormat::Prefs);

}  // namespace irlens
