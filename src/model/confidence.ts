// The one threshold below which a predicted value is "unsure": the TUI marks it
// (dim, with '?'), and the runtime gives runner-up values for it
// (src/model/alternatives.ts). Chosen from the shipped model's reliability tables
// (chosen on models/v3, re-measured on models/v5/card.md, constrained): on held-out
// generated programs v5's values below 0.6 were right 28% of the time (25 of 89) and
// those from 0.6 to 0.7 76% (13 of 17); on the hand-written programs 3% (2 of 63).
export const LOW_CONFIDENCE = 0.6;
