// Declarative registry rows (internal header): each measure is one chained expression whose
// fields are named, so that no field can land in the wrong place.
//
//   Rows rows(out, "precision");
//   rows.add("P")
//       .alias("Precision")
//       .help("Precision at k: relevant documents in the top k, over k.")
//       .cite("van Rijsbergen (1979); trec_eval 10.0 (NIST), m_P.c")
//       .cutoff_required()
//       .params({rel_param(), judged_only_param()})
//       .make([](const MeasureSpec& s) { ... return a TopicMeasure; });
//
// Every field left out keeps MeasureInfo's default (measure.hpp): no cutoff, mean over topics,
// TREC qrels as input, and so on.
#pragma once

#include "irlens/measures/measure.hpp"

#include <string>
#include <utility>
#include <vector>

namespace irlens::measures {

/// A trec_eval name of a measure (MeasureInfo::trec_eval), written like a row:
///   trec("P", 11).cutoffs(kTrecCutoffs)      -m P.5,10 gives P(rel=<-l>)@5 and @10
///   trec("gm_map", 6).geometric()            AP averaged by geometric mean, not printed per topic
struct Trec {
    TrecEvalName n;
    Trec(std::string root, int order) {
        n.root = std::move(root);
        n.order = order;
    }
    /// Integer cutoffs (@k, or the parameters in fill) with these defaults.
    Trec& cutoffs(std::string defaults) { return style(TrecParams::Cutoffs, std::move(defaults)); }
    /// Real cutoffs (@x, or the parameters in fill).
    Trec& levels(std::string defaults) { return style(TrecParams::Levels, std::move(defaults)); }
    /// A list of numbers (see TrecEvalName::fill).
    Trec& numbers(std::string defaults) { return style(TrecParams::Numbers, std::move(defaults)); }
    /// name=value pairs: gains by level, and these named ones ("p=0.9": the name and trec_eval's default).
    Trec& pairs(std::vector<std::string> named = {}) {
        n.pairs = std::move(named);
        return style(TrecParams::Pairs, "");
    }
    Trec& fill(std::vector<std::string> params) {
        n.fill = std::move(params);
        return *this;
    }
    Trec& fixed(std::string args) {
        n.fixed = std::move(args);
        return *this;
    }
    /// -l does not reach the measure's rel parameter.
    Trec& without_rel() {
        n.rel = false;
        return *this;
    }
    /// The geometric mean over topics, printed in the summary only (gm_map, gm_bpref).
    Trec& geometric() {
        n.average = TrecAverage::GeoMean;
        n.per_query = false;
        return *this;
    }
    Trec& average(TrecAverage a) {
        n.average = a;
        return *this;
    }
    Trec& summary_only() {
        n.per_query = false;
        return *this;
    }

private:
    Trec& style(TrecParams p, std::string defaults) {
        n.params = p;
        n.defaults = std::move(defaults);
        return *this;
    }
};
/// trec_eval's name `root`, row `order` of its te_trec_measures[].
inline Trec trec(std::string root, int order) { return Trec(std::move(root), order); }
/// trec_eval's default cutoffs of P, recall, ndcg_cut, map_cut, relative_P, P_avgjg.
inline const char* const kTrecCutoffs = "5,10,15,20,30,100,200,500,1000";
/// trec_eval's default multiples of R (Rprec_mult, Rprec_mult_avgjg).
inline const char* const kTrecMultiples = "0.2,0.4,0.6,0.8,1.0,1.2,1.4,1.6,1.8,2.0";
/// trec_eval's 11 recall levels (iprec_at_recall, 11pt_avg).
inline const char* const kTrecRecallLevels = "0.0,0.1,0.2,0.3,0.4,0.5,0.6,0.7,0.8,0.9,1.0";

/// One row being written: a handle on the MeasureInfo just appended to the registry.
class Row {
public:
    explicit Row(MeasureInfo& m) : m_(m) {}

