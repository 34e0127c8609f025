// A CommonJS entry: with --loader it goes through the hooks too.
console.log(`main: ${require.main === module} ${require('./dep.cjs')}`);
