// GET /api/health/ready — readiness: 200 when the console's database and the payment API both answer, else 503;
// the body names which is down ({status, checks: {database, paymentApi}}) and nothing else; while the console
// stops (draining its requests) 503 with {status: "unavailable", checks: {console: "stopping"}}.
import { readiness } from "@/lib/server/health/readiness";

export const dynamic = "force-dynamic";

export async function GET() {
  const answer = await readiness();
  return Response.json(answer, {
    status: answer.status === "ok" ? 200 : 503,
    headers: { "cache-control": "no-store" },
  });
}
