// Exits with the code given as the first argument.
process.exitCode = Number(process.argv[2]);
