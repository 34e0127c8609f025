console.log('spinning forever');
while (true) {}
