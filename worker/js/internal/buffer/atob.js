'use strict';
// atob() and btoa(): base64 for "binary strings" (one character per byte),
// with the WHATWG forgiving-base64 rules and a DOMException named
// InvalidCharacterError for what they reject.

const { Buffer } = internalRequire('internal/buffer/buffer');
const { ERR_MISSING_ARGS } = internalRequire('internal/errors').codes;

const RegExpPrototypeTest = Function.prototype.call.bind(RegExp.prototype.test);
const StringPrototypeCharCodeAt = Function.prototype.call.bind(String.prototype.charCodeAt);

function invalidCharacter(message = 'Invalid character') {
  const DOMException = internalRequire('internal/dom_exception');
  return new DOMException(message, 'InvalidCharacterError');
}

// Whether `code` is in the base64 alphabet (without '=').
function isBase64Char(code) {
  return (code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a) || (code >= 0x30 && code <= 0x39) ||
      code === 0x2b || code === 0x2f;
}

// ASCII whitespace: tab, line feed, form feed, carriage return, space.
function isAsciiWhitespace(code) {
  return code === 0x20 || code === 0x09 || code === 0x0a || code === 0x0c || code === 0x0d;
}

function btoa(input) {
  if (arguments.length === 0) throw new ERR_MISSING_ARGS('input');
  input = `${input}`;
  if (RegExpPrototypeTest(/[^\x00-\xff]/, input)) throw invalidCharacter();
  return Buffer.from(input, 'latin1').toString('base64');
}

function atob(input) {
  if (arguments.length === 0) throw new ERR_MISSING_ARGS('input');
  input = `${input}`;
  let data = 0;    // alphabet characters
  let padding = 0;  // '=' characters, which may only end the input
  for (let i = 0; i < input.length; i++) {
    const code = StringPrototypeCharCodeAt(input, i);
    if (isAsciiWhitespace(code)) continue;
    if (code === 0x3d) {
      if (++padding > 2) throw invalidCharacter();
    } else if (isBase64Char(code) && padding === 0) {
      data++;
    } else {
      throw invalidCharacter();
    }
  }
  // Padding is only allowed where it completes a group of four.
  if (padding > 0 && (data + padding) % 4 !== 0) throw invalidCharacter();
  if (data % 4 === 1) throw invalidCharacter('The string to be decoded is not correctly encoded.');
  return Buffer.from(input, 'base64').toString('latin1');
}

module.exports = { atob, btoa };
