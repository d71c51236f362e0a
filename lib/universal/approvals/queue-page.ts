/**
 * How many of the approval queue's payments one page holds (GET /api/approvals): several screens' worth and quick
 * to draw. The queue is read and drawn a page at a time, so a queue of thousands (a platform whose console was down
 * for an afternoon) costs the server, the network and the browser one page (docs/decisions/0063-…); 25 since
 * drawing 50 cards took about 1.1 s of a 4x-throttled load (docs/decisions/0067-…).
 */
export const QUEUE_PAGE_SIZE = 25;
