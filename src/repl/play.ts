// --play: drive the TUI from a script of commands and keys, typed with human-like
// delays that are the same on every run (a seeded generator, no wall clock), so
// `ndbg --play tour.txt --record tour.cast x.py` regenerates the same cast.
//
// Script format, one step a line:
//   s                     type "s", then Enter (any plain line is a command)
//   p total               ...
//   # comment             ignored, as are blank lines
//   @key f7 f7 down b     press keys by name (see keys.ts: f1-f12, up, enter,
//                         tab, escape, ctrl-c, alt-s, a single character...)
//   @type text            type without pressing Enter
//   @sleep 1.5            hold the screen for 1.5 s
//   @pause 0.8            pause after each command from now on (default 0.7 s)
//   @speed 14             typing speed in characters per second from now on
//   @seed 7               reseed the delay generator
//   @size 100x30          screen size to play (and record) at, whatever the
//                         terminal's; only before the first step
//   \@not-a-directive     a command that starts with @ or # (backslash dropped)
import { keySequence } from './tui/keys.js';

export type PlayStep =
  | { kind: 'type'; text: string; enter: boolean; line: number }
  | { kind: 'keys'; keys: string[]; line: number }
  | { kind: 'sleep'; seconds: number; line: number }
  | { kind: 'pause'; seconds: number; line: number }
  | { kind: 'speed'; cps: number; line: number }
  | { kind: 'seed'; seed: number; line: number }
  | { kind: 'size'; cols: number; rows: number; line: number };

export function parsePlayScript(text: string): PlayStep[] {
  const steps: PlayStep[] = [];
  text.split(/\r?\n/).forEach((raw, i) => {
    const line = i + 1;
    if (raw.trim() === '' || raw.trimStart().startsWith('#')) return;
    if (raw.startsWith('\\')) {
      steps.push({ kind: 'type', text: raw.slice(1), enter: true, line });
      return;
    }
    if (!raw.startsWith('@')) {
      steps.push({ kind: 'type', text: raw, enter: true, line });
      return;
    }
    const m = /^@(\w+)\s?(.*)$/.exec(raw);
    const [name, arg] = m ? [m[1]!, m[2]!] : ['', ''];
    const num = () => {
      const v = Number(arg.trim());
      if (!Number.isFinite(v) || v < 0 || arg.trim() === '') {
        throw new Error(`play script line ${line}: @${name} needs a number`);
      }
      return v;
    };
    switch (name) {
      case 'key':
      case 'keys': {
        const keys = arg.trim().split(/\s+/).filter(Boolean);
        for (const k of keys) {
          try {
            keySequence(k);
          } catch {
            throw new Error(`play script line ${line}: unknown key ${JSON.stringify(k)}`);
          }
        }
        steps.push({ kind: 'keys', keys, line });
        break;
      }
      case 'type':
        steps.push({ kind: 'type', text: arg, enter: false, line });
        break;
      case 'sleep':
        steps.push({ kind: 'sleep', seconds: num(), line });
        break;
      case 'pause':
        steps.push({ kind: 'pause', seconds: num(), line });
        break;
      case 'speed': {
        const cps = num();
        if (cps <= 0) throw new Error(`play script line ${line}: @speed must be > 0`);
        steps.push({ kind: 'speed', cps, line });
        break;
      }
      case 'seed':
        steps.push({ kind: 'seed', seed: Math.floor(num()), line });
        break;
      case 'size': {
        const sz = /^\s*(\d+)\s*x\s*(\d+)\s*$/.exec(arg);
        if (!sz) throw new Error(`play script line ${line}: @size needs COLSxROWS`);
        if (steps.length) throw new Error(`play script line ${line}: @size must come first`);
        steps.push({ kind: 'size', cols: Number(sz[1]), rows: Number(sz[2]), line });
        break;
      }
      default:
        throw new Error(`play script line ${line}: unknown directive @${name}`);
    }
  });
  return steps;
}

/** What the player drives; the TUI implements it. */
export interface PlayTarget {
  /** Deliver raw input bytes as if typed at the keyboard. */
  input(data: string): void;
  /** Resolves once the input is handled and the engine is idle again. */
  settled(): Promise<void>;
  /** Put the current screen out, stamped with schedule time `t` seconds. */
  frame(t: number): void;
  /** True once the session is over (the script stops early). */
  done(): boolean;
}

export interface PlayOptions {
  /** Characters per second (default 20). */
  typingSpeed?: number;
  /** Sleep for real between keys, for a person watching (default false). */
  realtime?: boolean;
  /** Stop early (Ctrl-C from the real keyboard). */
  signal?: AbortSignal;
  /** Schedule time to start from (seconds). */
  start?: number;
}

/** mulberry32: tiny, seedable, good enough for typing jitter. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const sleep = (s: number) => new Promise<void>((r) => setTimeout(r, Math.max(0, s * 1000)));

/** Run the script; resolves with the schedule time at the end. */
export async function play(steps: PlayStep[], target: PlayTarget, opts: PlayOptions = {}): Promise<number> {
  let t = opts.start ?? 0;
  let cps = opts.typingSpeed && opts.typingSpeed > 0 ? opts.typingSpeed : 20;
  let pause = 0.7;
  let rand = prng(1);
  const keyDelay = 0.45;

  const wait = async (s: number) => {
    t += s;
    if (opts.realtime) await sleep(s);
  };
  const press = async (data: string) => {
    target.input(data);
    await target.settled();
    target.frame(t);
  };
  const stopped = () => opts.signal?.aborted || target.done();

  for (const step of steps) {
    if (stopped()) break;
    switch (step.kind) {
      case 'type': {
        for (const ch of step.text) {
          if (stopped()) break;
          // Human-ish: jitter around the base speed, a little longer after a space.
          await wait((1 / cps) * (0.5 + rand()) + (ch === ' ' ? 0.4 / cps : 0));
          await press(ch);
        }
        if (step.enter && !stopped()) {
          await wait((1 / cps) * (1 + rand()));
          await press('\r');
          await wait(pause);
        }
        break;
      }
      case 'keys':
        for (const k of step.keys) {
          if (stopped()) break;
          await wait(keyDelay);
          await press(keySequence(k));
        }
        await wait(pause / 2);
        break;
      case 'sleep':
        await wait(step.seconds);
        break;
      case 'pause':
        pause = step.seconds;
        break;
      case 'speed':
        cps = step.cps;
        break;
      case 'seed':
        rand = prng(step.seed);
        break;
      case 'size':
        break; // applied by the caller before the screen is set up
    }
  }
  return t;
}
