// The whole screen, drawn from the store's state. No state of its own: every
// pane is a pure function of its props, memoised, so a step re-renders only the
// panes whose props changed and Ink rewrites only the rows that differ.
import { basename } from 'node:path';
import { Box } from 'ink';
import { useSyncExternalStore } from 'react';
import { fit } from '../ansi.js';
import { MIN_COLS, MIN_ROWS } from '../layout.js';
import { changedNames, displayPath, firstShownFrame, isPredicted, predictedTitle, selectedFrame, stackMismatch, verifyView } from '../selectors.js';
import type { TuiStore } from '../store.js';
import { theme } from '../theme.js';
import { paneItems } from '../paneItems.js';
import { BreakpointsPane } from './BreakpointsPane.js';
import { CommandLine } from './CommandLine.js';
import { HelpOverlay } from './HelpOverlay.js';
import { Lines } from './Pane.js';
import { SourcePane } from './SourcePane.js';
import { StackPane } from './StackPane.js';
import { StatusBar } from './StatusBar.js';
import { TextPane } from './TextPane.js';
import { VariablesPane } from './VariablesPane.js';

export function TooSmall({ cols, rows }: { cols: number; rows: number }) {
  const msg = [`Terminal too small: ${cols}x${rows}.`, `ndbg needs at least ${MIN_COLS}x${MIN_ROWS}.`, 'Enlarge the window (q quits).'];
  const w = Math.max(1, cols);
  const lines: string[] = [];
  for (let i = 0; i < Math.max(1, rows); i++) {
    const m = msg[i - Math.max(0, Math.floor((rows - msg.length) / 2))];
    lines.push(m ? fit(theme.warn(m), w) : ' ');
  }
  return <Lines width={w} lines={lines} />;
}

function Sep({ height }: { height: number }) {
  return <Lines width={1} lines={Array.from({ length: height }, () => theme.dim('│'))} />;
}

export function App({ store }: { store: TuiStore }) {
  const s = useSyncExternalStore(store.subscribe, store.getState);
  const L = s.layout;
  if (L.tooSmall) return <TooSmall cols={s.cols} rows={s.rows} />;
  const frame = selectedFrame(s);
  // before the first stop: the script, so the screen is whole while the engine starts
  const shownPath = frame?.file ?? s.startFile;
  const file = shownPath ? store.sources.get(shownPath) : undefined;
  const frames = s.stop?.frames ?? [];
  const innermost = s.stop && s.selected === frames.length - 1;
  const excLine = innermost && (s.stop?.event === 'exception' || s.stop?.postMortem) ? frame?.line : undefined;
  const where = frame ? `${displayPath(s, frame.file)}:${frame.line} ${frame.func}()` : undefined;
  const verify = verifyView(s);
  const predicted = isPredicted(s);
  const notes = [s.stop?.exception && innermost ? s.stop.exception : undefined, verify?.lineNote].filter(Boolean);
  const note = notes.length ? `(${notes.join('; ')})` : undefined;
  return (
    <Box flexDirection="column" width={L.cols} height={L.rows}>
      <StatusBar
        width={L.cols}
        info={s.info}
        program={s.program}
        where={where}
        latencyMs={s.showLatency ? s.latencyMs : undefined}
        exitCode={s.exitCode}
        title={s.title}
        verify={s.verifyScore}
        currentExact={s.verify?.exact}
        awaitingInput={s.awaitingInput && !s.busy}
      />
      {s.helpTop !== undefined ? (
        <HelpOverlay width={L.cols} height={L.topHeight + L.bottomHeight} top={s.helpTop} />
      ) : (
        <>
          <Box flexDirection="row" height={L.topHeight}>
            <SourcePane
              file={file}
              path={shownPath ? displayPath(s, shownPath) : ''}
              width={L.source.width}
              height={L.source.height}
              top={s.sourceTop}
              current={frame?.line}
              cursor={s.focus === 'source' ? s.sourceCursor : undefined}
              exceptionLine={excLine}
              realLine={verify?.realLine}
              breakpoints={s.breakpoints}
              focused={s.focus === 'source'}
              note={note}
            />
            <Sep height={L.topHeight} />
            <Box flexDirection="column" width={L.rightWidth}>
              <VariablesPane
                vars={paneItems(s)}
                changed={changedNames(s)}
                edited={s.edited}
                confidence={frame?.confidence}
                alternatives={frame?.alternatives}
                origin={frame?.origin}
                sel={s.varSel}
                expanded={s.expanded}
                mismatch={verify?.locals}
                edit={s.varEdit}
                focused={s.focus === 'variables'}
                width={L.variables.width}
                height={L.variables.height}
                title={predictedTitle(
                  s.showGlobals ? `Globals: ${frame ? basename(frame.file) : ''}` : frame ? `Variables: ${frame.func}` : 'Variables',
                  predicted,
                )}
              />
              <StackPane
                frames={frames}
                selected={s.selected}
                focused={s.focus === 'stack'}
                width={L.stack.width}
                height={L.stack.height}
                predicted={predicted}
                mismatch={stackMismatch(s)}
                from={firstShownFrame(s)}
              />
              <BreakpointsPane
                breakpoints={s.breakpoints}
                sel={s.bpSel}
                focused={s.focus === 'breakpoints'}
                width={L.breakpoints.width}
                height={L.breakpoints.height}
              />
            </Box>
          </Box>
          <Box flexDirection="row" height={L.bottomHeight}>
            <TextPane
              title="Console"
              lines={s.console}
              rev={s.consoleRev}
              scroll={s.consoleScroll}
              focused={s.focus === 'console'}
              width={L.console.width}
              height={L.console.height}
            />
            <Sep height={L.bottomHeight} />
            <TextPane
              title={predictedTitle('Output', predicted)}
              lines={s.output}
              rev={s.outputRev}
              scroll={s.outputScroll}
              focused={s.focus === 'output'}
              width={L.output.width}
              height={L.output.height}
            />
          </Box>
        </>
      )}
      <CommandLine
        width={L.cols}
        prompt={s.confirm?.question ?? s.prompt}
        input={s.input}
        cursor={s.cursor}
        focus={s.focus}
        busy={s.busy}
        awaitingInput={s.awaitingInput && !s.confirm}
        finished={s.program === 'finished'}
        editing={s.varEdit?.name}
        message={s.message}
        quitting={s.quitting}
        help={s.helpTop !== undefined}
      />
    </Box>
  );
}
