// The one threshold below which a predicted value is "unsure": the TUI marks it
// (dim, with '?'), and the runtime gives runner-up values for it
// (src/model/alternatives.ts). Chosen from the shipped model's reliability tables
// (chosen on models/v3, re-measured on models/v6/card.md, constrained, with computed
// steps): on held-out generated programs v6's values below 0.6 were right 31% of the
// time (19 of 62) and those from 0.6 to 0.7 67% (8 of 12); on the hand-written
// programs 6% (2 of 35).
export const LOW_CONFIDENCE = 0.6;
