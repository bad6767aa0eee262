// `node bin/ndbg.js dap`, as one file: DebugClient starts an adapter as
// `runtime executable`, without arguments.
process.argv.splice(2, 0, 'dap');
await import('../../bin/ndbg.js');
