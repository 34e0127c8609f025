'use strict';
// Paths into Node's test/fixtures, which the runner links beside this folder.

const path = require('path');

const fixturesDir = path.join(__dirname, '..', 'fixtures');

function fixturesPath(...parts) {
  return path.join(fixturesDir, ...parts);
}

function fileURL(...parts) {
  return require('url').pathToFileURL(fixturesPath(...parts));
}

function readSync(parts, encoding) {
  const file = Array.isArray(parts) ? fixturesPath(...parts) : fixturesPath(parts);
  return require('fs').readFileSync(file, encoding);
}

function readKey(name, encoding) {
  return require('fs').readFileSync(fixturesPath('keys', name), encoding);
}

function readKeys(encoding, ...names) {
  return names.map((name) => readKey(name, encoding));
}

module.exports = {
  fixturesDir,
  path: fixturesPath,
  fileURL,
  readSync,
  readKey,
  readKeys,
  get utf8TestText() {
    return readSync('utf8_test_text.txt', 'utf8');
  },
};
