'use strict';
// path.matchesGlob(): shell-style patterns over a path's segments, as Node
// 20 matches them. '*' and '?' stay within a segment, '**' as a whole
// segment spans any number of them, '[a-z]' / '[!a-z]' are classes, '{a,b}'
// and '{1..3}' expand, '@(a|b)' '?(…)' '*(…)' '+(…)' '!(…)' are extended
// groups. Wildcards never match a leading '.' of a segment. A '\' in the
// pattern separates as '/' does, on posix too (there is no escape); in the
// path it separates only on win32. Case counts on both. A leading '!' or '#'
// is an ordinary character.

const kMaxExpansions = 10000;

// ------------------------------------------------------------ braces

// The index of the '}' closing the '{' at `open`, or -1.
function closingBrace(pattern, open, escapes) {
  let depth = 0;
  for (let i = open; i < pattern.length; i++) {
    const c = pattern[i];
    if (escapes && c === '\\') {
      i++;
    } else if (c === '{') {
      depth++;
    } else if (c === '}') {
      if (--depth === 0) return i;
    }
  }
  return -1;
}

// The comma-separated alternatives of body (commas nested in braces stay).
function splitAlternatives(body, escapes) {
  const parts = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < body.length; i++) {
    const c = body[i];
    if (escapes && c === '\\') {
      i++;
    } else if (c === '{') {
      depth++;
    } else if (c === '}') {
      depth--;
    } else if (c === ',' && depth === 0) {
      parts.push(body.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(body.slice(start));
  return parts;
}

// '1..3', 'a..c', '1..10..2' as the list they stand for, else undefined.
function expandSequence(body) {
  const match = /^(-?\d+|[a-zA-Z])\.\.(-?\d+|[a-zA-Z])(?:\.\.(-?\d+))?$/.exec(body);
  if (match === null) return undefined;
  const numeric = /\d/.test(match[1]);
  if (numeric !== /\d/.test(match[2])) return undefined;
  const from = numeric ? Number(match[1]) : match[1].charCodeAt(0);
  const to = numeric ? Number(match[2]) : match[2].charCodeAt(0);
  const step = Math.max(1, Math.abs(Number(match[3] || 1)));
  const out = [];
  for (let v = from; from <= to ? v <= to : v >= to; v += from <= to ? step : -step) {
    out.push(numeric ? String(v) : String.fromCharCode(v));
    if (out.length > kMaxExpansions) break;
  }
  return out;
}

function expandBraces(pattern, escapes) {
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    if (escapes && c === '\\') {
      i++;
      continue;
    }
    if (c !== '{') continue;
    const close = closingBrace(pattern, i, escapes);
    if (close === -1) return [pattern];
    const body = pattern.slice(i + 1, close);
    let alternatives = splitAlternatives(body, escapes);
    if (alternatives.length === 1) {
      alternatives = expandSequence(body);
      // '{a}' is literal text.
      if (alternatives === undefined) continue;
    }
    const head = pattern.slice(0, i);
    const tails = expandBraces(pattern.slice(close + 1), escapes);
    const out = [];
    for (const alternative of alternatives) {
      for (const expanded of expandBraces(alternative, escapes)) {
        for (const tail of tails) {
          out.push(head + expanded + tail);
          if (out.length > kMaxExpansions) return out;
        }
      }
    }
    return out;
  }
  return [pattern];
}

// ------------------------------------------------------------ segments

const kRegExpSpecial = /[\\^$.*+?()[\]{}|/]/;

function literal(c) {
  return kRegExpSpecial.test(c) ? `\\${c}` : c;
}

// The class starting at pattern[open] === '[' as [source, next index], or
// undefined when it does not close.
function bracketClass(segment, open) {
  let i = open + 1;
  let negate = false;
  if (segment[i] === '!' || segment[i] === '^') {
    negate = true;
    i++;
  }
  let body = '';
  let first = true;
  for (; i < segment.length; i++) {
    const c = segment[i];
    if (c === ']' && !first) {
      return [negate ? `[^/${body}]` : `[${body}]`, i + 1];
    }
    first = false;
    if (c === '\\' && i + 1 < segment.length) {
      body += `\\${segment[++i]}`;
    } else if (c === '[' && segment[i + 1] === ':') {
      const end = segment.indexOf(':]', i + 2);
      if (end === -1) return undefined;
      const name = segment.slice(i + 2, end);
      const classes = {
        alnum: 'a-zA-Z0-9', alpha: 'a-zA-Z', digit: '0-9', lower: 'a-z', upper: 'A-Z', space: '\\s',
        xdigit: 'a-fA-F0-9', punct: '!-\\/:-@\\[-`{-~', blank: ' \\t', word: '\\w',
      };
      if (classes[name] === undefined) return undefined;
      body += classes[name];
      i = end + 1;
    } else if (c === '-') {
      // A range between two characters; literal at either end, as in a
      // regular expression.
      body += '-';
    } else if (c === '^' || c === ']') {
      body += `\\${c}`;
    } else {
      body += literal(c);
    }
  }
  return undefined;
}

// The regular expression source of one pattern segment from index `start`,
// up to `stop` (a ')' or '|' of an enclosing group) as [source, next index].
function segmentSource(segment, start, escapes, inGroup) {
  let out = '';
  let i = start;
  while (i < segment.length) {
    const c = segment[i];
    const next = segment[i + 1];
    if (inGroup && (c === '|' || c === ')')) break;
    if (escapes && c === '\\') {
      out += i + 1 < segment.length ? literal(segment[i + 1]) : '\\\\';
      i += 2;
    } else if ('?*+@!'.includes(c) && next === '(') {
      const alternatives = [];
      let j = i + 2;
      let closed = false;
      for (;;) {
        const [source, end] = segmentSource(segment, j, escapes, true);
        alternatives.push(source);
        if (end >= segment.length) break;
        j = end + 1;
        if (segment[end] === ')') {
          closed = true;
          break;
        }
      }
      if (!closed) {
        out += literal(c);
        i++;
        continue;
      }
      const group = `(?:${alternatives.join('|')})`;
      if (c === '@') out += group;
      else if (c === '?') out += `${group}?`;
      else if (c === '*') out += `${group}*`;
      else if (c === '+') out += `${group}+`;
      else out += `(?:(?!${group}$)[^/]*?)`;
      i = j;
    } else if (c === '*') {
      while (segment[i] === '*') i++;
      out += '[^/]*?';
    } else if (c === '?') {
      out += '[^/]';
      i++;
    } else if (c === '[') {
      const cls = bracketClass(segment, i);
      if (cls === undefined) {
        out += '\\[';
        i++;
      } else {
        out += cls[0];
        i = cls[1];
      }
    } else {
      out += literal(c);
      i++;
    }
  }
  return [out, i];
}

const kGlobstar = null;

// A pattern segment as a matcher of one path segment, or kGlobstar.
function compileSegment(segment, escapes) {
  if (segment === '**') return kGlobstar;
  const [source] = segmentSource(segment, 0, escapes, false);
  // A wildcard never matches a leading dot, nor '.' or '..' entirely.
  const guard = segment[0] === '.' ? '' : '(?!\\.)';
  let regexp;
  try {
    regexp = new RegExp(`^${guard}${source}$`, 's');
  } catch {
    // A reversed range such as '[z-a]' matches nothing.
    return () => false;
  }
  return (name) => regexp.test(name);
}

function splitPath(path, win32) {
  return win32 ? path.split(/[\\/]/) : path.split('/');
}

function matchSegments(matchers, m, names, n) {
  for (; m < matchers.length; m++, n++) {
    const matcher = matchers[m];
    if (matcher === kGlobstar) {
      // '**' spans segments that are not hidden; last in the pattern, at
      // least one.
      const last = m === matchers.length - 1;
      for (let k = n; k <= names.length; k++) {
        if (last && k === n && n === names.length) return false;
        if (matchSegments(matchers, m + 1, names, k)) return true;
        if (k < names.length && names[k][0] === '.') return false;
      }
      return false;
    }
    if (n >= names.length || !matcher(names[n])) return false;
  }
  return n === names.length;
}

function matches(path, pattern, win32) {
  const { checkString } = internalRequire('internal/path/posix').helpers;
  checkString(path, 'path');
  checkString(pattern, 'pattern');
  internalRequire('internal/util').emitExperimentalWarning('glob');
  const escapes = false;
  const names = splitPath(path, win32);
  for (const alternative of expandBraces(pattern, escapes)) {
    const matchers = splitPath(alternative, true).map((segment) => compileSegment(segment, escapes));
    if (matchSegments(matchers, 0, names, 0)) return true;
  }
  return false;
}

exports.matches = matches;
