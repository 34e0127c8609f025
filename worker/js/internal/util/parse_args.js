'use strict';
// util.parseArgs: command-line arguments to { values, positionals, tokens }.
// The arguments are first cut into tokens (options with their values,
// positionals, the '--' terminator), then checked against the declared
// options (strict mode) and stored.

const { codes } = internalRequire('internal/errors');
const { validateArray, validateBoolean, validateObject, validateString } = internalRequire('internal/validators');

const hasOwn = (object, key) => Object.prototype.hasOwnProperty.call(object, key);
const optionOf = (options, name) => (hasOwn(options, name) ? options[name] : undefined);
const typeOf = (options, name) => optionOf(options, name)?.type;

function longNameOfShort(short, options) {
  for (const name of Object.keys(options)) {
    if (options[name].short === short) return name;
  }
  return short;
}

const isLoneShort = (arg) => arg.length === 2 && arg[0] === '-' && arg[1] !== '-';
const isLong = (arg) => arg.length > 2 && arg.startsWith('--');
const isShortCluster = (arg) => arg.length > 2 && arg[0] === '-' && arg[1] !== '-';
// A following argument is taken as a string option's value whatever it looks like.
const isValue = (arg) => arg !== undefined;

function tokenize(args, options) {
  const tokens = [];
  const remaining = args.map((arg, index) => ({ arg, index }));
  while (remaining.length > 0) {
    const { arg, index } = remaining.shift();
    const next = remaining[0];
    if (arg === '--') {
      tokens.push({ kind: 'option-terminator', index });
      for (const rest of remaining) tokens.push({ kind: 'positional', index: rest.index, value: rest.arg });
      break;
    }
    if (isLoneShort(arg)) {
      const name = longNameOfShort(arg[1], options);
      let value;
      let inlineValue;
      if (typeOf(options, name) === 'string' && next !== undefined && isValue(next.arg)) {
        value = remaining.shift().arg;
        inlineValue = false;
      }
      tokens.push({ kind: 'option', name, rawName: arg, index, value, inlineValue });
      continue;
    }
    if (isShortCluster(arg)) {
      const firstName = longNameOfShort(arg[1], options);
      if (typeOf(options, firstName) === 'string') {
        // -nVALUE
        tokens.push({ kind: 'option', name: firstName, rawName: arg.slice(0, 2), index, value: arg.slice(2), inlineValue: true });
        continue;
      }
      // -abc is -a -b -c; a string option inside takes the rest as its value.
      const expanded = [];
      for (let i = 1; i < arg.length; i++) {
        const name = longNameOfShort(arg[i], options);
        if (typeOf(options, name) !== 'string' || i === arg.length - 1) {
          expanded.push({ arg: `-${arg[i]}`, index });
        } else {
          expanded.push({ arg: `-${arg[i]}`, index }, { arg: arg.slice(i + 1), index });
          break;
        }
      }
      remaining.unshift(...expanded);
      continue;
    }
    if (isLong(arg)) {
      const equals = arg.indexOf('=');
      if (equals !== -1) {
        const name = arg.slice(2, equals);
        tokens.push({ kind: 'option', name, rawName: `--${name}`, index, value: arg.slice(equals + 1), inlineValue: true });
        continue;
      }
      const name = arg.slice(2);
      let value;
      let inlineValue;
      if (typeOf(options, name) === 'string' && next !== undefined && isValue(next.arg)) {
        value = remaining.shift().arg;
        inlineValue = false;
      }
      tokens.push({ kind: 'option', name, rawName: arg, index, value, inlineValue });
      continue;
    }
    tokens.push({ kind: 'positional', index, value: arg });
  }
  return tokens;
}

function shortAndLong(name, options) {
  const short = optionOf(options, name)?.short;
  return short === undefined ? `--${name}` : `-${short}, --${name}`;
}

