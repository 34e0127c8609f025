'use strict';
// How wide a string is on a terminal, and the string without its ANSI escapes
// (util.getStringWidth, util.stripVTControlCharacters; format.js).

// Matches ANSI escape sequences (from chalk/ansi-regex, MIT, Sindre Sorhus).
const ansi = new RegExp(
  '[\\u001B\\u009B][[\\]()#;?]*' +
  '(?:(?:(?:(?:;[-a-zA-Z\\d\\/\\#&.:=?%@~_]+)*' +
  '|[a-zA-Z\\d]+(?:;[-a-zA-Z\\d\\/\\#&.:=?%@~_]*)*)?' +
  '(?:\\u0007|\\u001B\\u005C|\\u009C))' +
  '|(?:(?:\\d{1,4}(?:;\\d{0,4})*)?' +
  '[\\dA-PR-TZcf-nq-uy=><~]))', 'g',
);

// ---------------------------------------------------------------------------
// String width on a terminal.

function isZeroWidthCodePoint(code) {
  return code <= 0x1F || // C0 control codes
    (code >= 0x7F && code <= 0x9F) || // C1 control codes
    (code >= 0x300 && code <= 0x36F) || // Combining Diacritical Marks
    (code >= 0x200B && code <= 0x200F) || // Modifying Invisible Characters
    (code >= 0x20D0 && code <= 0x20FF) || // Combining Diacritical Marks for Symbols
    (code >= 0xFE00 && code <= 0xFE0F) || // Variation Selectors
    (code >= 0xFE20 && code <= 0xFE2F) || // Combining Half Marks
    (code >= 0xE0100 && code <= 0xE01EF); // Variation Selectors
}

// Code points partly derived from
// https://www.unicode.org/Public/UNIDATA/EastAsianWidth.txt
function isFullWidthCodePoint(code) {
  return code >= 0x1100 && (
    code <= 0x115f || // Hangul Jamo
    code === 0x2329 || // LEFT-POINTING ANGLE BRACKET
    code === 0x232a || // RIGHT-POINTING ANGLE BRACKET
    // CJK Radicals Supplement .. Enclosed CJK Letters and Months
    (code >= 0x2e80 && code <= 0x3247 && code !== 0x303f) ||
    // Enclosed CJK Letters and Months .. CJK Unified Ideographs Extension A
    (code >= 0x3250 && code <= 0x4dbf) ||
    // CJK Unified Ideographs .. Yi Radicals
    (code >= 0x4e00 && code <= 0xa4c6) ||
    // Hangul Jamo Extended-A
    (code >= 0xa960 && code <= 0xa97c) ||
    // Hangul Syllables
    (code >= 0xac00 && code <= 0xd7a3) ||
    // CJK Compatibility Ideographs
    (code >= 0xf900 && code <= 0xfaff) ||
    // Vertical Forms
    (code >= 0xfe10 && code <= 0xfe19) ||
    // CJK Compatibility Forms .. Small Form Variants
    (code >= 0xfe30 && code <= 0xfe6b) ||
    // Halfwidth and Fullwidth Forms
    (code >= 0xff01 && code <= 0xff60) ||
    (code >= 0xffe0 && code <= 0xffe6) ||
    // Kana Supplement
    (code >= 0x1b000 && code <= 0x1b001) ||
    // Enclosed Ideographic Supplement
    (code >= 0x1f200 && code <= 0x1f251) ||
    // Miscellaneous Symbols and Pictographs, Emoticons
    (code >= 0x1f300 && code <= 0x1f64f) ||
    // CJK Unified Ideographs Extension B .. Tertiary Ideographic Plane
    (code >= 0x20000 && code <= 0x3fffd)
  );
}

// Node with ICU counts format characters, combining marks and emoji
// modifiers as zero width (but not the soft hyphen), and emoji shown as
// pictures as two columns. Without ICU, V8 has no property escapes and the
// tables above have to do. Made when the first string that is not ASCII is
// measured: parsing the property escapes builds ICU's sets of those
// characters, which costs more than the rest of a first console.log.
let zeroWidthRegExp = null;
let emojiPresentationRegExp;

function makeWidthRegExps() {
  try {
    zeroWidthRegExp = new RegExp('^[\\p{Cc}\\p{Cf}\\p{Me}\\p{Mn}\\p{Emoji_Modifier}]$', 'u');
    emojiPresentationRegExp = new RegExp('^\\p{Emoji_Presentation}$', 'u');
  } catch {
    zeroWidthRegExp = undefined;
  }
}

function getCodePointWidth(char, code) {
  if (zeroWidthRegExp === null) makeWidthRegExps();
  if (zeroWidthRegExp !== undefined && code !== 0xAD && zeroWidthRegExp.test(char)) return 0;
  if (isFullWidthCodePoint(code)) return 2;
  if (isZeroWidthCodePoint(code)) return 0;
  if (emojiPresentationRegExp !== undefined && emojiPresentationRegExp.test(char)) return 2;
  return 1;
}

// The number of columns `str` takes on a terminal.
function getStringWidth(str, removeControlChars = true) {
  let width = 0;
  if (removeControlChars) str = stripVTControlCharacters(str);
  // ASCII needs neither normalization nor the tables.
  let i = 0;
  for (; i < str.length; i++) {
    const code = str.charCodeAt(i);
    if (code >= 127) break;
    width += code >= 32 ? 1 : 0;
  }
  if (i === str.length) return width;
  for (const char of str.slice(i).normalize('NFC')) {
    width += getCodePointWidth(char, char.codePointAt(0));
  }
  return width;
}

function stripVTControlCharacters(str) {
  if (typeof str !== 'string') throw internalRequire('internal/util/inspect/format').invalidArgType('str', 'string', str);
  return str.replace(ansi, '');
}

function removeColors(str) {
  return String(str).replace(ansi, '');
}

exports.ansi = ansi;
exports.getStringWidth = getStringWidth;
exports.stripVTControlCharacters = stripVTControlCharacters;
exports.removeColors = removeColors;
