// Prints what Node's command line gave it.
console.log(JSON.stringify({
  argv: process.argv.slice(1),
  execArgv: process.execArgv,
  filename: require('path').basename(__filename),
  main: require.main === module,
}));
