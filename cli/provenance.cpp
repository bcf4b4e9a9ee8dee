#include "provenance.hpp"

#include "evaluation_input.hpp"

#include "irlens/error.hpp"
#include "irlens/frontends/json_text.hpp"
#include "irlens/version.hpp"

#include <openssl/evp.h>

#include <cstdio>
#include <memory>

namespace irlens::cli {

nlohmann::json input_record(const std::string& role, const std::string& path) {
    nlohmann::json r = {{"role", role}, {"name", path}, {"bytes", nullptr}, {"sha256", nullptr}};
    if (path == "-") return r;
    std::unique_ptr<std::FILE, int (*)(std::FILE*)> f(std::fopen(path.c_str(), "rb"), std::fclose);
    if (!f) throw InputError(path, 0, "cannot open to hash it for the provenance");
    std::unique_ptr<EVP_MD_CTX, void (*)(EVP_MD_CTX*)> ctx(EVP_MD_CTX_new(), EVP_MD_CTX_free);
    EVP_DigestInit_ex(ctx.get(), EVP_sha256(), nullptr);
    std::vector<unsigned char> buf(1 << 20);
    unsigned long long bytes = 0;
    for (std::size_t n; (n = std::fread(buf.data(), 1, buf.size(), f.get())) > 0; bytes += n)
        EVP_DigestUpdate(ctx.get(), buf.data(), n);
    if (std::ferror(f.get())) throw InputError(path, 0, "read error while hashing it for the provenance");
    unsigned char digest[EVP_MAX_MD_SIZE];
    unsigned int len = 0;
    EVP_DigestFinal_ex(ctx.get(), digest, &len);
    static const char hex[] = "0123456789abcdef";
    std::string h;
    for (unsigned int i = 0; i < len; ++i) (h += hex[digest[i] >> 4]) += hex[digest[i] & 15];
    r["bytes"] = bytes;
    r["sha256"] = h;
    return r;
}

Provenance::Provenance(std::string cmd, const std::vector<std::string>& positional, const EvaluationInputs* in)
    : command(std::move(cmd)) {
    for (std::size_t i = 0; i < positional.size(); ++i) inputs.emplace_back(i ? "run" : "qrels", positional[i]);
    if (!in) return;
    measures = in->measures;
    missing = in->eval.missing == MissingTopics::Skip ? "skip" : "zero";
    const std::pair<const char*, const std::string*> side[] = {{"groups", &in->groups_path},
                                                               {"intents", &in->intents_path},
                                                               {"intent_types", &in->intent_types_path},
                                                               {"doc_lengths", &in->doc_lengths_path},
                                                               {"sessions", &in->sessions_path}};
    for (const auto& [role, path] : side)
        if (!path->empty()) inputs.emplace_back(role, *path);
}

nlohmann::json Provenance::json() const {
    nlohmann::json p = {
        {"tool", "irlens"}, {"version", IRLENS_VERSION}, {"format", kFormatVersion}, {"command", command}};
    p["measures"] = nlohmann::json::object();
    for (const MeasureSpec& m : measures) p["measures"][m.name()] = m.full_name();
    p["missing"] = missing.empty() ? nlohmann::json(nullptr) : nlohmann::json(missing);
    p["inputs"] = nlohmann::json::array();
    for (const auto& [role, path] : inputs) p["inputs"].push_back(input_record(role, path));
    p["settings"] = settings;
    p["seeds"] = seeds;
    return p;
}

std::string Provenance::comment() const { return "# provenance: " + json_text(json(), -1) + "\n"; }

std::string Provenance::topics_comment() const {
    if (missing == "zero")
        return "# topics: every qrels topic; a topic a run did not answer scores as with trec_eval -c (0 for most "
               "measures) (--missing zero)\n";
    if (missing == "skip") return "# topics: each run's mean is over the qrels topics it answered (--missing skip)\n";
    return "";
}

nlohmann::json settings_of(const std::vector<ParsedOption>& options) {
    static const char* const kElsewhere[] = {"measure", "help",         "provenance",  "groups",
                                             "intents", "intent-types", "doc-lengths", "sessions"};
    nlohmann::json s = nlohmann::json::object();
    for (const ParsedOption& o : options) {
        bool skip = false;
        for (const char* e : kElsewhere) skip = skip || o.name == e;
        if (skip) continue;
        nlohmann::json v = o.value.empty() ? nlohmann::json(true) : nlohmann::json(o.value);
        if (!s.contains(o.name))
            s[o.name] = v;
        else if (s[o.name].is_array())
            s[o.name].push_back(v);
        else
            s[o.name] = nlohmann::json::array({s[o.name], v});
    }
    return s;
}

}  // namespace irlens::cli
