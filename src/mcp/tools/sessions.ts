// Tools that start, list and end sessions.

import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import type { SessionRegistry } from '../registry.js';
import { DEFAULT_TIMEOUT_S, SAFETY } from '../safety.js';
import { stateShape } from '../schemas.js';
import { guarded, ok, stateAnswer } from '../toolResult.js';

export interface ServerDefaults {
  python?: string;
  model?: string;
}

/** The script to debug: a file (checked here, so the agent learns what is wrong) or a code string in a temporary file. */
function target(a: { script?: string; code?: string; cwd: string }): { path: string; label: string; cleanup?: () => void } {
  if ((a.script === undefined) === (a.code === undefined)) {
    throw new Error("give either 'script' (a path to a .py file) or 'code' (the program's source text), not both or neither");
  }
  if (a.code !== undefined) {
    const dir = mkdtempSync(join(tmpdir(), 'ndbg-mcp-'));
    const path = join(dir, 'snippet.py');
    writeFileSync(path, a.code);
    return { path, label: '<code>', cleanup: () => rmSync(dir, { recursive: true, force: true }) };
  }
  const path = resolve(a.cwd, a.script!);
  const st = statSync(path, { throwIfNoEntry: false });
  if (!st) throw new Error(`the script '${a.script}' does not exist (looked for ${path}): give an existing .py file, or the source as 'code'`);
  if (st.isDirectory()) throw new Error(`'${a.script}' is a directory: give a .py file inside it`);
  return { path, label: a.script! };
}

function readStdin(file: string, cwd: string): string {
  try {
    return readFileSync(resolve(cwd, file), 'utf8');
  } catch (e) {
    throw new Error(`cannot read the stdin file '${file}' (${(e as NodeJS.ErrnoException).code ?? e}): give a readable text file, or the text as 'stdin'`);
  }
}

export function registerSessionTools(server: McpServer, sessions: SessionRegistry, defaults: ServerDefaults): void {
  server.registerTool(
    'start_session',
    {
      title: 'Start a debugging session',
      description:
        'Start debugging a Python script (a file path, or source text as `code`) and stop at its first line. ' +
        'Returns a session id for the other tools; several sessions can be open at once. ' +
        'Then set breakpoints, step, continue, inspect and edit variables, and step backwards (reverse). ' +
        `The program's stdin is the \`stdin\` text (or file), then end-of-file: a read never waits. ${SAFETY} ` +
        "Default engine: 'neural' (safe for code that should not run); use 'python' for the real values.",
      inputSchema: {
        script: z.string().optional().describe('path of the .py file to debug (relative to cwd)'),
        code: z.string().optional().describe('the program source, instead of script'),
        args: z.array(z.string()).optional().describe("the program's command-line arguments (sys.argv[1:])"),
        stdin: z.string().optional().describe('text the program reads on stdin, line by line, then end-of-file'),
        stdinFile: z.string().optional().describe('a file whose text is the stdin'),
        engine: z.enum(['neural', 'python']).optional().describe("'neural' (predicts, never runs; default) or 'python' (runs it under pdb)"),
        verify: z
          .boolean()
          .optional()
          .describe('neural engine: also run the program under pdb and mark every predicted value that differs (this RUNS the program)'),
        cwd: z.string().optional().describe("working directory of the program (default: the server's)"),
        timeout: z.number().positive().max(600).optional().describe(`seconds to wait for the first stop (default ${DEFAULT_TIMEOUT_S})`),
      },
      outputSchema: stateShape,
    },
    (a) =>
      guarded(async () => {
        const engine = a.engine ?? 'neural';
        if (a.verify && engine === 'python') throw new Error("'verify' is for the neural engine: drop it, or use engine 'neural'");
        if (a.stdin !== undefined && a.stdinFile !== undefined) throw new Error("give 'stdin' or 'stdinFile', not both");
        const cwd = resolve(a.cwd ?? process.cwd());
        const given = a.stdinFile !== undefined ? readStdin(a.stdinFile, cwd) : a.stdin;
        const t = target({ script: a.script, code: a.code, cwd });
        try {
          const s = await sessions.start(
            {
              engine,
              target: t.path,
              args: a.args ?? [],
              // python: no stdin given, the program's reads get end-of-file, never a wait
              // (neural: the model reads the text with the code, when there is one)
              stdin: engine === 'python' ? (given ?? '') : given,
              cwd,
              verify: a.verify,
              python: defaults.python,
              model: defaults.model,
              label: t.label,
              cleanup: t.cleanup,
            },
            (a.timeout ?? DEFAULT_TIMEOUT_S) * 1000,
          );
          if (s.status === 'exited') {
            // it ended before its first line (a syntax error, an import that fails...): a bad script
            const c = s.drain();
            await sessions.end(s.id);
            const why = (c.stderr || c.debugger || c.diagnostics).trim() || s.failure || 'no message';
            throw new Error(
              `the program ended before its first line (exit status ${s.exit?.code ?? '?'}):\n${why}\nFix the script and call 'start_session' again.`,
            );
          }
          return stateAnswer(s, s.notice ?? `session ${s.id} started (${engine} engine)`);
        } catch (e) {
          t.cleanup?.();
          throw e;
        }
      }),
  );

  server.registerTool(
    'list_sessions',
    {
      title: 'List sessions',
      description: `The open debugging sessions: id, engine, script, status and where each is stopped. ${SAFETY}`,
      inputSchema: {},
      outputSchema: {
        sessions: z.array(
          z.object({
            session: z.string(),
            engine: z.enum(['python', 'neural']),
            script: z.string(),
            status: z.enum(['stopped', 'running', 'exited']),
            file: z.string().optional(),
            line: z.number().optional(),
            function: z.string().optional(),
          }),
        ),
      },
    },
    () =>
      guarded(async () => {
        const list = sessions.list().map((s) => {
          const f = s.status === 'stopped' ? s.lastStop?.frames[s.lastStop.selected] : undefined;
          return {
            session: s.id,
            engine: s.engine,
            script: s.label,
            status: s.status,
            ...(f ? { file: f.file, line: f.line, function: f.func } : {}),
          };
        });
        const text = list.length
          ? list.map((x) => `${x.session} ${x.engine} ${x.script} ${x.status}${x.line ? ` at line ${x.line} in ${x.function}()` : ''}`).join('\n')
          : "no sessions: call 'start_session'";
        return ok({ sessions: list }, text);
      }),
  );

  server.registerTool(
    'end_session',
    {
      title: 'End a session',
      description: 'End a debugging session: its program (python engine) or model (neural engine) is stopped and released. ' + SAFETY,
      inputSchema: { session: z.string().describe('the session id') },
      outputSchema: { session: z.string(), ended: z.boolean(), output: z.object({ stdout: z.string(), stderr: z.string() }) },
    },
    (a) =>
      guarded(async () => {
        const s = await sessions.end(a.session);
        const c = s.drain();
        return ok({ session: s.id, ended: true, output: { stdout: c.stdout, stderr: c.stderr } }, `session ${s.id} ended`);
      }),
  );
}
