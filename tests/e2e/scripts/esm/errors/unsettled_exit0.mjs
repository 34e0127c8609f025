process.exitCode = 0;
await new Promise(() => {});
