// RunGroups: the run -> group files (TSV or leaderboard CSV) and how names match runs.
#include "fixture.hpp"

#include "irlens/error.hpp"
#include "irlens/readers/run_groups.hpp"

using irlens::InputError;
using irlens::RunGroups;
using irlens::UsageError;

TEST_CASE("run<TAB>group files, with an optional header, comments and CRLF") {
    RunGroups g =
        RunGroups::parse("g.tsv", "run\tgroup\r\n# comment\nbm25\tbaseline\r\n\nance.gz\tneural\ncolbert\tneural\n");
    REQUIRE(g.size() == 3);
    CHECK(g.run(0) == "bm25");
    CHECK(g.group(2) == "neural");
    CHECK(*g.group_of("bm25") == "baseline");
    CHECK(*g.group_of("bm25.txt.gz") == "baseline");  // irlens names runs by file name
    CHECK(*g.group_of("ance") == "neural");           // the file lists it with its suffix
    CHECK(g.group_of("splade") == nullptr);
}

TEST_CASE("a leaderboard's tags ending in .txt or .tsv find the runs named without them (issue 28)") {
    // TREC-COVID round 5's leaderboard lists final.qruir.txt; the run read from final.qruir.gz is
    // named final.qruir (the web page matches the same way: web/src/base/teams.js).
    RunGroups g = RunGroups::parse("lb.csv", "run,team\nfinal.qruir.txt,qruir\nfinal.qruir.f.tsv,qruir\nother,x\n");
    CHECK(*g.group_of("final.qruir") == "qruir");
    CHECK(*g.group_of("final.qruir.f") == "qruir");
    CHECK(*g.group_of("final.qruir.txt.gz") == "qruir");
    CHECK(g.group_of("final.qruir33") == nullptr);  // no group: the page lists such runs
    CHECK(g.group_of("final") == nullptr);          // only one trailing .txt/.tsv goes
}

TEST_CASE("a leaderboard CSV: the run and team columns, quoted fields") {
    RunGroups g = RunGroups::parse("lb.csv",
                                   "run,team,report,ndcg@10\n"
                                   "run1,GUIR_S2,reports/run1.pdf,0.6844\n"
                                   "\"BBG,1\",\"BBG \"\"team\"\"\",x,0.6\n");
    REQUIRE(g.size() == 2);
    CHECK(*g.group_of("run1.gz") == "GUIR_S2");
    CHECK(g.run(1) == "BBG,1");
    CHECK(g.group(1) == "BBG \"team\"");
    RunGroups h = RunGroups::parse("h.csv", "RunID,Group\na,x\n");
    CHECK(*h.group_of("a") == "x");
}

TEST_CASE("leaderboard header names: run, runid, run_id, runtag or tag; group or team (CSV and TSV)") {
    // Issue 16: TREC leaderboards name the run column "runtag" or "tag" as often as "run".
    for (const char* run : {"run", "runid", "run_id", "runtag", "tag", "RunTag"}) {
        for (const char* group : {"group", "team", "Team"}) {
            INFO(run << " / " << group);
            RunGroups csv = RunGroups::parse("lb.csv", std::string("score,") + run + "," + group + "\n0.5,a,x\n");
            REQUIRE(csv.size() == 1);
            CHECK(*csv.group_of("a") == "x");
            RunGroups tsv = RunGroups::parse("lb.tsv", std::string(run) + "\t" + group + "\na\tx\n");
            REQUIRE(tsv.size() == 1);  // the header line is not a run
            CHECK(*tsv.group_of("a") == "x");
        }
    }
    // "run" wins over "tag" when a leaderboard has both (the tag is then a run type or label).
    RunGroups both = RunGroups::parse("lb.csv", "tag,run,team\nmanual,a,x\n");
    CHECK(*both.group_of("a") == "x");
}

