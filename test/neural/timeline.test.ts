// The neural session's timeline (src/engine/neural/timeline.ts): what the model is
// conditioned on after --verify puts the real state in place of a wrong prediction.
import { describe, expect, it } from 'vitest';
import { type Node, Timeline } from '../../src/engine/neural/timeline.js';
import { line } from './helpers.js';

const node = (state: Node['state'], via: Node['via']): Node => ({ state, via, frames: [{ func: '<module>', line: state.line ?? 0, id: 1 }], confidence: {} });

describe('the timeline', () => {
  it('a corrected state stands where the prediction stood, reached by the same action', () => {
    const tl = new Timeline(node(line(7, { dim: '30' }), null));
    tl.push(node(line(8, { dim: "'M'" }), { kind: 'step_into' }));
    tl.correct({ state: line(8, { dim: '31' }), frames: [{ func: '<module>', line: 8, id: 1 }], confidence: { dim: 1 } });
    expect(tl.history()).toEqual([
      { action: null, state: line(7, { dim: '30' }) },
      { action: { kind: 'step_into' }, state: line(8, { dim: '31' }) },
    ]);
    expect(tl.nodes.length).toBe(2);
  });
});
