'use strict';
// What the console prints for strings alone (joined without inspecting)
// next to what needs util.format: specifiers, a lone '%', other values.
console.log('one');
console.log('two', 'words');
console.log();
console.log('');
console.log('', '');
console.log('%s and %d', 'text', 42);
console.log('100%');
console.log('a', '%s', 'b');
console.log('%%s', 'x');
console.log('%o', 'quoted');
console.log('a', 1, 'b');
console.log(-0, 'minus zero');
console.log('multi\nline', 'after');
console.info('info', 'string');
console.error('error', 'string');
console.warn('warn %i', 3.7);
console.group('group');
console.log('inside', 'group');
console.groupEnd();
console.log(Symbol('s'), 'after symbol');
console.log(10n, 'bigint');
// The global console's own properties, in Node's order, V8's context() and
// createTask() among them.
console.log(Object.keys(console).join(' '));
const task = console.createTask('a task');
console.log(task.run(() => 'the task ran'), Object.keys(console.context('a context')).length);
