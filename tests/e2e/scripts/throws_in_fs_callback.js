// An error made in one place and thrown, uncaught, from an fs callback in
// another: the fatal report's caret is at the throw, as in Node.
const made = new Error('made here');
require('fs').readFile(__filename, () => {
  /* padding */ throw made;
});
