'use strict';
// How util.inspect lays its pieces out: the prefix of an object's braces, the
// joining of entries, short entries of long arrays in columns, and whether
// an object fits on one line or breaks over several (format.js).

const { getStringWidth, removeColors } = internalRequire('internal/util/inspect/string_width');

const kObjectType = 0;

const kArrayType = 1;

const kArrayExtrasType = 2;

function join(output, separator) {
  let str = '';
  if (output.length !== 0) {
    const lastIndex = output.length - 1;
    for (let i = 0; i < lastIndex; i++) {
      str += output[i];
      str += separator;
    }
    str += output[lastIndex];
  }
  return str;
}

function getPrefix(constructor, tag, fallback, size = '') {
  if (constructor === null) {
    if (tag !== '' && fallback !== tag) {
      return `[${fallback}${size}: null prototype] [${tag}] `;
    }
    return `[${fallback}${size}: null prototype] `;
  }
  if (tag !== '' && constructor !== tag) {
    return `${constructor}${size} [${tag}] `;
  }
  return `${constructor}${size} `;
}

// Lines short entries of long arrays up in columns, e.g. for 30 numbers:
//    0,  3,  6,  9, 12, 15, 18, 21, 24,
//   27, 30, ...
function groupArrayElements(ctx, output, value) {
  let totalLength = 0;
  let maxLength = 0;
  let i = 0;
  let outputLength = output.length;
  if (ctx.maxArrayLength < output.length) {
    // Leave the "... n more items" entry out of the measurement.
    outputLength--;
  }
  const separatorSpace = 2; // A comma and a space.
  const dataLen = new Array(outputLength);
  // Widths without colors.
  for (; i < outputLength; i++) {
    const len = getStringWidth(output[i], ctx.colors);
    dataLen[i] = len;
    totalLength += len + separatorSpace;
    if (maxLength < len) maxLength = len;
  }
  const actualMax = maxLength + separatorSpace;
  // Group only if at least three entries fit next to each other and no entry
  // is much longer than the rest (longer than a fifth of all of them).
  if (actualMax * 3 + ctx.indentationLvl < ctx.breakLength &&
      (totalLength / actualMax > 5 || maxLength <= 6)) {
    const approxCharHeights = 2.5;
    const averageBias = Math.sqrt(actualMax - totalLength / output.length);
    const biasedMax = Math.max(actualMax - 3 - averageBias, 1);
    const columns = Math.min(
      // Aim at a square, taking a character as 2.5 times as high as wide;
      // the bias adds columns for short entries.
      Math.round(Math.sqrt(approxCharHeights * biasedMax * outputLength) / biasedMax),
      // Stay within breakLength.
      Math.floor((ctx.breakLength - ctx.indentationLvl) / actualMax),
      // Small `compact` values ask for little grouping.
      ctx.compact * 4,
      15,
    );
    if (columns <= 1) return output;
    const tmp = [];
    const maxLineLength = [];
    for (let i = 0; i < columns; i++) {
      let lineMaxLength = 0;
      for (let j = i; j < output.length; j += columns) {
        if (dataLen[j] > lineMaxLength) lineMaxLength = dataLen[j];
      }
      lineMaxLength += separatorSpace;
      maxLineLength[i] = lineMaxLength;
    }
    // Numbers are aligned to the right, everything else to the left.
    let order = padStart;
    if (value !== undefined) {
      for (let i = 0; i < output.length; i++) {
        if (typeof value[i] !== 'number' && typeof value[i] !== 'bigint') {
          order = padEnd;
          break;
        }
      }
    }
    for (let i = 0; i < outputLength; i += columns) {
      // The last line may hold fewer entries.
      const max = Math.min(i + columns, outputLength);
      let str = '';
      let j = i;
      for (; j < max - 1; j++) {
        // Colors take no room on screen; pad for them line by line.
        const padding = maxLineLength[j - i] + output[j].length - dataLen[j];
        str += order(`${output[j]}, `, padding, ' ');
      }
      if (order === padStart) {
        const padding = maxLineLength[j - i] + output[j].length - dataLen[j] - separatorSpace;
        str += output[j].padStart(padding, ' ');
      } else {
        str += output[j];
      }
      tmp.push(str);
    }
    if (ctx.maxArrayLength < output.length) {
      tmp.push(output[outputLength]);
    }
    output = tmp;
  }
  return output;
}

function padStart(str, length, fill) {
  return str.padStart(length, fill);
}

function padEnd(str, length, fill) {
  return str.padEnd(length, fill);
}

function isBelowBreakLength(ctx, output, start, base) {
  // Each entry takes at least a comma; some also a space. Widths count
  // UTF-16 units, as Node does.
  let totalLength = output.length + start;
  if (totalLength + output.length > ctx.breakLength) return false;
  for (let i = 0; i < output.length; i++) {
    if (ctx.colors) {
      totalLength += removeColors(output[i]).length;
    } else {
      totalLength += output[i].length;
    }
    if (totalLength > ctx.breakLength) return false;
  }
  // No single line when `base` spans several.
  return base === '' || !base.includes('\n');
}

function reduceToSingleString(ctx, output, base, braces, extrasType, recurseTimes, value) {
  if (ctx.compact !== true) {
    if (typeof ctx.compact === 'number' && ctx.compact >= 1) {
      // Grouped output is never joined into one line.
      const entries = output.length;
      if (extrasType === kArrayExtrasType && entries > 6) {
        output = groupArrayElements(ctx, output, value);
      }
      // ctx.currentDepth is the depth of the innermost object formatted so
      // far, recurseTimes that of this one. Objects with at most
      // `ctx.compact` levels inside them go on one line when it fits.
      if (ctx.currentDepth - recurseTimes < ctx.compact && entries === output.length) {
        // The 10 leaves room for whatever else shares the line.
        const start = output.length + ctx.indentationLvl + braces[0].length + base.length + 10;
        if (isBelowBreakLength(ctx, output, start, base)) {
          const joinedOutput = join(output, ', ');
          if (!joinedOutput.includes('\n')) {
            return `${base ? `${base} ` : ''}${braces[0]} ${joinedOutput}` + ` ${braces[1]}`;
          }
        }
      }
    }
    // One entry per line.
    const indentation = `\n${' '.repeat(ctx.indentationLvl)}`;
    return `${base ? `${base} ` : ''}${braces[0]}${indentation}  ${
      join(output, `,${indentation}  `)}${indentation}${braces[1]}`;
  }
  // compact === true: one line if it fits.
  if (isBelowBreakLength(ctx, output, 0, base)) {
    return `${braces[0]}${base ? ` ${base}` : ''} ${join(output, ', ')} ` + braces[1];
  }
  const indentation = ' '.repeat(ctx.indentationLvl);
  // A long opening brace like "Set {" pushes the first entry to its own line
  // so that the entries line up.
  const ln = base === '' && braces[0].length === 1 ?
    ' ' : `${base ? ` ${base}` : ''}\n${indentation}  `;
  return `${braces[0]}${ln}${join(output, `,\n${indentation}  `)} ${braces[1]}`;
}

exports.kObjectType = kObjectType;
exports.kArrayType = kArrayType;
exports.kArrayExtrasType = kArrayExtrasType;
exports.join = join;
exports.getPrefix = getPrefix;
exports.groupArrayElements = groupArrayElements;
exports.padStart = padStart;
exports.padEnd = padEnd;
exports.isBelowBreakLength = isBelowBreakLength;
exports.reduceToSingleString = reduceToSingleString;
