// /api/payments/* — the allowlisted proxy to the payment API (route table in lib/proxy/route-table.ts)
import { proxyPaymentApi } from "@/lib/proxy/forward";

export const dynamic = "force-dynamic";

type Segment = { params: Promise<{ path: string[] }> };

async function handle(request: Request, segment: Segment): Promise<Response> {
  return proxyPaymentApi(request, (await segment.params).path);
}

export { handle as DELETE, handle as GET, handle as PATCH, handle as POST };
