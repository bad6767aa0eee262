// The frame every pane shares: one header row, then exactly `height - 1` rows of
// pre-cut lines. Fixed sizes everywhere, so Ink never wraps and a step only
// changes the rows whose text changed.
import { Box, Text } from 'ink';
import { fit } from '../ansi.js';
import { plainWidth } from '../stringWidth.js';
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
 * Rows of text, each cut to `width`. The panes make every row exactly that wide:
 * then the block is one Ink Text, since Ink lays out and draws each Text on its
 * own (a Text per row would be 40 for a pane of 40 rows). That needs the rows'
 * widths as Ink measures them (string-width), which `plainWidth` knows for plain
 * text; a block with other characters (an emoji ndbg's own measure may count
 * narrower than Ink does) is a Text per row, each cut by Ink if it must be.
 */
export function Lines({ lines, width }: { lines: string[]; width: number }) {
  const rows = lines.map((l) => (l === '' ? ' ' : l));
  if (rows.every((l) => (plainWidth(l) ?? width + 1) <= width)) {
    return (
      <Box width={width} height={rows.length} flexShrink={0}>
        <Text>{rows.join('\n')}</Text>
      </Box>
    );
  }
  return (
    <Box flexDirection="column" width={width} height={rows.length} flexShrink={0}>
      {rows.map((l, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rows of a fixed-height pane are their positions
        <Text key={i} wrap="truncate">
          {l}
        </Text>
      ))}
    </Box>
  );
}

export function Pane(props: { title: string; width: number; height: number; focused: boolean; lines: string[] }) {
  const { title, width, height, focused, lines } = props;
  return <Lines width={width} lines={[header(title, width, focused), ...block(lines, width, height - 1)]} />;
}
