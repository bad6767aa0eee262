// The debug adapter: DAP requests in, engine commands out, engine events back
// as DAP events. One thread (the program's main thread); frames, scopes and
// variables are valid until the program moves. The concerns live beside it:
// launchArgs.ts (launch configuration), breakpoints.ts, variables.ts,
// evaluate.ts, stopReason.ts; runner.ts drives the engine.

import {
  ContinuedEvent,
  DebugSession,
  ExitedEvent,
  InitializedEvent,
  InvalidatedEvent,
  OutputEvent,
  Source,
  StackFrame,
  StoppedEvent,
  TerminatedEvent,
  Thread,
} from '@vscode/debugadapter';
import type { DebugProtocol } from '@vscode/debugprotocol';
import { basename } from 'node:path';
import { commandOf } from '../commands/classify.js';
import { createSession } from '../commands/session.js';
import { UserError } from '../engine/errors.js';
import { BreakpointBook } from './breakpoints.js';
import { CAPABILITIES, UNCAUGHT_FILTER } from './capabilities.js';
import { assign, consoleLine, quietly } from './evaluate.js';
import { LaunchError, readLaunch, type Launch, type NdbgLaunchArguments } from './launchArgs.js';
import { formatLogMessage } from './logMessage.js';
import { frameId, frameIndex, References } from './references.js';
import { merge, Runner, type Outcome } from './runner.js';
import { exceptionInfo, type Resume, stopDescription } from './stopReason.js';
import { programDepth, programStart, scopes, variables } from './variables.js';

const THREAD = 1;
/** Most log point stops in a row the adapter goes on from on predicted frames (the neural engine's rollout cap). */
const PREDICTED_LOG_STOPS = 200;

export class NdbgDebugSession extends DebugSession {
  private runner?: Runner;
  private book?: BreakpointBook;
  private launchInfo?: Launch;
  private refs = new References();
  private clientInvalidates = false;
  private stopOnUncaught = true;
  private pausing = false;
  /** The program was interrupted only to change breakpoints: it goes on without reporting a stop. */
  private interruptedForEdit = false;
  /** Log point stops in a row that the adapter continued from. */
  private logOnlyStops = 0;
  /** What the program was last told to do, while it does it (undefined: stopped). */
  private running?: Resume['kind'];
  private ended = false;
  private closing?: Promise<void>;
  /** A restart request interrupted the run: its stop is not reported. */
  private restarting = false;

  constructor(private readonly onShutdown: () => void) {
    super();
    this.setDebuggerLinesStartAt1(true);
    this.setDebuggerColumnsStartAt1(true);
  }

  // ------------------------------------------------------------ lifecycle

  protected override initializeRequest(response: DebugProtocol.InitializeResponse, args: DebugProtocol.InitializeRequestArguments): void {
    this.clientInvalidates = args.supportsInvalidatedEvent === true;
    response.body = { ...CAPABILITIES };
    this.sendResponse(response);
  }

  protected override async launchRequest(response: DebugProtocol.LaunchResponse, args: DebugProtocol.LaunchRequestArguments): Promise<void> {
    let launch: Launch;
    try {
      launch = readLaunch(args as NdbgLaunchArguments);
    } catch (e) {
      if (e instanceof LaunchError) return this.fail(response, e.message);
      throw e;
    }
    this.launchInfo = launch;
    const runner = new Runner(createSession(launch.session), {
      output: (category, text) => this.sendEvent(new OutputEvent(text, category)),
      engineInfo: (e) => {
        if (e.notice) this.sendEvent(new OutputEvent(`${e.notice}\n`, 'console'));
      },
      exit: (e) => this.terminated(e.code),
    });
    this.runner = runner;
    this.book = new BreakpointBook(runner);
    try {
      await runner.start();
    } catch (e) {
      this.ended = true;
      const message = e instanceof UserError || e instanceof Error ? e.message : String(e);
      return this.fail(response, message);
    }
    if (runner.exited) {
      this.sendResponse(response); // pdb said why (syntax error, ...): its text came as output
      return;
    }
    this.sendEvent(new InitializedEvent());
    this.sendResponse(response);
  }

  protected override configurationDoneRequest(response: DebugProtocol.ConfigurationDoneResponse): void {
    this.sendResponse(response);
    void this.firstStop();
  }

  /** The program is at its first line (launch, restart): stop there, or run to the first breakpoint. */
  private async firstStop(): Promise<void> {
    if (!this.runner || this.runner.exited) return;
    if (this.launchInfo?.stopOnEntry) this.stopped({ kind: 'entry' });
    else await this.resume('c', { kind: 'continue' });
  }

