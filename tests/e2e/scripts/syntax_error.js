console.log('never printed');
const x = ;
