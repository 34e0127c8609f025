this is not JavaScript
