// An error of Node's (made by a builtin, its stack already read) thrown from
// a nextTick callback: the report must not name the runtime's own reporting
// code as the place.
process.nextTick(() => Buffer.alloc('x'));
