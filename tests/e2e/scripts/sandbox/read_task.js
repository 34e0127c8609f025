// A task function that reads the file a task names (tests/e2e/sandbox_test.cc).
module.exports = (path) => require('fs').readFileSync(path, 'utf8');
