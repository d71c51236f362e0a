/**
 * How many of the approval queue's payments one page holds (GET /api/approvals): several screens' worth and quick
 * to draw. The queue is read and drawn a page at a time, so a queue of thousands (a platform whose console was down
 * for an afternoon) costs the server, the network and the browser one page (docs/decisions/0063-…); 25 since
 * drawing 50 cards took about 1.1 s of a 4x-throttled load (docs/decisions/0067-…).
 */
export const QUEUE_PAGE_SIZE = 25;

/**
 * The address of the queue's first page as the browser asks for it (lib/client/api/approvals.ts approvalQueueQuery:
 * unnarrowed, soonest deadline first). The approvals page, opened with nothing in its address, has the browser ask for
 * it while the page loads (a `<link rel="preload">`), so the queue finds its first page there when its code runs,
 * instead of asking only then (docs/decisions/0068-…).
 */
export const FIRST_QUEUE_PAGE_URL = "/api/approvals?sort=deadline";
