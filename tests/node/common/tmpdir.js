'use strict';
// A scratch directory per parallel job of the runner, which names it in
// ISOHOST_NODE_TEST_TMPDIR; emptied by refresh().

const path = require('path');

const tmpPath = process.env.ISOHOST_NODE_TEST_TMPDIR ||
  path.join(__dirname, '..', `.tmp.${process.env.TEST_THREAD_ID || '0'}`);

function refresh() {
  const fs = require('fs');
  fs.rmSync(tmpPath, { recursive: true, force: true, maxRetries: 3 });
  fs.mkdirSync(tmpPath, { recursive: true });
}

function resolve(...parts) {
  return path.resolve(tmpPath, ...parts);
}

function fileURL(...parts) {
  const url = require('url').pathToFileURL(resolve(...parts));
  // A directory's URL ends with a slash, as pathToFileURL gives only for '/'.
  if (parts.length === 0 && !url.href.endsWith('/')) url.pathname += '/';
  return url;
}

function hasEnoughSpace(size) {
  const { bavail, bsize } = require('fs').statfsSync(tmpPath);
  return bavail >= Math.ceil(size / bsize);
}

module.exports = {
  path: tmpPath,
  refresh,
  resolve,
  fileURL,
  hasEnoughSpace,
};
