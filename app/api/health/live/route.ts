// GET /api/health/live — liveness: the console's process is up and answering. It checks nothing else, so a
// supervisor restarts the process only when the process itself is stuck, never because a dependency is down.
export const dynamic = "force-dynamic";

export function GET() {
  return Response.json({ status: "ok" }, { headers: { "cache-control": "no-store" } });
}
