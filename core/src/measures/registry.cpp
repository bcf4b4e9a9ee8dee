// The one list of measure families, in the order `irlens measures` shows them, and the named
// presets. Each family registers its measures in core/src/measures/<family>.cpp.
#include "irlens/measures/measure.hpp"

namespace irlens {

namespace measures {
void add_count_measures(std::vector<MeasureInfo>&);
void add_precision_measures(std::vector<MeasureInfo>&);
void add_set_measures(std::vector<MeasureInfo>&);
void add_average_precision_measures(std::vector<MeasureInfo>&);
void add_bpref_measures(std::vector<MeasureInfo>&);
void add_gain_measures(std::vector<MeasureInfo>&);
void add_rbp_measures(std::vector<MeasureInfo>&);
void add_blended_ratio_measures(std::vector<MeasureInfo>&);
void add_err_measures(std::vector<MeasureInfo>&);
void add_tbg_measures(std::vector<MeasureInfo>&);
void add_u_measures(std::vector<MeasureInfo>&);
void add_session_measures(std::vector<MeasureInfo>&);
void add_preference_measures(std::vector<MeasureInfo>&);
void add_judgment_group_measures(std::vector<MeasureInfo>&);
void add_rareness_measures(std::vector<MeasureInfo>&);
void add_nrg_measures(std::vector<MeasureInfo>&);
void add_tasc_measures(std::vector<MeasureInfo>&);
void add_ndeval_measures(std::vector<MeasureInfo>&);
void add_intent_aware_measures(std::vector<MeasureInfo>&);
void add_intent_aware_forms(std::vector<MeasureInfo>&);
void add_d_measures(std::vector<MeasureInfo>&);
void add_diversity_utility_measures(std::vector<MeasureInfo>&);
void add_cube_test_measures(std::vector<MeasureInfo>&);
void add_compat_measures(std::vector<MeasureInfo>&);
void add_accuracy_measures(std::vector<MeasureInfo>&);
void add_cwl_measures(std::vector<MeasureInfo>&);
}  // namespace measures

const std::vector<MeasureInfo>& registry() {
    static const std::vector<MeasureInfo> all = [] {
        std::vector<MeasureInfo> v;
        measures::add_precision_measures(v);
        measures::add_average_precision_measures(v);
        measures::add_gain_measures(v);
        measures::add_rbp_measures(v);
        measures::add_compat_measures(v);
        measures::add_blended_ratio_measures(v);
        measures::add_err_measures(v);
        measures::add_tbg_measures(v);
        measures::add_u_measures(v);
        measures::add_session_measures(v);
        measures::add_bpref_measures(v);
        measures::add_set_measures(v);
        measures::add_count_measures(v);
        measures::add_accuracy_measures(v);
        measures::add_judgment_group_measures(v);
        measures::add_preference_measures(v);
        measures::add_rareness_measures(v);
        measures::add_nrg_measures(v);
        measures::add_tasc_measures(v);
        measures::add_ndeval_measures(v);
        measures::add_intent_aware_measures(v);
        measures::add_intent_aware_forms(v);
        measures::add_d_measures(v);
        measures::add_diversity_utility_measures(v);
        measures::add_cube_test_measures(v);
        measures::add_cwl_measures(v);
        return v;
    }();
    return all;
}

const std::vector<MeasureGroup>& measure_groups() {
    static const std::vector<MeasureGroup> groups = {
        {"trec_official",
         "trec_eval's default (official) measures",
         {"NumQ",      "NumRet",    "NumRel",    "NumRelRet", "AP",        "AP(agg=gmean)", "Rprec",     "Bpref",
          "RR",        "IPrec@0",   "IPrec@0.1", "IPrec@0.2", "IPrec@0.3", "IPrec@0.4",     "IPrec@0.5", "IPrec@0.6",
          "IPrec@0.7", "IPrec@0.8", "IPrec@0.9", "IPrec@1",   "P@5",       "P@10",          "P@15",      "P@20",
          "P@30",      "P@100",     "P@200",     "P@500",     "P@1000"}},
        {"trec_dl",
         "TREC Deep Learning track (graded qrels 0-3, relevant from grade 2 for binary measures)",
         {"nDCG@10", "nDCG@100", "RR(rel=2)@10", "AP(rel=2)@1000", "R(rel=2)@100", "R(rel=2)@1000"}},
        {"recall_oriented",
         "recall-oriented measures (`recall` until 0.1.0: now ranx's recall, SetR)",
         {"R@100", "R@1000", "AP", "Rprec", "Bpref", "infAP", "Judged@100"}},
        {"rp_curve",
         "the interpolated recall-precision curve at the 11 recall points (Sakai 2013, Eq. 7) and its mean",
         {"IPrec@0", "IPrec@0.1", "IPrec@0.2", "IPrec@0.3", "IPrec@0.4", "IPrec@0.5", "IPrec@0.6", "IPrec@0.7",
          "IPrec@0.8", "IPrec@0.9", "IPrec@1", "IPrecAvg"}},
    };
    return groups;
}

const std::vector<MeasureGroup>& trec_eval_groups() {
    // measures.c's nickname lists (te_trec_measure_nicknames[]); the first is trec_eval's default.
    static const std::vector<MeasureGroup> groups = {
        {"official",
         "trec_eval's default measures",
         {"runid", "num_q", "num_ret", "num_rel", "num_rel_ret", "map", "gm_map", "Rprec", "bpref", "recip_rank",
          "iprec_at_recall", "P"}},
        {"set",
         "set measures",
         {"runid", "num_q", "num_ret", "num_rel", "num_rel_ret", "utility", "set_P", "set_recall", "set_relative_P",
          "set_map", "set_F"}},
        {"all_trec",
         "every measure on TREC qrels",
         {"runid",
          "num_q",
          "num_ret",
          "num_rel",
          "num_rel_ret",
          "map",
          "gm_map",
          "Rprec",
          "bpref",
          "recip_rank",
          "iprec_at_recall",
          "P",
          "relstring",
          "recall",
          "unj",
          "rbp",
          "rbp_resid",
          "infAP",
          "gm_bpref",
          "utility",
          "11pt_avg",
          "ndcg",
          "relative_P",
          "Rprec_mult",
          "success",
          "map_cut",
          "ndcg_cut",
          "ndcg_rel",
          "Rndcg",
          "binG",
          "G",
          "set_P",
          "set_recall",
          "set_relative_P",
          "set_map",
          "set_F",
          "num_nonrel_judged_ret"}},
        {"all_prefs",
         "every preference measure (-R prefs, -R qrels_prefs)",
         {"runid", "num_q", "prefs_num_prefs_poss", "prefs_num_prefs_ful", "prefs_num_prefs_ful_ret", "prefs_simp",
          "prefs_pair", "prefs_avgjg", "prefs_avgjg_Rnonrel", "prefs_simp_ret", "prefs_pair_ret", "prefs_avgjg_ret",
          "prefs_avgjg_Rnonrel_ret", "prefs_simp_imp", "prefs_pair_imp", "prefs_avgjg_imp"}},
        {"prefs",
         "the main preference measures",
         {"runid", "num_q", "prefs_num_prefs_poss", "prefs_num_prefs_ful", "prefs_num_prefs_ful_ret", "prefs_simp",
          "prefs_pair", "prefs_avgjg"}},
        {"qrels_jg",
         "the judgment-group measures (-R qrels_jg)",
         {"runid", "num_q", "map_avgjg", "P_avgjg", "Rprec_mult_avgjg"}},
    };
    return groups;
}

}  // namespace irlens