  protected override async restartRequest(response: DebugProtocol.RestartResponse): Promise<void> {
    const runner = this.runner;
    if (!runner || runner.exited) return this.fail(response, 'ndbg: no program to restart');
    this.refs.reset();
    this.restarting = true;
    if (runner.busy) runner.session.interrupt(); // the run in progress stops (unreported), then restarts
    const outcome = await runner.run('restart');
    this.restarting = false;
    this.sendResponse(response);
    if (!outcome.restarted) {
      this.say(outcome.text);
      return this.stopped({ kind: 'pause' });
    }
    await this.firstStop();
  }

  protected override async terminateRequest(response: DebugProtocol.TerminateResponse): Promise<void> {
    await this.end();
    this.sendResponse(response);
  }

  protected override async disconnectRequest(response: DebugProtocol.DisconnectResponse): Promise<void> {
    await this.end();
    this.sendResponse(response);
    this.shutdown();
  }

  /** Ends the program and the engine (the child process, the model); idempotent. */
  private end(): Promise<void> {
    this.closing ??= (async () => {
      const r = this.runner;
      if (r && !r.exited) {
        if (r.busy) r.session.interrupt();
        await r.session.close().catch(() => undefined);
      }
      this.terminated();
    })();
    return this.closing;
  }

  private terminated(code?: number): void {
    if (this.ended) return;
    this.ended = true;
    if (code !== undefined) this.sendEvent(new ExitedEvent(code));
    this.sendEvent(new TerminatedEvent());
  }

  override shutdown(): void {
    void this.end().then(() => this.onShutdown());
  }

  // ---------------------------------------------------------- breakpoints

  protected override async setBreakPointsRequest(response: DebugProtocol.SetBreakpointsResponse, args: DebugProtocol.SetBreakpointsArguments): Promise<void> {
    const path = args.source.path;
    const wanted = args.breakpoints ?? (args.lines ?? []).map((line) => ({ line }));
    if (!this.book || !path) {
      response.body = { breakpoints: wanted.map(() => ({ verified: false, message: 'ndbg: launch the program first' })) };
      return this.sendResponse(response);
    }
    this.stopToEdit();
    response.body = { breakpoints: await this.book.setSource(path, wanted) };
    this.sendResponse(response);
  }

  /**
   * pdb takes commands only at its prompt: to change breakpoints while the
   * program runs, interrupt it, change them (queued behind the run), and let it
   * go on (landed() resumes instead of reporting the stop).
   */
  private stopToEdit(): void {
    const r = this.runner;
    if (!r?.busy || this.running !== 'continue' || this.pausing || this.interruptedForEdit) return;
    this.interruptedForEdit = true;
    r.session.interrupt();
  }

  protected override async setFunctionBreakPointsRequest(
    response: DebugProtocol.SetFunctionBreakpointsResponse,
    args: DebugProtocol.SetFunctionBreakpointsArguments,
  ): Promise<void> {
    if (!this.book) {
      response.body = { breakpoints: args.breakpoints.map(() => ({ verified: false, message: 'ndbg: launch the program first' })) };
      return this.sendResponse(response);
    }
    this.stopToEdit();
    response.body = { breakpoints: await this.book.setFunctions(args.breakpoints) };
    this.sendResponse(response);
  }

  protected override setExceptionBreakPointsRequest(
    response: DebugProtocol.SetExceptionBreakpointsResponse,
    args: DebugProtocol.SetExceptionBreakpointsArguments,
  ): void {
    this.stopOnUncaught = args.filters.includes(UNCAUGHT_FILTER);
    this.sendResponse(response);
  }

  // -------------------------------------------------------------- stepping

  protected override continueRequest(response: DebugProtocol.ContinueResponse): void {
    response.body = { allThreadsContinued: true };
    this.sendResponse(response);
    void this.resume('c', { kind: 'continue' });
  }

  protected override nextRequest(response: DebugProtocol.NextResponse): void {
    this.sendResponse(response);
    void this.resume('n', { kind: 'step', over: 'over' });
  }

  protected override stepInRequest(response: DebugProtocol.StepInResponse): void {
    this.sendResponse(response);
    void this.resume('s', { kind: 'step' });
  }

  protected override stepOutRequest(response: DebugProtocol.StepOutResponse): void {
    this.sendResponse(response);
    void this.resume('r', { kind: 'step', over: 'out' });
  }

