#include "irlens/frontends/args.hpp"

#include "irlens/error.hpp"

namespace irlens {

void parse_args(const std::vector<std::string>& args, const std::vector<OptionSpec>& specs,
                std::vector<ParsedOption>& options, std::vector<std::string>& positional) {
    auto key = [](const OptionSpec& s) { return s.long_name.empty() ? std::string(1, s.short_name) : s.long_name; };
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string& a = args[i];
        if (a == "--") {
            positional.insert(positional.end(), args.begin() + static_cast<long>(i) + 1, args.end());
            return;
        }
        if (a.size() > 2 && a[0] == '-' && a[1] == '-') {
            std::string name = a.substr(2), value;
            std::size_t eq = name.find('=');
            bool has_value = eq != std::string::npos;
            if (has_value) {
                value = name.substr(eq + 1);
                name = name.substr(0, eq);
            }
            const OptionSpec* spec = nullptr;
            for (const auto& s : specs)
                if (s.long_name == name) spec = &s;
            if (!spec) throw UsageError("unknown option '--" + name + "'");
            if (spec->takes_value && !has_value) {
                if (i + 1 >= args.size()) throw UsageError("option '--" + name + "' needs a value");
                value = args[++i];
            } else if (!spec->takes_value && has_value) {
                throw UsageError("option '--" + name + "' takes no value");
            }
            options.push_back({key(*spec), value});
            continue;
        }
        if (a.size() > 1 && a[0] == '-') {
            for (std::size_t j = 1; j < a.size(); ++j) {
                const OptionSpec* spec = nullptr;
                for (const auto& s : specs)
                    if (s.short_name && s.short_name == a[j]) spec = &s;
                if (!spec) throw UsageError(std::string("unknown option '-") + a[j] + "'");
                if (!spec->takes_value) {
                    options.push_back({key(*spec), ""});
                    continue;
                }
                std::string value = a.substr(j + 1);
                if (value.empty()) {
                    if (i + 1 >= args.size()) throw UsageError(std::string("option '-") + a[j] + "' needs a value");
                    value = args[++i];
                }
                options.push_back({key(*spec), value});
                break;
            }
            continue;
        }
        positional.push_back(a);
    }
}

}  // namespace irlens
