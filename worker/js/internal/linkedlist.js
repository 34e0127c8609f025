'use strict';
// The circular doubly linked list the timers keep their lists in
// (worker/js/timers.js), under the names of Node's internal/linkedlist.

const { linkInit, linkPeek, linkAppend, unlink } = internalRequire('timers');

module.exports = {
  init: linkInit,
  peek: linkPeek,
  remove: unlink,
  append: linkAppend,
  isEmpty: (list) => list._idleNext === list,
};
