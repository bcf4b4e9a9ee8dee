// A small getopt_long-style parser shared by the CLI and the WASM module: clustered short flags
// (-qc), attached or separate values (-M100, -m P.5, --measure=P.5, --measure P.5), "--" ends options.
#pragma once

#include <string>
#include <vector>

namespace irlens {

struct OptionSpec {
    char short_name;        // 0 if none
    std::string long_name;  // "" if none
    bool takes_value;
};

struct ParsedOption {
    std::string name;  // the long name if it has one, else the short letter
    std::string value;
};

/// Splits args into options (in order) and positional arguments. Throws UsageError on an
/// unknown option or a missing value.
void parse_args(const std::vector<std::string>& args, const std::vector<OptionSpec>& specs,
                std::vector<ParsedOption>& options, std::vector<std::string>& positional);

}  // namespace irlens
