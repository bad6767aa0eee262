// How a value shows in the editor: its repr, its type, and, for the neural
// engine, that it is a prediction and how confident the model was. The mark is
// in the text itself (the value and the type), not only in presentation hints,
// because editors show hints differently or not at all: a predicted value must
// never look like a computed one.

import type { DebugProtocol } from '@vscode/debugprotocol';
import type { ValueOrigin, ValueView, VerifyPair } from '../engine/engine.js';

export interface Shown {
  value: string;
  type: string;
  presentationHint?: DebugProtocol.VariablePresentationHint;
}

export interface ShowOptions {
  /** The value comes from the neural engine's predictions. */
  predicted: boolean;
  /** The model's confidence in it (0-1), when known. */
  confidence?: number;
  /** --verify: the real value beside the predicted one, when they differ. */
  verify?: VerifyPair;
  /** Where the value comes from (the frame's `origin`): a presentation hint `origin:computed` etc. */
  origin?: ValueOrigin;
}

/** The text that marks a prediction: `predicted 83%`, or `predicted` without a confidence. */
export function predictedMark(confidence?: number): string {
  return confidence === undefined ? 'predicted' : `predicted ${Math.round(confidence * 100)}%`;
}

export function show(view: Pick<ValueView, 'value' | 'type'>, o: ShowOptions): Shown {
  if (!o.predicted) return { value: view.value, type: view.type };
  // every value of a neural session reads `predicted` (nothing ran); one the evaluator computed or
  // checked has no model probability to show, and says where it comes from in its hints
  const worked = o.origin === 'computed' || o.origin === 'checked';
  const mark = predictedMark(worked ? undefined : o.confidence);
  const real = o.verify && o.verify.real !== o.verify.predicted ? ` · real: ${o.verify.real ?? '(absent)'}` : '';
  // custom attributes (DAP allows any string); `readOnly` is not claimed: `!x = 5` edits a predicted state too
  const attributes = ['predicted'];
  if (o.origin) attributes.push(`origin:${o.origin}`);
  if (o.confidence !== undefined && !worked) attributes.push(`confidence:${o.confidence.toFixed(2)}`);
  if (real) attributes.push('differsFromReal');
  return {
    value: `${view.value}  · ${mark}${real}`,
    type: view.type ? `${view.type} (${mark})` : `(${mark})`,
    presentationHint: { kind: 'data', attributes },
  };
}