TEST_CASE("bad groups files name file, line and problem") {
    CHECK_THROWS_WITH_AS(RunGroups::parse("g.tsv", "a\tx\nb\ty\na.gz\tz\n"),
                         "g.tsv:3: run 'a.gz' is listed twice (first as 'a' at line 1)", InputError);
    CHECK_THROWS_WITH_AS(RunGroups::parse("g.tsv", "a\tx\nb\ty\tz\n"),
                         "g.tsv:2: expected exactly two tab-separated fields: run<TAB>group", InputError);
    CHECK_THROWS_WITH_AS(RunGroups::parse("g.tsv", "a\t\n"), "g.tsv:1: empty group for run 'a'", InputError);
    CHECK_THROWS_WITH_AS(RunGroups::parse("g.csv", "run,score\na,1\n"),
                         "g.csv:1: the CSV header needs a 'run' column and a 'group' (or 'team') column", InputError);
    CHECK_THROWS_WITH_AS(RunGroups::parse("g.csv", "run,team\na\n"), "g.csv:2: expected at least 2 fields, found 1",
                         InputError);
    CHECK_THROWS_WITH_AS(RunGroups::parse("g.csv", "run,team\n\"a,x\n"), "g.csv:2: malformed quoted field", InputError);
    CHECK_THROWS_WITH_AS(RunGroups::parse("g", "just words\n"),
                         "g:1: expected 'run<TAB>group' lines or a CSV header naming 'run' and 'group'/'team' columns",
                         InputError);
    CHECK_THROWS_WITH_AS(RunGroups::parse("g", "# nothing\n"), "g: no runs found (empty groups file?)", InputError);
    CHECK_THROWS_WITH_AS(RunGroups("groups", {{"a", "x"}, {"a", "y"}}),
                         "groups: run 'a' is listed twice (first as 'a')", UsageError);
}

TEST_CASE("a control byte in a run or group name is refused, naming it (issue 37: a NUL reached the outputs)") {
    using namespace std::string_literals;
    CHECK_THROWS_WITH_AS(RunGroups::parse("g.tsv", "a\tA\0\n"s),
                         "g.tsv:1: group 'A\\x00' of run 'a' holds a control character (byte 0x00)", InputError);
    CHECK_THROWS_WITH_AS(RunGroups::parse("g.csv", "run,team\nb,\"T\t1\"\n"s),
                         "g.csv:2: group 'T\\x091' of run 'b' holds a control character (byte 0x09)", InputError);
    CHECK_THROWS_WITH_AS(RunGroups::parse("g.tsv", "a\x1b[31m\tA\n"s),
                         "g.tsv:1: run name 'a\\x1b[31m' holds a control character (byte 0x1B)", InputError);
    CHECK_THROWS_WITH_AS(RunGroups("groups", {{"a", "T1\nc.run"}}),
                         "groups: group 'T1\\x0ac.run' of run 'a' holds a control character (byte 0x0A)", UsageError);
    // Spaces and non-ASCII letters are names like any other.
    CHECK(RunGroups::parse("g.tsv", "a\tTeam \xC3\xA9t\xC3\xA9\n"s).group(0) == "Team \xC3\xA9t\xC3\xA9");
}

TEST_CASE("find_run: exact name first, else the name without .gz/.txt; ambiguity is an error") {
    irlens::test::Fixture f("1 0 a 1\n", {"1 Q0 a 1 1 t\n", "1 Q0 a 1 1 t\n"});
    auto runs = f.runs;
    runs[0] = irlens::read_run(f.qrels, "x.txt", "1 Q0 a 1 1 t\n");
    runs[1] = irlens::read_run(f.qrels, "x.gz", "1 Q0 a 1 1 t\n");
    CHECK(irlens::find_run(runs, "x.gz") == 1);
    CHECK(irlens::find_run(runs, "y") == -1);
    CHECK_THROWS_WITH_AS(irlens::find_run(runs, "x"), "run name 'x' is ambiguous: it matches both 'x.txt' and 'x.gz'",
                         UsageError);
    RunGroups g("groups", {{"x", "team"}});
    CHECK_THROWS_WITH_AS(g.groups_of({f.runs[0]}, "NRG"),
                         "NRG: run 'run0' has no group in groups (match by name, or by name without .gz/.txt)",
                         UsageError);
    CHECK(g.groups_of(runs, "NRG") == std::vector<std::string>{"team", "team"});
}
