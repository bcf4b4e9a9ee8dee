// Looking up document lengths for the reading-time measures (TBG, U-measure; internal header).
#pragma once

#include "irlens/readers/doc_lengths.hpp"
#include "irlens/error.hpp"
#include "measures/common.hpp"

namespace irlens::measures {

/// The document lengths of an evaluation; a UsageError naming the measure when none were given.
inline const DocLengths& need_doc_lengths(const EvalContext& c, const std::string& measure) {
    if (!c.doc_lengths)
        throw UsageError(measure +
                         " needs document lengths: give a file of lines doc<TAB>characters[<TAB>words] "
                         "(irlens eval --doc-lengths FILE; EvalOptions::doc_lengths in the library)");
    return *c.doc_lengths;
}

/// The lengths of the document at 0-based rank i of r (a ranking of topic view v); an InputError
/// naming the lengths file and the document when the file does not list it.
inline const DocLengths::Length& length_at(const TopicView& v, const Ranking& r, long i) {
    const DocLengths& d = *v.context().doc_lengths;
    std::string_view doc = v.run().doc(r.docs[static_cast<std::size_t>(i)]);
    const DocLengths::Length* len = d.find(doc);
    if (!len)
        throw InputError(d.source(), 0,
                         "no length for document '" + quote_bytes(doc) + "' (retrieved by " + v.run().name() +
                             " for topic " + std::string(v.qrels().topic_id(v.topic())) + ")");
    return *len;
}

}  // namespace irlens::measures
