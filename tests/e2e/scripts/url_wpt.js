'use strict';
// Runs the WPT url test data (urltestdata.json and its JavaScript-only
// part, setters_tests.json, toascii.json, IdnaTestV2.json) through the
// global URL and prints one JSON line per file:
// {"file", "passed", "total", "failures": [first few]}. The folder holding
// the data is the first argument.
const dir = process.argv[2];
const verbose = process.argv.includes('--verbose');
const kShown = verbose ? Infinity : 10;
const kAttributes = ['href', 'origin', 'protocol', 'username', 'password', 'host', 'hostname',
  'port', 'pathname', 'search', 'hash'];

function report(file, passed, total, failures) {
  console.log(JSON.stringify({ file, passed, total, failures: failures.slice(0, kShown) }));
}

function describe(value) {
  return typeof value === 'string' ? JSON.stringify(value) : String(value);
}

function runUrlTestData(file) {
  const cases = require(`${dir}/${file}`).filter((c) => typeof c === 'object');
  let passed = 0;
  const failures = [];
  for (const c of cases) {
    const base = c.base === null ? undefined : c.base;
    let problem = null;
    let url;
    try {
      url = base === undefined ? new URL(c.input) : new URL(c.input, base);
    } catch (err) {
      if (!c.failure) problem = `threw ${err && err.message}`;
    }
    if (problem === null && c.failure && url !== undefined) problem = `parsed as ${url.href}`;
    if (problem === null && c.failure && URL.canParse(c.input, base)) problem = 'canParse is true';
    if (problem === null && !c.failure) {
      for (const attribute of kAttributes) {
        if (!(attribute in c)) continue;
        if (url[attribute] !== c[attribute]) {
          problem = `${attribute} is ${describe(url[attribute])}, expected ${describe(c[attribute])}`;
          break;
        }
      }
      if (problem === null && 'searchParams' in c && url.searchParams.toString() !== c.searchParams) {
        problem = `searchParams is ${describe(url.searchParams.toString())}`;
      }
    }
    if (problem === null) passed++;
    else failures.push(`${describe(c.input)} against ${describe(c.base)}: ${problem}`);
  }
  report(file, passed, cases.length, failures);
}

function runSetters() {
  const data = require(`${dir}/setters_tests.json`);
  let passed = 0;
  let total = 0;
  const failures = [];
  for (const setter of Object.keys(data)) {
    if (setter === 'comment') continue;
    for (const c of data[setter]) {
      total++;
      let problem = null;
      try {
        const url = new URL(c.href);
        url[setter] = c.new_value;
        for (const attribute of Object.keys(c.expected)) {
          if (url[attribute] !== c.expected[attribute]) {
            problem = `${attribute} is ${describe(url[attribute])}, expected ${describe(c.expected[attribute])}`;
            break;
          }
        }
      } catch (err) {
        problem = `threw ${err && err.message}`;
      }
      if (problem === null) passed++;
      else failures.push(`${setter} = ${describe(c.new_value)} on ${describe(c.href)}: ${problem}`);
    }
  }
  report('setters_tests.json', passed, total, failures);
}

// Hosts through UTS #46: the host of https://INPUT/x, and (for toascii.json)
// the hostname setter.
function runToAscii(file, viaSetter) {
  const cases = require(`${dir}/${file}`).filter((c) => typeof c === 'object' && c.input !== '');
  let passed = 0;
  const failures = [];
  for (const c of cases) {
    let problem = null;
    try {
      const url = new URL(`https://${c.input}/x`);
      if (c.output === null) problem = `parsed as ${url.host}`;
      else if (url.host !== c.output) problem = `host is ${describe(url.host)}, expected ${describe(c.output)}`;
    } catch (err) {
      if (c.output !== null) problem = `threw ${err && err.message}`;
    }
    if (problem === null && viaSetter) {
      const url = new URL('https://x/x');
      url.hostname = c.input;
      const expected = c.output === null ? 'x' : c.output;
      if (url.hostname !== expected) problem = `hostname setter gave ${describe(url.hostname)}`;
    }
    if (problem === null) passed++;
    else failures.push(`${describe(c.input)}: ${problem}`);
  }
  report(file, passed, cases.length, failures);
}

runUrlTestData('urltestdata.json');
runUrlTestData('urltestdata-javascript-only.json');
runSetters();
runToAscii('toascii.json', true);
runToAscii('IdnaTestV2.json', false);
