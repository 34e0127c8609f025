console.log('hello world');