  /**
   * A step as an editor means it: pdb's `s` stops at a function's call event
   * (its `def` line) and `n` / `r` at a return event (still in the function);
   * editors stop at the function's first line, and in the caller. So the step
   * goes on from those events; the value returned is kept to show in the caller.
   */
  private async step(r: Runner, line: string): Promise<Outcome> {
    let out = await r.runNow(line);
    const stop = r.stop;
    if (!out.moved || out.restarted || !stop || stop.postMortem || this.landedOnBreakpoint(out)) return out;
    if (line === 's' && stop.event === 'call') out = merge(out, await r.runNow('s'));
    else if (stop.event === 'return' && programDepth(stop) > 1) {
      const func = stop.frames[stop.frames.length - 1]!.func;
      const value = stop.retval;
      out = merge(out, await r.runNow('n'));
      if (value !== undefined) r.returned = { func, value };
    }
    return out;
  }

  private landedOnBreakpoint(out: Outcome): boolean {
    const stop = this.runner?.stop;
    return stop !== undefined && (this.book?.hitBy(stop, out.tableBefore).length ?? 0) > 0;
  }

  protected override stepBackRequest(response: DebugProtocol.StepBackResponse): void {
    this.sendResponse(response);
    void this.resume('rn', { kind: 'step' });
  }

  protected override reverseContinueRequest(response: DebugProtocol.ReverseContinueResponse): void {
    this.sendResponse(response);
    void this.resume('rc', { kind: 'reverse-continue' });
  }

  protected override pauseRequest(response: DebugProtocol.PauseResponse): void {
    this.sendResponse(response);
    const r = this.runner;
    if (!r || r.exited) return;
    if (r.busy) {
      this.pausing = true;
      r.session.interrupt();
    } else if (this.running) {
      this.pausing = true; // the resume waiting its turn will not start
    } else this.stopped({ kind: 'pause' });
  }

  protected override gotoTargetsRequest(response: DebugProtocol.GotoTargetsResponse, args: DebugProtocol.GotoTargetsArguments): void {
    const stop = this.runner?.stop;
    const here = stop?.frames[stop.frames.length - 1];
    // pdb's jump moves within the frame that is executing, in its file
    const ok = here && args.source.path === here.file;
    response.body = { targets: ok ? [{ id: args.line, label: `Jump to line ${args.line}`, line: args.line }] : [] };
    this.sendResponse(response);
  }

  protected override async gotoRequest(response: DebugProtocol.GotoResponse, args: DebugProtocol.GotoArguments): Promise<void> {
    const r = this.runner;
    if (!r) return this.fail(response, 'ndbg: no program');
    this.refs.reset();
    const outcome = await r.run(`j ${args.targetId}`);
    const failed = outcome.commands.find((c) => !c.ok);
    if (failed) return this.fail(response, failed.error ?? outcome.text.trim());
    this.sendResponse(response);
    this.stopped({ kind: 'goto' });
  }

  /** Runs a command that hands control to the program and reports where it got to. */
  private async resume(line: string, why: Resume): Promise<void> {
    const r = this.runner;
    if (!r || r.exited) return;
    this.refs.reset();
    r.returned = undefined;
    this.running = why.kind;
    if (why.kind === 'step' && why.over && why.depth === undefined && r.stop) why = { ...why, depth: programDepth(r.stop) };
    const outcome = await r.serial(() => {
      // a pause that came while this waited its turn: the program does not start
      if (this.pausing) return Promise.resolve(r.nothing());
      if (why.kind === 'reverse-continue') return this.reverseContinue(r);
      if (['s', 'n', 'r'].includes(line)) return this.step(r, line);
      return r.runNow(line);
    });
    await this.landed(outcome, why);
  }

  /** `rc`, with log points disabled: they never stop the program, going back neither. */
  private async reverseContinue(r: Runner): Promise<Outcome> {
    const logs = this.book?.logPoints() ?? [];
    if (logs.length) await r.runNow(`disable ${logs.join(' ')}`);
    const out = await r.runNow('rc');
    if (logs.length) await r.runNow(`enable ${logs.join(' ')}`);
    return out;
  }

