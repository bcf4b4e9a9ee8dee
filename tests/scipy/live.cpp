// The `scipy` ctest: reads the live output of tests/scipy/reference.py on stdin and compares
// irlens with it (see check.hpp). run.sh exits 77 (SKIPPED) when scipy cannot be imported.
#include "scipy/check.hpp"

#include <cstdio>
#include <iostream>
#include <iterator>
#include <string>

int main() {
    std::string input((std::istreambuf_iterator<char>(std::cin)), std::istreambuf_iterator<char>());
    irlens::test::ScipyCheck c = irlens::test::check_scipy_reference(input);
    for (const std::string& f : c.failures) std::printf("FAIL %s\n", f.c_str());
    if (c.lines == 0) {
        std::printf("FAIL no reference lines read\n");
        return 1;
    }
    std::printf("%zu scipy reference values compared, %zu disagreement(s)\n", c.lines, c.failures.size());
    return c.failures.empty() ? 0 : 1;
}
