// eventLoopUtilization() counts the time the loop then spends waiting.
const start = performance.eventLoopUtilization();
setTimeout(() => {
  const delta = performance.eventLoopUtilization(start);
  console.log(JSON.stringify({ idle: delta.idle, active: delta.active, utilization: delta.utilization }));
}, 300);
