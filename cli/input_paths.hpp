// Checking the input paths of a command before any is read: a missing file stops the command at
// once, not after the other files (126 runs) were read; a missing "file" that is a measure name is
// most likely a measure list typed without quotes (`-m nDCG@10 P@5`), and the message says so.
#pragma once

#include <string>
#include <vector>

namespace irlens::cli {

/// Throws InputError (file, "cannot open: ...") for the first of `paths` ("-" is stdin, never
/// checked) that cannot be opened for reading; when that path parses as a measure name, the message
/// suggests quoting the measure list.
void check_inputs_exist(const std::vector<std::string>& paths);

}  // namespace irlens::cli
