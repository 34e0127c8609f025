// The Web globals are built on first read (lazy accessors, or lazy data
// properties where Node has data properties).
//   lazy_globals.js baseline prints, as the others do, and touches no global
//   lazy_globals.js look     lists the global's names without reading any
//   lazy_globals.js read N   reads global N, then shows what it became
//   lazy_globals.js assign N assigns global N before any read
const names = ['Event', 'EventTarget', 'CustomEvent', 'AbortController', 'AbortSignal', 'DOMException',
  'performance', 'Performance', 'PerformanceEntry', 'PerformanceMark', 'PerformanceMeasure',
  'PerformanceObserver', 'PerformanceObserverEntryList', 'PerformanceResourceTiming', 'navigator',
  'Navigator', 'structuredClone'];
const [mode, name] = process.argv.slice(2);
const kind = (n) => {
  const d = Object.getOwnPropertyDescriptor(globalThis, n);
  return d === undefined ? 'missing' : typeof d.get === 'function' ? 'accessor' : `data:${d.writable}`;
};
if (mode === 'baseline') {
  console.log('baseline');
} else if (mode === 'look') {
  const own = Object.getOwnPropertyNames(globalThis);
  console.log(names.map((n) => `${n}=${own.includes(n) ? 'present' : 'missing'}`).join(' '));
} else if (mode === 'read') {
  const first = globalThis[name];
  console.log(typeof first, kind(name), globalThis[name] === first,
              Object.getOwnPropertyDescriptor(globalThis, name).enumerable);
} else if (mode === 'assign') {
  globalThis[name] = 'replaced';
  console.log(globalThis[name], kind(name));
}
