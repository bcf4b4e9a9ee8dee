// When and how the CLI reads a run one topic at a time (irlens/evaluation/stream.hpp) instead of
// into memory: `irlens eval` with one run and `irlens trec_eval`, for a run file (not stdin) of at
// least IRLENS_STREAM_ABOVE bytes on disk (default 1 GiB; 0 streams every file), when every
// measure can be scored topic by topic. A run that is not grouped by topic is read again into
// memory, with a note on stderr, when its size on disk is below IRLENS_MEMORY_LIMIT (default half
// the physical memory; a gzip file counts 4x); otherwise it is an error that says how to sort it.
#pragma once

#include "irlens/readers/text.hpp"

#include "irlens/readers/qrels.hpp"

#include <functional>
#include <memory>
#include <string>
#include <string_view>

namespace irlens::cli {

/// True when `path` is to be streamed (the measures' own obstacle is the caller's to check).
bool stream_run_file(const std::string& path);

/// True when the run file is a TREC run (irlens/readers/input_formats.hpp detects MS MARCO and
/// JSON runs by content: those are read into memory).
bool trec_run_file(const std::shared_ptr<const Qrels>& qrels, const std::string& path);

/// Feeds the file to `feed` and calls `finish`; returns false when the run is not grouped by
/// topic but small enough to be read into memory (a note on stderr names the topic and line):
/// the caller then reads it the usual way. Otherwise the NotGrouped error, with the memory limit.
/// `progress` (may be empty) gets the fraction of the file read. Input errors name `path`.
bool stream_run(const std::string& path, const std::string& command, text::ByteOrderMark bom,
                const std::function<void(std::string_view)>& feed, const std::function<void()>& finish,
                const std::function<bool(double)>& progress);

}  // namespace irlens::cli