  /** Where a command that resumed the program left it: a stop, a log point to go on from, or the end. */
  private async landed(outcome: Outcome, why: Resume): Promise<void> {
    const r = this.runner!;
    this.running = undefined;
    if (r.exited || this.ended || this.restarting) return;
    const userRestart = outcome.commands.some((c) => {
      const typed = commandOf(c.command, r.session.info.python);
      return typed?.name === 'run' || typed?.name === 'restart';
    });
    if (outcome.restarted && outcome.commands.some((c) => c.command.startsWith('reverse-'))) {
      // the replay diverged from the recorded run: pdb restarted the program rather than show a state that never was
      this.say(outcome.text);
      return this.stopped({ kind: 'entry' });
    }
    if (outcome.restarted && !userRestart) {
      // pdb restarts a program that ended; in an editor the session ends with it
      this.say('ndbg: the program finished\n');
      return this.end();
    }
    if (outcome.restarted) return this.firstStop();
    const stop = r.stop;
    if (this.interruptedForEdit) {
      this.interruptedForEdit = false;
      // stopped by the interrupt (not at a breakpoint, nor an exception): the breakpoints change, the run goes on
      if (outcome.moved && !stop?.postMortem && !this.landedOnBreakpoint(outcome) && !this.pausing) return this.resume('c', why);
    }
    if (!outcome.moved) this.say(outcome.text);
    else this.say(outcome.errors);
    if (stop?.postMortem && outcome.moved && !this.stopOnUncaught) {
      this.say(`ndbg: uncaught ${stop.exception ?? 'exception'}; the program ends (Uncaught Exceptions is off)\n`);
      return this.end();
    }
    const hits = stop && outcome.moved ? this.book!.hitBy(stop, outcome.tableBefore) : [];
    const logs = hits.filter((b) => this.book!.logMessage(b.number) !== undefined);
    const breaks = hits.filter((b) => this.book!.logMessage(b.number) === undefined);
    for (const b of logs) {
      const text = await r.serial(() => formatLogMessage(this.book!.logMessage(b.number)!, (e, o) => r.evaluateNow(e, o)));
      this.sendEvent(new OutputEvent(`${text}\n`, 'console'));
    }
    if (logs.length && !breaks.length && !this.pausing && stop && !stop.postMortem) {
      if (why.kind === 'continue') {
        // predicted frames can go round a loop that never ends: stop after as many as the neural engine allows its own breakpoint commands
        if (!r.predicted || ++this.logOnlyStops < PREDICTED_LOG_STOPS) return this.resume('c', why);
        this.say(
          `ndbg: ${PREDICTED_LOG_STOPS} log point stops in a row on predicted frames; stopping here (the model may be predicting a loop that does not end)`,
        );
      }
      // a step over (or out) crossed a log point in a function it called: return from there, and on
      if (why.kind === 'step' && why.depth !== undefined) {
        const target = why.over === 'out' ? why.depth - 1 : why.depth;
        if (programDepth(stop) > target) return this.resume('r', why);
      }
    }
    this.logOnlyStops = 0;
    this.stopped(
      why,
      breaks.map((b) => b.number),
    );
  }

  private stopped(why: Resume, hitIds: number[] = []): void {
    const r = this.runner;
    if (!r || r.exited || this.ended) return;
    const stop = r.stop;
    const pause = this.pausing;
    this.pausing = false;
    const d = stopDescription(stop, why, hitIds, pause, r.predicted, this.book!, r.breakpoints);
    const e = new StoppedEvent(d.reason, THREAD) as DebugProtocol.StoppedEvent;
    e.body.description = d.description;
    if (d.text) e.body.text = d.text;
    if (d.hitBreakpointIds.length) e.body.hitBreakpointIds = d.hitBreakpointIds;
    e.body.allThreadsStopped = true;
    this.sendEvent(e);
  }

  // ------------------------------------------------------- stack, variables

  protected override threadsRequest(response: DebugProtocol.ThreadsResponse): void {
    const name = this.runner?.predicted ? 'MainThread (predicted)' : 'MainThread';
    response.body = { threads: [new Thread(THREAD, name)] };
    this.sendResponse(response);
  }

  protected override stackTraceRequest(response: DebugProtocol.StackTraceResponse, args: DebugProtocol.StackTraceArguments): void {
    const stop = this.runner?.stop;
    if (!stop || this.ended) {
      response.body = { stackFrames: [], totalFrames: 0 };
      return this.sendResponse(response);
    }
    const predicted = this.runner!.predicted;
    const first = programStart(stop.frames);
    const frames: DebugProtocol.StackFrame[] = [];
    for (let i = stop.frames.length - 1; i >= first; i--) {
      const f = stop.frames[i]!;
      const name = predicted ? `${f.func} (predicted)` : f.func;
      const source = f.file.startsWith('<') ? undefined : new Source(basename(f.file), f.file);
      frames.push(new StackFrame(frameId(i), name, source, f.line, 1));
    }
    const start = args.startFrame ?? 0;
    const levels = args.levels || frames.length;
    response.body = { stackFrames: frames.slice(start, start + levels), totalFrames: frames.length };
    this.sendResponse(response);
  }

