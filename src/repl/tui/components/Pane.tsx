// The frame every pane shares: one header row, then exactly `height - 1` rows of
// pre-cut lines. Fixed sizes everywhere, so Ink never wraps and a step only
// changes the rows whose text changed.
import { Box, Text } from 'ink';
import { fit, truncate, visibleWidth } from '../ansi.js';
import { theme } from '../theme.js';

export function header(title: string, width: number, focused: boolean): string {
  const t = `─ ${title} `;
  const line = fit(t + '─'.repeat(Math.max(0, width)), width);
  return focused ? theme.headerFocused(line) : theme.header(line);
}

/** `lines` fitted to `width` and padded or cut to `height` rows. */
export function block(lines: string[], width: number, height: number): string[] {
  const out = lines.slice(0, height).map((l) => fit(l, width));
  while (out.length < height) out.push(' '.repeat(width));
  return out;
}

/**
 * Rows of text, each cut to `width` (a line already that wide, as the panes make
 * them, passes as it is). One Text for the whole block, not one per row: Ink lays
 * out and draws each Text on its own: a Text per row would be 40 for a pane of 40 rows.
 */
export function Lines({ lines, width }: { lines: string[]; width: number }) {
  const rows = lines.map((l) => (l === '' ? ' ' : visibleWidth(l) > width ? truncate(l, width, '…') : l));
  return (
    <Box width={width} height={lines.length} flexShrink={0}>
      <Text>{rows.join('\n')}</Text>
    </Box>
  );
}

export function Pane(props: { title: string; width: number; height: number; focused: boolean; lines: string[] }) {
  const { title, width, height, focused, lines } = props;
  return <Lines width={width} lines={[header(title, width, focused), ...block(lines, width, height - 1)]} />;
}
