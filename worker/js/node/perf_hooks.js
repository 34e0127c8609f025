'use strict';
// require('perf_hooks'): the same `performance` as the global, the entry and
// observer classes, and Node's constants (the GC kinds and flags that Node's
// 'gc' entries report; a worker makes no such entries).

const perf = internalRequire('internal/perf');

module.exports = {
  Performance: perf.Performance,
  PerformanceEntry: perf.PerformanceEntry,
  PerformanceMark: perf.PerformanceMark,
  PerformanceMeasure: perf.PerformanceMeasure,
  PerformanceObserver: perf.PerformanceObserver,
  PerformanceObserverEntryList: perf.PerformanceObserverEntryList,
  PerformanceResourceTiming: perf.PerformanceResourceTiming,
  performance: perf.performance,
  constants: {
    NODE_PERFORMANCE_GC_MAJOR: 4,
    NODE_PERFORMANCE_GC_MINOR: 1,
    NODE_PERFORMANCE_GC_INCREMENTAL: 8,
    NODE_PERFORMANCE_GC_WEAKCB: 16,
    NODE_PERFORMANCE_GC_FLAGS_NO: 0,
    NODE_PERFORMANCE_GC_FLAGS_CONSTRUCT_RETAINED: 2,
    NODE_PERFORMANCE_GC_FLAGS_FORCED: 4,
    NODE_PERFORMANCE_GC_FLAGS_SYNCHRONOUS_PHANTOM_PROCESSING: 8,
    NODE_PERFORMANCE_GC_FLAGS_ALL_AVAILABLE_GARBAGE: 16,
    NODE_PERFORMANCE_GC_FLAGS_ALL_EXTERNAL_MEMORY: 32,
    NODE_PERFORMANCE_GC_FLAGS_SCHEDULE_IDLE: 64,
  },
};
