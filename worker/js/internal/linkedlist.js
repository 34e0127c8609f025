'use strict';
// The circular doubly linked list the timers keep their lists in
// (worker/js/internal/timers/globals.js), under the names of Node's internal/linkedlist.

const { linkInit, linkPeek, linkAppend, unlink } = internalRequire('internal/timers/globals');

module.exports = {
  init: linkInit,
  peek: linkPeek,
  remove: unlink,
  append: linkAppend,
  isEmpty: (list) => list._idleNext === list,
};
