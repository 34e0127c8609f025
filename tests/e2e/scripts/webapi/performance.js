// performance and perf_hooks as Node 20 has them: marks and measures (every
// form of measure()), the timeline queries, PerformanceObserver (when its
// callback runs, what it gets), the argument and brand checks, and what
// toJSON and util.inspect show. Times vary from run to run, so the script
// prints their types and relations, or replaces them by N.
const util = require('util');
const perfHooks = require('perf_hooks');
const { PerformanceObserver, PerformanceMark, PerformanceEntry, PerformanceMeasure } = perfHooks;

const times = (text) => text.replace(/-?\d+\.\d+(e[-+]?\d+)?/g, 'N');
function attempt(label, fn) {
  try {
    const r = fn();
    console.log(label, 'ok', r === undefined ? '' : times(util.inspect(r, { breakLength: Infinity })));
  } catch (e) {
    console.log(label, e.name, e.code, e.message);
  }
}

console.log(perfHooks.performance === performance, Object.prototype.toString.call(performance), performance instanceof EventTarget);
console.log(Object.getOwnPropertyDescriptor(globalThis, 'performance').enumerable);
console.log(JSON.stringify(perfHooks.constants));
const t1 = performance.now();
const t2 = performance.now();
console.log('now:', typeof t1, t2 >= t1, t1 > 0, performance.timeOrigin > 1.5e12, Math.abs(performance.timeOrigin + t2 - Date.now()) < 1000);
console.log('toJSON keys:', Object.keys(performance.toJSON()).join(','), Object.keys(performance.nodeTiming.toJSON()).join(','));
const elu = performance.eventLoopUtilization();
console.log('eventLoopUtilization:', Object.keys(elu).join(','), elu.active >= 0, elu.idle >= 0);
console.log('utilization of a delta:', performance.eventLoopUtilization(elu, elu).utilization);

const m1 = performance.mark('start', { detail: { step: 1 } });
const m2 = performance.mark('end', { startTime: m1.startTime + 0.001 });
console.log(m1.name, m1.entryType, m1.duration, JSON.stringify(m1.detail), (m2.startTime - m1.startTime).toFixed(6), m1 instanceof PerformanceEntry);
console.log(times(util.inspect(m1)), times(JSON.stringify(m2)));
console.log(Object.prototype.toString.call(m1), String(m1));
attempt('measure()', () => performance.measure());
attempt('measure all three', () => performance.measure('m', { start: 1, end: 5, duration: 2 }));
attempt('measure options and endMark', () => performance.measure('m', { start: 1 }, 'x'));
attempt('measure start..end marks', () => performance.measure('m1', 'start', 'end').duration.toFixed(6));
attempt('measure start, duration', () => performance.measure('m2', { start: 0.002, duration: 0.001, detail: [1] }));
attempt('measure end, duration', () => performance.measure('m3', { end: 0.002, duration: 0.001 }));
attempt('measure numeric start is ignored', () => performance.measure('m4', 5, 3));
attempt('measure end time', () => performance.measure('m5', undefined, 7));
attempt('measure missing mark', () => performance.measure('m6', 'nope'));
attempt('measure missing end mark', () => performance.measure('m6', { start: 2, end: 'x' }));
attempt('measure negative start', () => performance.measure('m6', { start: -1 }));
attempt('measure negative end', () => performance.measure('m6', 1, -1));
attempt('measure from nodeStart', () => typeof performance.measure('m7', 'nodeStart').duration);
performance.clearMeasures('m7');
attempt('mark()', () => performance.mark());
attempt('mark negative', () => performance.mark('a', { startTime: -1 }));
attempt('mark string time', () => performance.mark('a', { startTime: 'a' }));
attempt('mark options 5', () => performance.mark('a', 5));
attempt('mark options null', () => performance.mark('null-options', null).name);
attempt('mark symbol', () => performance.mark(Symbol('s')));
attempt('mark number name', () => performance.mark(5).name);
attempt('mark uncloneable detail', () => performance.mark('f', { detail: () => {} }));
attempt('new PerformanceMark', () => new PerformanceMark('pm', { startTime: 3, detail: 'd' }));
attempt('new PerformanceMark()', () => new PerformanceMark());
attempt('PerformanceMark()', () => PerformanceMark('x'));
attempt('new PerformanceEntry', () => new PerformanceEntry());
attempt('new PerformanceMeasure', () => new PerformanceMeasure());
attempt('now on a plain object', () => performance.now.call({}));
attempt('name of a plain object', () => Object.getOwnPropertyDescriptor(PerformanceEntry.prototype, 'name').get.call({}));
console.log('by name:', performance.getEntriesByName('start').length, performance.getEntriesByName('m1', 'mark').length,
            performance.getEntriesByName('m1', 'measure').length, performance.getEntriesByType('nope').length);
console.log('entries:', performance.getEntries().map((e) => `${e.name}:${e.entryType}`).join(' '));
console.log('sorted:', performance.getEntries().every((e, i, all) => i === 0 || all[i - 1].startTime <= e.startTime));
attempt('getEntriesByName()', () => performance.getEntriesByName());
attempt('getEntriesByType()', () => performance.getEntriesByType());
performance.clearMarks('start');
console.log('after clearMarks(start):', performance.getEntriesByType('mark').map((e) => e.name).join(','));
performance.clearMeasures();
performance.clearMarks();
console.log('after clearing:', performance.getEntries().length);

console.log(PerformanceObserver.supportedEntryTypes.join(','));
attempt('new PerformanceObserver(5)', () => new PerformanceObserver(5));
const order = [];
const obs = new PerformanceObserver((list, observer) => {
  order.push(`callback:${list.getEntries().map((e) => e.name).join(',')}:${observer === obs}`);
  console.log(order.join(' '));
  console.log(list.getEntriesByType('mark').length, list.getEntriesByName('o1').length, Object.prototype.toString.call(list));
  observer.disconnect();
});
attempt('observe()', () => obs.observe());
attempt('observe({})', () => obs.observe({}));
attempt('observe string entryTypes', () => obs.observe({ entryTypes: 'mark' }));
attempt('observe both', () => obs.observe({ entryTypes: ['mark'], type: 'mark' }));
obs.observe({ entryTypes: ['mark', 'measure'] });
performance.mark('o1');
performance.mark('o2');
console.log(times(util.inspect(obs, { breakLength: Infinity })));
Promise.resolve().then(() => order.push('microtask'));
process.nextTick(() => order.push('tick'));
setImmediate(() => order.push('immediate'));
const later = new PerformanceObserver((list) => console.log('buffered:', list.getEntries().map((e) => e.name).join(',')));
performance.mark('before observe');
later.observe({ type: 'mark', buffered: true });
setTimeout(() => {
  later.disconnect();
  const taking = new PerformanceObserver(() => console.log('never: takeRecords emptied it'));
  taking.observe({ type: 'measure' });
  performance.measure('taken');
  console.log('takeRecords:', taking.takeRecords().map((e) => e.name).join(','));
  taking.disconnect();
  const fnObserver = new PerformanceObserver((list) => {
    const [entry] = list.getEntries();
    console.log('timerify:', entry.name, entry.entryType, entry.duration >= 0);
    fnObserver.disconnect();
  });
  fnObserver.observe({ entryTypes: ['function'] });
  function work(a, b) {
    return a + b;
  }
  const timed = performance.timerify(work);
  console.log('timerified:', timed.name, timed.length, timed(2, 3), performance.timerify(work) === timed);
}, 5);
