// Run the built TUI (dist/) against the fake engine in a real terminal, for the
// tmux tests: node test/tui/harness.mjs [--record F] [--play F] [--speed N] [--delay MS]
import { runTui } from '../../dist/repl/tui/index.js';
import { FakeEngine } from './fake-engine.mjs';

const args = process.argv.slice(2);
const opt = (name) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const engine = new FakeEngine({ delayMs: Number(opt('--delay') ?? 0) });
const code = await runTui(engine, {
  title: 'ndbg tui_demo.py',
  record: opt('--record'),
  play: opt('--play'),
  typingSpeed: opt('--speed') ? Number(opt('--speed')) : undefined,
  historyPath: opt('--history') ?? null,
});
process.exit(code);
