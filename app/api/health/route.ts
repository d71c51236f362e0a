// GET /api/health — this instance can serve: its process answers and its database does. What launchers, Playwright
// and load balancers wait on (a payment API that is down is down for every instance alike, so it does not count
// here); /api/health/live and /api/health/ready separate the two questions. A console that is stopping (SIGTERM,
// draining its requests) answers 503, so a balancer sends it nothing new.

import { checkDatabase } from "@/lib/server/health/readiness";
import { isStopping } from "@/lib/server/http/stopping";

export const dynamic = "force-dynamic";

export async function GET() {
  if (isStopping()) {
    return Response.json(
      { status: 503, code: "UNAVAILABLE", message: "This console is stopping." },
      { status: 503, headers: { "cache-control": "no-store" } },
    );
  }
  if ((await checkDatabase()) === "ok") {
    return Response.json({ status: "ok" }, { headers: { "cache-control": "no-store" } });
  }
  return Response.json(
    { status: 503, code: "UNAVAILABLE", message: "The console's database is not reachable." },
    { status: 503, headers: { "cache-control": "no-store" } },
  );
}
