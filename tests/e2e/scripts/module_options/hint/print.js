console.log('print');
