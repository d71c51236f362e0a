// GET /api/health — readiness of this console instance (its database), for launchers and load balancers
import { getConsoleDatabase } from "@/lib/db";

export const dynamic = "force-dynamic";

export async function GET() {
  try {
    await getConsoleDatabase().pool.query("select 1");
    return Response.json({ status: "ok" }, { headers: { "cache-control": "no-store" } });
  } catch {
    return Response.json(
      { status: 503, code: "UNAVAILABLE", message: "The console's database is not reachable." },
      { status: 503, headers: { "cache-control": "no-store" } },
    );
  }
}
