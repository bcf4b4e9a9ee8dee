#include "input_paths.hpp"

#include "irlens/error.hpp"
#include "irlens/measures/measure.hpp"

#include <cerrno>
#include <cstdio>
#include <cstring>

namespace irlens::cli {

namespace {

bool is_measure_name(const std::string& text) {
    try {
        parse_measure(text);
        return true;
    } catch (const std::exception&) {
        return false;
    }
}

}  // namespace

void check_inputs_exist(const std::vector<std::string>& paths) {
    for (const std::string& path : paths) {
        if (path == "-") continue;
        std::FILE* f = std::fopen(path.c_str(), "rb");
        if (f) {
            std::fclose(f);
            continue;
        }
        std::string problem = std::string("cannot open: ") + std::strerror(errno);
        if (is_measure_name(path))
            problem += " ('" + path + "' is a measure name: to give several measures, quote the list, -m 'nDCG@10 " +
                       path + "', or repeat -m)";
        throw InputError(path, 0, problem);
    }
}

}  // namespace irlens::cli
