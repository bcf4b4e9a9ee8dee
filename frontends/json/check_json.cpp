// The JSON document of `irlens check --format json` (irlens/frontends/json_documents.hpp).
#include "irlens/frontends/json_documents.hpp"
#include "irlens/version.hpp"
#include "irlens/readers/text.hpp"

#include <nlohmann/json.hpp>

namespace irlens {

std::string check_json(const std::vector<CheckReport>& reports, const CheckOptions& options, int indent) {
    using json = nlohmann::ordered_json;  // keys in the documented order
    auto source = [](const auto& p) { return p ? json(p->source()) : json(nullptr); };
    json doc;
    doc["irlens"] = IRLENS_VERSION;
    doc["command"] = "check";
    doc["options"] = {{"qrels", source(options.qrels)},
                      {"topics", source(options.topics)},
                      {"docs", source(options.docs)},
                      {"max_docs", options.max_docs ? json(options.max_docs) : json(nullptr)},
                      {"tag", options.tag.empty() ? json(nullptr) : json(options.tag)}};
    std::uint64_t errors = 0, warnings = 0;
    json files = json::array();
    for (const CheckReport& r : reports) {
        errors += r.errors;
        warnings += r.warnings;
        json findings = json::array();
        for (const CheckFinding& f : r.findings)
            findings.push_back({{"line", f.line ? json(f.line) : json(nullptr)},
                                {"severity", severity_name(f.severity)},
                                {"kind", f.kind},
                                {"topic", f.topic.empty() ? json(nullptr) : json(f.topic)},
                                {"message", f.message}});
        files.push_back({{"file", r.file},
                         {"lines", r.lines},
                         {"results", r.results},
                         {"topics", r.topics},
                         {"errors", r.errors},
                         {"warnings", r.warnings},
                         {"counts", r.counts},
                         {"unlisted", r.unlisted},
                         {"findings", std::move(findings)},
                         // what the front door did: a byte-order mark stripped, invalid UTF-8 seen
                         {"input_warnings", text::warnings(r.text_notes, r.file)}});
    }
    doc["errors"] = errors;
    doc["warnings"] = warnings;
    doc["files"] = std::move(files);
    return doc.dump(indent, ' ', false, json::error_handler_t::replace);
}

}  // namespace irlens
