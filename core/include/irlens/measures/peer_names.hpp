// The names other evaluation tools define, read with those tools' meanings (issue 22).
//
// Principle: a name another tool defines means what that tool computes, by default. A name that
// irlens cannot compute is refused with a message saying which tool defines it and what irlens
// offers instead; a suggestion never crosses meanings (SDCG is not sDCG). The spellings, the
// measures they mean and the tool versions whose definitions and unit tests they were checked
// against (tests/peers/cases.json) are one table, peer_spellings(), from which docs/measures.md
// lists each measure's spellings.
#pragma once

#include "irlens/measures/measure.hpp"

#include <string>
#include <string_view>
#include <vector>

namespace irlens {

/// One spelling users of another tool type, and the irlens measure it means.
struct PeerSpelling {
    std::string tool;     ///< "trec_eval", "ranx", "ir_measures"
    std::string version;  ///< the tool version checked against, e.g. "0.3.20"
    std::string typed;    ///< as its users type it, e.g. "ndcg_burges@k"
    std::string measure;  ///< what irlens reads it as, e.g. "nDCG(dcg=exp-log2)@k"
};
const std::vector<PeerSpelling>& peer_spellings();

/// A measure name of another tool rewritten in the measure language with that tool's meaning,
/// or "" when `whole` is not such a name:
///   trec_eval's output names ROOT_K / ROOT.K (P_10 -> P@10, ndcg_cut.10 -> nDCG@10);
///   ranx's names NAME[@K][-lN] and rbp.P / rbp@P (ndcg@10-l2 -> nDCG(gains={1:0})@10,
///   map-l2 -> AP(rel=2), rbp.95 -> RBP(p=0.95,norm=none), recall -> SetR);
///   ir_measures' spellings the measure language lacks (alpha_nDCG's α_nDCG, SetP(relative=True)).
std::string translate_peer_name(std::string_view whole);

/// Why a name another tool defines is refused, naming the tool and what irlens offers instead,
/// or "" when `name` (a measure name without parameters or cutoff) is not one of them.
std::string peer_refusal(const std::string& name);

/// The preset named `name`, or nullptr; ir_measures' and pytrec_eval's `official` (trec_eval's
/// nickname) is `trec_official`.
const MeasureGroup* find_measure_group(const std::string& name);

/// A warning for a name whose meaning changed, to print once when it is used, or "": `recall`
/// was irlens' preset of recall-oriented measures in 0.1.0 and is now ranx's recall (SetR); the
/// preset is `recall_oriented`.
std::string changed_name_note(const std::string& typed);

}  // namespace irlens
