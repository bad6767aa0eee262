// The variables tree against the fake engine (Engine.children): containers and
// objects open into children, long ones a page at a time, children edited in
// place through their expression with the next step using the edit, nodes kept
// open (and fetched again) across stops, predicted children marked.
import { describe, expect, it } from 'vitest';
import { render } from 'ink-testing-library';
import { TuiStore } from '../../src/repl/tui/store.js';
import { KeyParser, keySequence } from '../../src/repl/tui/keys.js';
import { stripAnsi } from '../../src/repl/tui/ansi.js';
import { VariablesPane } from '../../src/repl/tui/components/VariablesPane.js';
import { paneItems } from '../../src/repl/tui/paneItems.js';
import { isExpandableRepr } from '../../src/repl/tui/varTree.js';
import { FakeEngine } from './fake-engine.mjs';

async function setup(engine: FakeEngine = new FakeEngine()) {
  const store = new TuiStore(engine as never, { title: 't', cols: 100, rows: 30, historyPath: null, cwd: '/nowhere' });
  await store.start();
  const parser = new KeyParser();
  const type = async (text: string) => {
    for (const k of parser.feed(text)) store.key(k);
    await store.whenIdle();
  };
  const press = async (...names: string[]) => {
    for (const n of names) for (const k of parser.feed(keySequence(n))) store.key(k);
    await store.whenIdle();
  };
  const items = () => paneItems(store.state);
  /** Select the row whose name is `name` (the variables pane has the focus). */
  const select = async (name: string) => {
    const i = items().findIndex((v) => v.name === name);
    expect(i, `row ${name}`).toBeGreaterThanOrEqual(0);
    store.state = { ...store.state, varSel: i };
  };
  const pane = (height = 12, width = 40) =>
    stripAnsi(
      render(
        <VariablesPane
          vars={items()}
          changed={new Set()}
          edited={store.state.edited}
          expanded={store.state.expanded}
          sel={store.state.varSel}
          focused={false}
          width={width}
          height={height}
        />,
      ).lastFrame()!,
    )
      .split('\n')
      .map((l) => l.trimEnd());
  return { engine, store, type, press, items, select, pane };
}
const TO_MAIN = 's\rs\rs\rn\rn\r'; // main(), data = [3, 1, 4] set, at line 10

