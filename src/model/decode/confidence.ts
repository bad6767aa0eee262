// The one threshold below which a predicted value is "unsure": the TUI marks it
// (dim, with '?'), and the runtime gives runner-up values for it
// (src/model/decode/alternatives.ts). Chosen from the shipped model's reliability tables
// (chosen on models/v3, re-measured on models/v7, constrained, with computed steps;
// docs/tui.md): on held-out generated programs v7's values below 0.6 were right 27% of
// the time (12 of 44), on the hand-written programs 13% (14 of 109); from 0.7 on, 96%
// and 87%.
export const LOW_CONFIDENCE = 0.6;
