'use strict';
// Output captured the ways real code captures it: process.stdout.write or
// process.stderr.write replaced, process.stdout replaced, console._stdout
// set. The console's lines and the process's warnings go where they were
// sent, as under Node.
const { Writable } = require('stream');

const captured = [];
const realWrite = process.stdout.write;
process.stdout.write = (text) => { captured.push(`stdout.write: ${JSON.stringify(text)}`); return true; };
console.log('hello', 'there');
console.count();
console.log({ an: 'object' });
process.stdout.isTTY = true;
console.clear();
process.stdout.isTTY = undefined;
console.clear();
process.stdout.write = realWrite;
console.log('restored');

const realStderrWrite = process.stderr.write;
process.stderr.write = (text) => {
  // A warning's first line names the runtime and its pid.
  if (text.includes('CustomWarning')) text = text.slice(text.indexOf('CustomWarning'), text.indexOf('\n') + 1);
  captured.push(`stderr.write: ${JSON.stringify(text)}`);
  return true;
};
console.error('to stderr');
process.emitWarning('something odd', 'CustomWarning');
setImmediate(() => {
  process.stderr.write = realStderrWrite;

  const chunks = [];
  const sink = new Writable({ write(chunk, encoding, callback) { chunks.push(String(chunk)); callback(); } });
  console._stdout = sink;
  console.log('into the sink');
  console._stdout = process.stdout;
  console.log('back on stdout');

  const realStdout = process.stdout;
  const other = new Writable({ write(chunk, encoding, callback) { chunks.push(`other: ${chunk}`); callback(); } });
  Object.defineProperty(process, 'stdout', { value: other, configurable: true, writable: true });
  console.log('into the other stream');
  Object.defineProperty(process, 'stdout', { value: realStdout, configurable: true, writable: true });

  console.log(captured.join('\n'));
  console.log(chunks.join(''));
});