describe('variables tree', () => {
  it('opens a list into its items with Right, closes with Left', async () => {
    const { store, type, press, select, pane } = await setup();
    await type(TO_MAIN);
    expect(pane()[1]).toBe('▸ data = [3, 1, 4]');
    await press('tab', 'tab');
    await select('data');
    await press('right');
    // Open: its type and size instead of the repr (the items are below), as PuDB shows it.
    expect(pane().slice(1, 5)).toEqual(['▾ data: list (3)', '  [0] = 3', '  [1] = 1', '  [2] = 4']);
    await press('right'); // on an open node: to its first child
    expect(paneItems(store.state)[store.state.varSel]).toMatchObject({ name: '[0]', key: 'data[0]' });
    await press('left'); // on a child: back to the parent
    expect(paneItems(store.state)[store.state.varSel]).toMatchObject({ name: 'data' });
    await press('left');
    expect(pane()[1]).toBe('▸ data = [3, 1, 4]');
  });

  it('pages a long list 50 at a time with a "more" row', async () => {
    const { engine, type, press, select, items, pane } = await setup();
    await type(TO_MAIN);
    await type('!big = list(range(120))\r');
    await press('tab', 'tab');
    await select('big');
    await press('right');
    const kids = () => items().filter((v) => v.kind === 'child');
    expect(kids()).toHaveLength(50);
    expect(items().find((v) => v.kind === 'more')).toMatchObject({ name: '… 70 more (Enter: next 50)' });
    await select('… 70 more (Enter: next 50)');
    await press('enter');
    expect(kids()).toHaveLength(100);
    expect(kids().at(-1)).toMatchObject({ name: '[99]', value: '99' });
    expect(engine.childrenAsked.at(-1)).toEqual({ expr: 'big', start: 50, count: 50 });
    await select('… 20 more (Enter: next 20)');
    await press('enter');
    expect(kids()).toHaveLength(120);
    expect(items().some((v) => v.kind === 'more')).toBe(false);
    expect(pane(6).at(-1)).toMatch(/^… \d+ more$/); // the pane says what it cannot show
  });

  it('opens an object into its attributes, and those further; edits a child in place, the next step uses it', async () => {
    const { engine, store, type, press, select, items, pane } = await setup();
    await type(TO_MAIN);
    await type('!data = Item(a=1, b=[1, 2])\r');
    await press('tab', 'tab');
    await select('data');
    expect(items().find((v) => v.name === 'data')).toMatchObject({ open: false });
    await press('right');
    await select('b');
    await press('right');
    expect(pane().slice(1, 6)).toEqual(['▾ data: Item (2)', '  a = 1', '  ▾ b: list (2)', '    [0] = 1', '    [1] = 2']);
    // Edit obj.b[1] in place: Enter, type, Enter.
    await select('[1]');
    await press('enter');
    expect(store.state.varEdit).toMatchObject({ name: 'data.b[1]', text: '2' });
    await press('backspace', '7', 'enter');
    expect(engine.commands.at(-1)).toBe('!data.b[1] = 7');
    expect(items().find((v) => v.key === 'data.b[1]')).toMatchObject({ value: '7' });
    expect(store.state.edited).toHaveProperty(['data.b[1]']);
    // The tree stays open across a step and is fetched again.
    const asked = engine.childrenAsked.length;
    await press('n');
    expect(engine.childrenAsked.length).toBeGreaterThan(asked);
    expect(items().find((v) => v.key === 'data.b')).toMatchObject({ value: '[1, 7]', open: true, summary: 'list (2)' });
    expect(store.state.edited).toEqual({}); // the edit's mark lasts until the next step
  });

  it('the next step runs with an edited item', async () => {
    const { store, type, press, select } = await setup();
    await type(TO_MAIN + 'n\r'); // line 11: result = total(data)
    await press('tab', 'tab');
    await select('data');
    await press('right');
    await select('[1]');
    await press('enter', 'backspace', '9', 'enter');
    await press('n'); // result = total([3, 9, 4])
    expect(store.frame()!.locals.result).toBe('16');
  });

  it('marks children built from a predicted value (neural engine) with ≈', async () => {
    class Predicting extends FakeEngine {
      async children(expr: string, o?: object) {
        const r = await super.children(expr, o);
        if (!r.ok) return r;
        return {
          ok: true,
          result: { ...r.result, parent: { ...r.result.parent, predicted: true }, children: r.result.children.map((c: object) => ({ ...c, predicted: true })) },
        };
      }
    }
    const { type, press, select, pane } = await setup(new Predicting());
    await type(TO_MAIN);
    await press('tab', 'tab');
    await select('data');
    await press('right');
    expect(pane().slice(1, 5)).toEqual(['▾ data: list (3) (predicted)', '  [0] ≈ 3', '  [1] ≈ 1', '  [2] ≈ 4']);
  });

  it('keeps a node open while its variable is out of the frame on show', async () => {
    const { store, type, press, select, items } = await setup();
    await type(TO_MAIN);
    await press('tab', 'tab');
    await select('data');
    await press('right');
    store.submit('u'); // <module> has no data: the row goes, nothing breaks
    await store.whenIdle();
    expect(items().some((v) => v.name === 'data')).toBe(false);
    store.submit('d');
    await store.whenIdle();
    expect(items().filter((v) => v.kind === 'child')).toHaveLength(3);
    expect(store.state.open.has('data')).toBe(true);
  });

  it('a node that cannot be opened says why', async () => {
    class NoChildren extends FakeEngine {
      async children() {
        return { ok: false, error: "NameError: name 'data' is not defined" };
      }
    }
    const { type, press, select, pane } = await setup(new NoChildren());
    await type(TO_MAIN);
    await press('tab', 'tab');
    await select('data');
    await press('right');
    expect(pane(12, 50).slice(1, 3)).toEqual(['▾ data = [3, 1, 4]', "  NameError: name 'data' is not defined"]);
  });

  it('guesses from a repr what can open', () => {
    for (const v of [
      '[1, 2]',
      '(1,)',
      "{'a': 1}",
      '{1, 2}',
      '<__main__.Item object at 0x7f3a2c>',
      'deque([1, 2])',
      'Item(a=1, b=2)',
      "defaultdict(<class 'list'>, {})",
    ]) {
      expect(isExpandableRepr(v), v).toBe(true);
    }
    for (const v of ['1', "'abc'", 'None', '[]', '{}', '()', '<function f at 0x7f>', "<module 'os' from '/x'>", 'set()', "Decimal('1.5')", '3.5']) {
      expect(isExpandableRepr(v), v).toBe(false);
    }
  });
});
