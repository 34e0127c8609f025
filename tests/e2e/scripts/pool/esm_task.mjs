// An ES module task script: the default export runs the tasks; top-level
// await finishes before the first one.
const factor = await Promise.resolve(2);
export default async function (task, { taskId }) {
  return { doubled: task * factor, taskId, module: typeof import.meta.url };
}
