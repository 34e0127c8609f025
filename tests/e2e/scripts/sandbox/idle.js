setTimeout(() => console.log('done'), 400);
