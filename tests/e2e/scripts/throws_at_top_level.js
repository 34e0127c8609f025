// An error made on one line and thrown, uncaught, on another by the entry
// itself: the fatal report's caret is at the throw, as in Node.
const made = new Error('made here');
   throw made;
