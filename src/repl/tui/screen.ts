// Between Ink and the terminal. Ink renders in debug mode into `sink`, which hands
// us each complete frame as text; we write only the rows that differ from what
// the terminal shows, each addressed absolutely (no relative cursor moves to go
// wrong, no clear-screen, no scrolling: the bottom row is usable). The same bytes
// go to the cast recorder. In manual mode (--play) frames reach the terminal only
// when the player says so, which is what makes a played cast reproducible.
import { EventEmitter } from 'node:events';
import type { CastWriter } from '../cast.js';
import { visibleWidth } from './ansi.js';

export const ENTER = '\x1b[?1049h\x1b[?25l\x1b[?2004h\x1b[H\x1b[2J';
export const LEAVE = '\x1b[?2004l\x1b[0m\x1b[?25h\x1b[?1049l';
const SYNC_START = '\x1b[?2026h';
const SYNC_END = '\x1b[?2026l';

export interface Out {
  write(data: string): unknown;
}

/** What Ink sees as its stdout. */
export class FrameSink extends EventEmitter {
  isTTY = false;
  constructor(
    public columns: number,
    public rows: number,
    private onFrame: (frame: string) => void,
  ) {
    super();
  }
  write(data: string): boolean {
    this.onFrame(data);
    return true;
  }
}

export class Screen {
  readonly sink: FrameSink;
  private shown: string[] = [];
  private latest: string | null = null;
  private scheduled = false;
  private active = false;
  /** Whether a frame has come (the first is written at once). */
  private framed = false;
  /** Bytes written so far (tests, measurements). */
  written = 0;

  constructor(
    private out: Out,
    private cols: number,
    private rows: number,
    private opts: { cast?: CastWriter; manual?: boolean } = {},
  ) {
    this.sink = new FrameSink(cols, rows, (f) => this.frame(f));
  }

  set manual(v: boolean) {
    this.opts.manual = v;
    if (!v) this.schedule();
  }

  private emit(data: string): void {
    if (data === '') return;
    this.written += data.length;
    this.out.write(data);
    this.opts.cast?.write(data);
  }

  enter(): void {
    this.active = true;
    this.emit(ENTER);
  }

  leave(): void {
    if (!this.active) return;
    this.active = false;
    this.emit(LEAVE);
  }

  frame(text: string): void {
    this.latest = text;
    if (this.opts.manual) return;
    // The first frame goes out now: what React and the engine do after a render
    // (effects, the model's load) would otherwise hold it back. Later ones are
    // coalesced, one write per turn of the event loop.
    if (!this.framed) {
      this.framed = true;
      this.flush();
    } else this.schedule();
  }

  private schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      if (!this.opts.manual) this.flush();
    });
  }

  /** Put the latest frame on the terminal, rewriting only changed rows. */
  flush(): void {
    if (!this.active || this.latest === null) return;
    const lines = this.latest.split('\n');
    let buf = '';
    for (let r = 0; r < this.rows; r++) {
      const line = lines[r] ?? '';
      if (this.shown[r] === line) continue;
      this.shown[r] = line;
      buf += `\x1b[${r + 1};1H${line}\x1b[0m`;
      // Erase the rest of the row, unless the line fills it: at the last column a
      // terminal's erase would take the final character with it.
      if (visibleWidth(line) < this.cols) buf += '\x1b[K';
    }
    if (buf) this.emit(SYNC_START + buf + SYNC_END);
  }

  /** Forget what is on the terminal: the next flush rewrites every row. */
  invalidate(): void {
    this.shown = [];
  }

  resize(cols: number, rows: number): void {
    this.cols = cols;
    this.rows = rows;
    this.sink.columns = cols;
    this.sink.rows = rows;
    this.invalidate();
  }
}