function checkOption(token, options, allowPositionals) {
  const { name, rawName, value, inlineValue } = token;
  if (!hasOwn(options, name)) throw new codes.ERR_PARSE_ARGS_UNKNOWN_OPTION(rawName, allowPositionals);
  const type = options[name].type;
  if (type === 'string' && typeof value !== 'string') {
    throw new codes.ERR_PARSE_ARGS_INVALID_OPTION_VALUE(`Option '${shortAndLong(name, options)} <value>' argument missing`);
  }
  if (type === 'boolean' && value !== undefined) {
    throw new codes.ERR_PARSE_ARGS_INVALID_OPTION_VALUE(`Option '${shortAndLong(name, options)}' does not take an argument`);
  }
  if (type === 'string' && inlineValue === false && value.length > 0 && value[0] === '-') {
    const example = rawName.startsWith('--') ? `'${rawName}=-XYZ'` : `'--${name}=-XYZ' or '${rawName}-XYZ'`;
    throw new codes.ERR_PARSE_ARGS_INVALID_OPTION_VALUE(`Option '${rawName}' argument is ambiguous.\n` +
      `Did you forget to specify the option argument for '${rawName}'?\n` +
      `To specify an option argument starting with a dash use ${example}.`);
  }
}

function store(values, name, value, options) {
  if (name === '__proto__') return;
  const stored = value === undefined ? true : value;
  if (optionOf(options, name)?.multiple) {
    if (values[name] === undefined) values[name] = [stored];
    else values[name].push(stored);
  } else {
    values[name] = stored;
  }
}

function validateOptions(options) {
  for (const name of Object.keys(options)) {
    const option = options[name];
    validateObject(option, `options.${name}`);
    const type = option.type;
    if (type !== 'string' && type !== 'boolean') {
      throw new codes.ERR_INVALID_ARG_TYPE(`options.${name}.type`, "('string|boolean')", type);
    }
    if (hasOwn(option, 'short')) {
      validateString(option.short, `options.${name}.short`);
      if (option.short.length !== 1) {
        throw new codes.ERR_INVALID_ARG_VALUE(`options.${name}.short`, option.short, 'must be a single character');
      }
    }
    const multiple = hasOwn(option, 'multiple') ? option.multiple : false;
    if (hasOwn(option, 'multiple')) validateBoolean(multiple, `options.${name}.multiple`);
    if (hasOwn(option, 'default') && option.default !== undefined) {
      const label = `options.${name}.default`;
      if (multiple) {
        validateArray(option.default, label);
        option.default.forEach((item, i) => checkDefaultType(item, type, `${label}[${i}]`));
      } else {
        checkDefaultType(option.default, type, label);
      }
    }
  }
}

function checkDefaultType(value, type, label) {
  if (type === 'string') validateString(value, label);
  else validateBoolean(value, label);
}

function parseArgs(config = {}) {
  validateObject(config, 'config');
  const args = hasOwn(config, 'args') ? config.args : process.argv.slice(2);
  const strict = hasOwn(config, 'strict') ? config.strict : true;
  const allowPositionals = hasOwn(config, 'allowPositionals') ? config.allowPositionals : !strict;
  const returnTokens = hasOwn(config, 'tokens') ? config.tokens : false;
  let options = hasOwn(config, 'options') ? config.options : {};
  validateArray(args, 'args');
  validateBoolean(strict, 'strict');
  validateBoolean(allowPositionals, 'allowPositionals');
  validateBoolean(returnTokens, 'tokens');
  validateObject(options, 'options', { nullable: true });
  if (options === null) options = {};
  validateOptions(options);

  const tokens = tokenize(args, options);
  const values = { __proto__: null };
  const positionals = [];
  for (const token of tokens) {
    if (token.kind === 'option') {
      if (strict) checkOption(token, options, allowPositionals);
      store(values, token.name, token.value, options);
    } else if (token.kind === 'positional') {
      if (!allowPositionals) throw new codes.ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL(token.value);
      positionals.push(token.value);
    }
  }
  for (const name of Object.keys(options)) {
    const fallback = options[name].default;
    if (fallback !== undefined && values[name] === undefined) values[name] = fallback;
  }
  const result = { values, positionals };
  if (returnTokens) result.tokens = tokens;
  return result;
}

exports.parseArgs = parseArgs;