    Row& alias(std::string a) {
        m_.aliases.push_back(std::move(a));
        return *this;
    }
    Row& help(std::string text) {
        m_.help = std::move(text);
        return *this;
    }
    Row& cite(std::string text) {
        m_.citation = std::move(text);
        return *this;
    }
    /// Takes an optional @cutoff (Int: @k).
    Row& cutoff(CutoffKind kind = CutoffKind::Int) {
        m_.cutoff = kind;
        return *this;
    }
    /// Needs a @cutoff.
    Row& cutoff_required(CutoffKind kind = CutoffKind::Int) {
        m_.cutoff = kind;
        m_.cutoff_required = true;
        return *this;
    }
    Row& cutoff_help(std::string text) {
        m_.cutoff_help = std::move(text);
        return *this;
    }
    /// The values a Real cutoff accepts.
    Row& cutoff_in(Range r) {
        m_.cutoff_range = r;
        return *this;
    }
    Row& params(std::vector<ParamInfo> p) {
        m_.params = std::move(p);
        return *this;
    }
    /// A count: summed over topics, printed without decimals, a number >= 0 that describes the run
    /// rather than rates it (neither higher nor lower is better), whatever the order of the documents.
    Row& count() {
        m_.aggregate = Aggregate::Sum;
        m_.integer = true;
        m_.direction = Direction::Neither;
        m_.values = Range::non_negative();
        m_.kind = MeasureKind::Set;
        return *this;
    }
    /// Lower values are better (E = 1 - F).
    Row& lower_is_better() {
        m_.direction = Direction::Lower;
        return *this;
    }
    /// Neither higher nor lower is better: a diagnostic such as Unjudged or RBPResid.
    Row& diagnostic() {
        m_.direction = Direction::Neither;
        return *this;
    }
    /// The values one topic can take (default [0, 1]).
    Row& values(Range r) {
        m_.values = r;
        return *this;
    }
    /// A set measure: only which documents were retrieved matters (or which are in the top k).
    Row& set() {
        m_.kind = MeasureKind::Set;
        return *this;
    }
    /// Reads `n` besides the run and TREC qrels.
    Row& needs(Need n) {
        m_.needs.push_back(n);
        return *this;
    }
    /// trec_eval -c resets the placeholder ranking's value to 0 (MeasureInfo::zero_if_missing).
    Row& zero_if_missing() {
        m_.zero_if_missing = true;
        return *this;
    }
    /// The value is a text (relstring): nothing to compare.
    Row& text_valued() {
        m_.text_valued = true;
        m_.direction = Direction::Neither;
        return *this;
    }
    /// Some topics have no value (MeasureInfo::sparse).
    Row& sparse() {
        m_.sparse = true;
        return *this;
    }
    /// Reads preferences or judgment groups instead of TREC qrels (and so needs them).
    Row& input(RelInput in) {
        m_.input = in;
        if (in == RelInput::Preferences) m_.needs.push_back(Need::Preferences);
        if (in == RelInput::JudgmentGroups) m_.needs.push_back(Need::JudgmentGroups);
        return *this;
    }
    /// A trec_eval name of this measure.
    Row& trec(const Trec& t) {
        m_.trec_eval.push_back(t.n);
        return *this;
    }
    template <class F>
    Row& make(F f) {
        m_.make = std::move(f);
        return *this;
    }

private:
    MeasureInfo& m_;
};

/// The rows of one family (one registry section).
class Rows {
public:
    Rows(std::vector<MeasureInfo>& out, std::string family) : out_(out), family_(std::move(family)) {}
    /// Appends a measure named `name` and returns its row, to be filled in one expression (the
    /// handle is valid until the next add).
    Row add(std::string name) {
        out_.emplace_back();
        out_.back().name = std::move(name);
        out_.back().family = family_;
        return Row(out_.back());
    }

private:
    std::vector<MeasureInfo>& out_;
    std::string family_;
};

}  // namespace irlens::measures
