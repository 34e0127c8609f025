'use strict';
// The names a CommonJS module exports, read from its source before it runs
// (an ES module importing it links against them first). Not a JavaScript
// parser: comments are skipped and these shapes are recognised, as Node's
// lexer recognises them:
//   exports.name = ...        module.exports.name = ...
//   exports['name'] = ...     Object.defineProperty(exports, 'name', ...)
//   module.exports = { a, b: c, 'd': e, ...require('x') }   (stops at the
//     first value that is not a plain name)
//   module.exports = require('x')   (a re-export: x's names too)
// A name computed at run time (exports[key] = ...) is not found, as in Node.

const kIdentifier = /^[A-Za-z_$][\w$]*$/;
// Comments, and string literals kept as they are (so that a '//' inside a
// string is not taken for a comment).
const kCommentOrString = /\/\*[\s\S]*?\*\/|\/\/[^\n]*|'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"|`(?:[^`\\]|\\[\s\S])*`/g;
const kDot = /(?<![\w$.])(?:module\s*\.\s*)?exports\s*\.\s*([A-Za-z_$][\w$]*)\s*=(?!=)/g;
const kBracket = /(?<![\w$.])(?:module\s*\.\s*)?exports\s*\[\s*(['"])([^'"\\\n]*)\1\s*\]\s*=(?!=)/g;
const kDefine = /Object\s*\.\s*defineProperty\s*\(\s*(?:module\s*\.\s*)?exports\s*,\s*(['"])([^'"\\\n]*)\1/g;
const kAssignObject = /(?<![\w$.])module\s*\.\s*exports\s*=\s*\{/g;
const kAssignRequire = /(?<![\w$.])module\s*\.\s*exports\s*=\s*require\s*\(\s*(['"])([^'"\\\n]+)\1\s*\)/g;
const kObjectEntry = /^\s*(?:\.\.\.\s*require\s*\(\s*(['"])([^'"\\\n]+)\1\s*\)|(['"])([^'"\\\n]*)\3|([A-Za-z_$][\w$]*))\s*(?::\s*([A-Za-z_$][\w$.]*)\s*)?([,}])/;

function stripComments(source) {
  return source.replace(kCommentOrString, (token) => (token[0] === '/' ? ' ' : token));
}

// { names: Set, reexports: [specifier] } of CommonJS `source`.
function parse(source) {
  const text = stripComments(source);
  const names = new Set();
  const reexports = [];
  for (const pattern of [kDot, kBracket, kDefine]) {
    pattern.lastIndex = 0;
    for (let match; (match = pattern.exec(text)) !== null;) names.add(match[match.length - 1]);
  }
  kAssignRequire.lastIndex = 0;
  for (let match; (match = kAssignRequire.exec(text)) !== null;) reexports.push(match[2]);
  kAssignObject.lastIndex = 0;
  for (let match; (match = kAssignObject.exec(text)) !== null;) {
    let rest = text.slice(match.index + match[0].length);
    for (;;) {
      const entry = kObjectEntry.exec(rest);
      if (entry === null) break;
      if (entry[2] !== undefined) reexports.push(entry[2]);
      else names.add(entry[4] !== undefined ? entry[4] : entry[5]);
      if (entry[7] === '}') break;
      rest = rest.slice(entry[0].length);
    }
  }
  return { names, reexports };
}

exports.parse = parse;
exports.isIdentifier = (name) => kIdentifier.test(name);
