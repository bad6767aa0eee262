// Where each pane goes for a terminal size. Pure arithmetic, so the store (which
// scrolls the source view) and the components agree on every pane's height.
//
//  status bar ...........................................  1 row
//  source (left)              │ variables / stack / breakpoints (right)
//  console (left)             │ output (right)
//  command line .........................................  1 row

export const MIN_COLS = 60;
export const MIN_ROWS = 16;

export interface PaneBox {
  width: number;
  /** Rows including the pane's one-line header. */
  height: number;
}

export interface Layout {
  cols: number;
  rows: number;
  tooSmall: boolean;
  leftWidth: number;
  rightWidth: number;
  topHeight: number;
  bottomHeight: number;
  source: PaneBox;
  variables: PaneBox;
  stack: PaneBox;
  breakpoints: PaneBox;
  console: PaneBox;
  output: PaneBox;
}

const clamp = (v: number, lo: number, hi: number) => Math.max(lo, Math.min(hi, v));

export function computeLayout(cols: number, rows: number): Layout {
  const tooSmall = cols < MIN_COLS || rows < MIN_ROWS;
  const c = Math.max(cols, MIN_COLS);
  const r = Math.max(rows, MIN_ROWS);
  const body = r - 2; // status bar + command line
  const bottomHeight = clamp(Math.round(body * 0.32), 5, 16);
  const topHeight = body - bottomHeight;
  const rightWidth = clamp(Math.round(c * 0.38), 24, 70);
  const leftWidth = c - rightWidth - 1; // one column for the separator
  // Right column: variables get what stack and breakpoints do not need.
  const stackH = clamp(Math.round(topHeight * 0.27), 3, 10);
  const bpH = clamp(Math.round(topHeight * 0.2), 2, 8);
  const varsH = topHeight - stackH - bpH;
  const outputW = clamp(Math.round(c * 0.38), 24, 70);
  return {
    cols,
    rows,
    tooSmall,
    leftWidth,
    rightWidth,
    topHeight,
    bottomHeight,
    source: { width: leftWidth, height: topHeight },
    variables: { width: rightWidth, height: varsH },
    stack: { width: rightWidth, height: stackH },
    breakpoints: { width: rightWidth, height: bpH },
    console: { width: c - outputW - 1, height: bottomHeight },
    output: { width: outputW, height: bottomHeight },
  };
}
