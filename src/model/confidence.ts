// The one threshold below which a predicted value is "unsure": the TUI marks it
// (dim, with '?'), and the runtime gives runner-up values for it
// (src/model/alternatives.ts). Chosen from the shipped model's reliability tables
// (models/v3/card.md, constrained): on held-out generated programs, values below
// 0.6 were right 29% of the time (34 of 119) and those from 0.6 to 0.7 71%
// (12 of 17); on the hand-written programs 3% (2 of 59) against 3 of 3.
export const LOW_CONFIDENCE = 0.6;