  protected override scopesRequest(response: DebugProtocol.ScopesResponse, args: DebugProtocol.ScopesArguments): void {
    response.body = { scopes: this.runner ? scopes(this.runner, this.refs, frameIndex(args.frameId)) : [] };
    this.sendResponse(response);
  }

  protected override async variablesRequest(response: DebugProtocol.VariablesResponse, args: DebugProtocol.VariablesArguments): Promise<void> {
    const r = this.runner;
    const ref = this.refs.get(args.variablesReference);
    response.body = { variables: r && ref ? await r.serial(() => variables(r, this.refs, ref, args)) : [] };
    this.sendResponse(response);
  }

  protected override async setVariableRequest(response: DebugProtocol.SetVariableResponse, args: DebugProtocol.SetVariableArguments): Promise<void> {
    const r = this.runner;
    const ref = this.refs.get(args.variablesReference);
    if (!r || !ref || this.running) return this.fail(response, 'ndbg: that variable is gone (the program moved): open it again');
    const target = ref.kind === 'locals' ? args.name : ref.kind === 'globals' ? `globals()[${JSON.stringify(args.name)}]` : ref.childExprs.get(args.name);
    if (!target) return this.fail(response, `ndbg: cannot assign to '${args.name}' here`);
    const done = await r.serial(() => assign(r, this.refs, target, args.value, ref.frame));
    if (!done.ok) return this.fail(response, done.error);
    response.body = {
      value: done.view.result,
      type: done.view.type,
      variablesReference: done.view.variablesReference,
      indexedVariables: done.view.indexedVariables,
    };
    this.sendResponse(response);
  }

  protected override async setExpressionRequest(response: DebugProtocol.SetExpressionResponse, args: DebugProtocol.SetExpressionArguments): Promise<void> {
    const r = this.runner;
    if (!r) return this.fail(response, 'ndbg: no program');
    if (this.running) return this.fail(response, 'ndbg: the program is running: pause it first');
    const frame = args.frameId !== undefined ? frameIndex(args.frameId) : (r.stop?.selected ?? 0);
    const done = await r.serial(() => assign(r, this.refs, args.expression, args.value, frame));
    if (!done.ok) return this.fail(response, done.error);
    response.body = {
      value: done.view.result,
      type: done.view.type,
      presentationHint: done.view.presentationHint,
      variablesReference: done.view.variablesReference,
      indexedVariables: done.view.indexedVariables,
    };
    this.sendResponse(response);
    this.invalidate();
  }

  // -------------------------------------------------------------- evaluate

  protected override async evaluateRequest(response: DebugProtocol.EvaluateResponse, args: DebugProtocol.EvaluateArguments): Promise<void> {
    const r = this.runner;
    if (!r || r.exited) return this.fail(response, 'ndbg: the program is not running');
    // pdb answers only at its prompt: a request queued behind a run would wait as long as the program runs
    if (this.running) return this.fail(response, 'ndbg: the program is running: pause it first');
    const frame = args.frameId !== undefined ? frameIndex(args.frameId) : undefined;
    if (args.context === 'repl') {
      const answer = await r.serial(() => consoleLine(r, this.refs, args.expression, frame));
      if (answer.error !== undefined) return this.fail(response, answer.error);
      response.body = answer.body;
      this.sendResponse(response);
      const o = answer.outcome;
      if (o?.commands.some((c) => c.resumed)) {
        this.sendEvent(new ContinuedEvent(THREAD, true));
        this.refs.reset();
        return this.landed(o, { kind: 'step' });
      }
      if (o?.refreshed) this.invalidate();
      return;
    }
    const body = await r.serial(() => quietly(r, this.refs, args.expression, frame));
    if ('error' in body) return this.fail(response, body.error);
    response.body = body;
    this.sendResponse(response);
  }

  protected override exceptionInfoRequest(response: DebugProtocol.ExceptionInfoResponse): void {
    const info = exceptionInfo(this.runner?.stop);
    if (!info) return this.fail(response, 'ndbg: the program did not stop at an exception');
    response.body = info;
    this.sendResponse(response);
  }

  // --------------------------------------------------------------- helpers

  /** Variables changed without the program moving (an edit in the console): the editor re-reads them. */
  private invalidate(): void {
    if (this.clientInvalidates) this.sendEvent(new InvalidatedEvent(['variables']));
  }

  private say(text: string): void {
    if (text) this.sendEvent(new OutputEvent(text.endsWith('\n') ? text : `${text}\n`, 'console'));
  }

  private fail(response: DebugProtocol.Response, message: string): void {
    // the library leaves `{name}` in a format as it is (no variables given): the message goes out verbatim
    this.sendErrorResponse(response, { id: 1, format: message, showUser: true });
  }
}
