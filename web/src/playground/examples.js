// The playground's worked examples: the lists of Sakai's lecture "Metrics, Statistics, Tests"
// (PROMISE Winter School 2013; ../shared/papers/sakai-promise2013-metrics-statistics-tests.txt)
// and Clarke et al.'s NRG paper (Table 1), as playground settings (playground/settings.js).
// `lecture` states what the source computes, so
// the page (and tests/web/playground.test.mjs) can set it beside irlens' numbers; the arithmetic
// is in each comment. docs/web-app.md lists where irlens and the lecture differ, and why.
export const EXAMPLES = [
  {
    // Sec. 2.2, ERR (Eq. 15): three relevance levels, Pr = (2^g - 1)/2^3 = 1/8, 3/8, 7/8. A highly
    // relevant document at rank 2 is where the user stops with probability (1 - 0) * 7/8 = 0.8750
    // after a nonrelevant rank 1 (A), but (1 - 7/8) * 7/8 = 0.1094 after a highly relevant one (B).
    // ERR(A) = 0.875/2 = 0.4375; ERR(B) = 7/8 * 1 + 0.109375/2 = 0.9296875. The lecture's scale
    // tops at grade 3, so max_grade=3: irlens' ERR defaults to gdeval's 4 (ir_measures' ERR).
    id: 'sakai-err',
    title: 'Sakai: ERR, diminishing return',
    lecture: 'stopping probability at rank 2: 0.8750 (A) and 0.1094 (B)',
    settings: { pgm: 'ERR(max_grade=3) RBP(p=0.8) nDCG AP', pgg: '3', pga: 'd1:0 d2:3', pgb: 'd1:3 d2:3' },
  },
  {
    // Sec. 2.2, nDCG: a highly relevant document (gain 3) at rank 1 is discounted to 3/log2(2) = 3,
    // at rank 7 to 3/log2(8) = 1. With it the only relevant document: nDCG 1 and 1/3.
    id: 'sakai-ndcg',
    title: 'Sakai: nDCG, the discount',
    lecture: 'discounted gain 3 at rank 1, 1 at rank 7',
    settings: { pgm: 'DCG nDCG nDCG@5', pgg: '3', pga: 'd1:3 d2:0 d3:0 d4:0 d5:0 d6:0 d7:0', pgb: 'd2:0 d3:0 d4:0 d5:0 d6:0 d7:0 d1:3' },
  },
  {
    // Sec. 2.2, AP is top heavy: a relevant document moving from rank 2 to 1 contributes
    // 1/2 -> 1 (one relevant document, R = 1: AP 0.5 -> 1).
    id: 'sakai-ap',
    title: 'Sakai: AP is top heavy',
    lecture: 'precision contributed: 0.5 at rank 2, 1 at rank 1',
    settings: { pgm: 'AP P@2 RR', pgg: '1', pga: 'd1:0 d2:1 d3:0', pgb: 'd2:1 d1:0 d3:0' },
  },
  {
    // Sec. 2.2, Q-measure (Eq. 12) and Fig. 3: binary relevance, R = 5, the first relevant document
    // at rank r1: BR(r1) = 1/r1 for r1 <= R (A: r1 = 3, BR = 1/3, Q = (1/3)/5 = 0.0667),
    // (1 + beta)/(r1 + beta R) beyond (B: r1 = 7, beta = 1: 2/12 = 1/6, Q = (1/6)/5 = 0.0333);
    // Q(beta=0) is AP (1/3/5 and 1/7/5).
    id: 'sakai-q',
    title: 'Sakai: Q-measure, the blended ratio',
    lecture: 'BR(r1) = 1/r1 = 0.3333 for r1 = 3 <= R = 5; (1 + beta)/(r1 + beta R) = 2/12 = 0.1667 for r1 = 7',
    settings: { pgm: 'Q Q(beta=0) AP RMeasure', pgg: '1', pga: 'd1:0 d2:0 d3:1 d4:0 d5:0 d6:0 d7:0 +1:4', pgb: 'd1:0 d2:0 d4:0 d5:0 d6:0 d7:0 d3:1 +1:4' },
  },
  {
    // Sec. 2.2, P+ (Eq. 14): a marginally relevant document at rank 2, highly relevant ones at 4
    // and 6: r_p = 4 (r1 = 2). Ideal gains 2, 2, 1 (cg* = 2, 4, 5, 5). BR(2) = (1 + 1)/(2 + 4) = 1/3,
    // BR(4) = (2 + 3)/(4 + 5) = 5/9; P+ = (1/3 + 5/9)/2 = 4/9 = 0.4444. B swaps ranks 2 and 4
    // (r_p = 2: P+ = BR(2) = (1 + 2)/(2 + 4) = 0.5).
    id: 'sakai-pplus',
    title: 'Sakai: P+, the most relevant first',
    lecture: 'r_p = 4 (and r1 = 2)',
    settings: { pgm: 'P+ PMeasure OMeasure RR Q', pgg: '2', pga: 'd1:0 d2:1 d3:0 d4:2 d5:0 d6:2', pgb: 'd1:0 d4:2 d3:0 d2:1 d5:0 d6:2' },
  },
  {
    // Sec. 2.2, TBG (Eqs. 17-18): a nonrelevant 1000-word document at rank 1 (A) replaced by a
    // relevant 10-word one (B). T(2) = T_S + 0.39 (0.018 * 1000 + 7.8) = T_S + 10.062 (A),
    // T_S + 0.64 (0.018 * 10 + 7.8) = T_S + 5.1072 (B): rank 2 is reached sooner in B.
    id: 'sakai-tbg',
    title: 'Sakai: TBG, time to reach a rank',
    lecture: 'T(2) = T_S + 10.062 (A), T_S + 5.107 (B)',
    settings: { pgm: 'TBG', pgg: '1', pga: 'd1:0*1000 d2:1*500', pgb: 'd0:1*10 d2:1*500' },
  },
  {
    // Clarke et al., Normalized Residual Gain (SIGIR-AP 2024), Table 1 and Appendix B: three rankings
    // of the same ten items, A, E, F and J relevant (grade 4) at ranks 1, 5, 6 and 10 of each:
    // R1 = A..J, R2 = E D C B A F G H I J, R3 = J I H ... A. nDCG@10 is 0.7933 for all; NRG@10 of
    // R1 with R2 as the prior set is 0.7361 (and of R2 with R1). As runs of one topic, list A = R1,
    // list B = R2 (each the other's prior set, NRG's prior=others). R3 (a third list) cannot be
    // held: irlens gives the table's 0.8277 (R1, R3), 0.7988 (R2, R3) and the "other two" column
    // 0.8417, 0.8316, 0.8681 with `irlens eval` on the three runs (docs/web-app.md).
    id: 'clarke-nrg',
    title: 'Clarke et al.: NRG, the prior ranking',
    lecture: 'Table 1: nDCG@10 = 0.7933 for both; NRG@10 = 0.7361 for each with the other as its prior set',
    settings: { pgm: 'nDCG@10 NRG@10', pgg: '4', pgr: '1', pga: 'A:4 B:0 C:0 D:0 E:4 F:4 G:0 H:0 I:0 J:4', pgb: 'E:4 D:0 C:0 B:0 A:4 F:4 G:0 H:0 I:0 J:4' },
  },
];
