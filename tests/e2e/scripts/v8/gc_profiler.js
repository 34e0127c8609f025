'use strict';
// v8.GCProfiler records the worker's collections between start() and stop()
// in Node's shape; several run at once, and one dropped while started is
// collected without harm. Run with --expose-gc.
const { GCProfiler } = require('v8');

const churn = (times) => {
  for (let k = 0; k < times; k++) {
    const garbage = [];
    for (let i = 0; i < 1e5; i++) garbage.push({ i });
  }
};

const profiler = new GCProfiler();
console.log('stop before start', profiler.stop());
profiler.start();
profiler.start();
churn(2);
gc();
const data = profiler.stop();
const first = data.statistics[0];
console.log(Object.keys(data), data.version, data.endTime >= data.startTime, data.statistics.length >= 2);
console.log(Object.keys(first), typeof first.cost, first.cost > 0);
console.log(Object.keys(first.beforeGC), Object.keys(first.beforeGC.heapStatistics).join());
console.log(Object.keys(first.afterGC.heapSpaceStatistics[0]).join());
console.log(data.statistics.every((s) => ['Scavenge', 'MarkSweepCompact', 'IncrementalMarking',
                                          'ProcessWeakCallbacks'].includes(s.gcType)),
            data.statistics.some((s) => s.gcType === 'MarkSweepCompact'));
console.log('stop again', profiler.stop());

const kept = new GCProfiler();
kept.start();
for (let j = 0; j < 20; j++) {
  const dropped = new GCProfiler();
  dropped.start();
  gc();
}
churn(3);
console.log('kept saw them', kept.stop().statistics.length >= 20);
