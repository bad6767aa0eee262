/** Every name in Python 3.11's builtins module: calls of the ones not implemented are refused. */
export const PYTHON_BUILTIN_FUNCTIONS = [
  'abs',
  'aiter',
  'all',
  'anext',
  'any',
  'ascii',
  'bin',
  'breakpoint',
  'callable',
  'chr',
  'compile',
  'delattr',
  'dir',
  'divmod',
  'eval',
  'exec',
  'format',
  'getattr',
  'globals',
  'hasattr',
  'hash',
  'hex',
  'id',
  'input',
  'isinstance',
  'issubclass',
  'iter',
  'len',
  'locals',
  'max',
  'min',
  'next',
  'oct',
  'open',
  'ord',
  'pow',
  'print',
  'repr',
  'round',
  'setattr',
  'sorted',
  'sum',
  'vars',
  '__import__',
  '__build_class__',
];
export const PYTHON_BUILTIN_TYPES = [
  'bool',
  'bytearray',
  'bytes',
  'classmethod',
  'complex',
  'dict',
  'enumerate',
  'filter',
  'float',
  'frozenset',
  'int',
  'list',
  'map',
  'memoryview',
  'object',
  'property',
  'range',
  'reversed',
  'set',
  'slice',
  'staticmethod',
  'str',
  'super',
  'tuple',
  'type',
  'zip',
  'BaseException',
  'Exception',
  'ArithmeticError',
  'AssertionError',
  'AttributeError',
  'EOFError',
  'IndexError',
  'KeyError',
  'LookupError',
  'NameError',
  'NotImplementedError',
  'OSError',
  'OverflowError',
  'RecursionError',
  'RuntimeError',
  'StopIteration',
  'SyntaxError',
  'TypeError',
  'ValueError',
  'ZeroDivisionError',
  'FileNotFoundError',
  'KeyboardInterrupt',
  'SystemExit',
  'UnicodeError',
  'UnicodeDecodeError',
  'UnicodeEncodeError',
  'ImportError',
  'ModuleNotFoundError',
  'IOError',
  'PermissionError',
  'TimeoutError',
  'Warning',
  'UserWarning',
  'DeprecationWarning',
];
/** Names that are not functions or types but live in builtins (exit, quit, help... are site objects). */
export const REFUSED_OBJECTS: Record<string, string> = {
  exit: 'Use exit() or Ctrl-D (i.e. EOF) to exit',
  quit: 'Use quit() or Ctrl-D (i.e. EOF) to exit',
  help: 'Type help() for interactive help, or help(object) for help about object.',
  copyright: 'copyright',
  credits: 'credits',
  license: 'Type license() to see the full license text',
};

/** Why a builtin we do not implement is refused. */
export function refusedCallReason(name: string): string {
  switch (name) {
    case 'open':
      return 'calls of open are not allowed (it touches files)';
    case 'exec':
    case 'eval':
    case 'compile':
      return `calls of ${name} are not allowed (it runs code)`;
    case '__import__':
      return 'calls of __import__ are not allowed (imports run code)';
    case 'input':
      return 'calls of input are not allowed (it reads stdin)';
    case 'breakpoint':
    case 'exit':
    case 'quit':
    case 'help':
      return `calls of ${name} are not allowed`;
    case 'setattr':
    case 'delattr':
      return `calls of ${name} are not allowed (it changes objects)`;
    case 'id':
      return 'object identities (id) are not known without running the program';
    case 'complex':
      return 'complex numbers are not supported';
    default:
      return `calls of ${name} are not allowed`;
  }
}
