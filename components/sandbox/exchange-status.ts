import type { SandboxExchange } from "@/lib/client/api/sandbox";

export function statusText(status: number): string {
  return status === 0 ? "No answer" : `HTTP ${status}`;
}

/** The API's error message from an answer, for a toast. */
export function exchangeErrorMessage(exchange: SandboxExchange): string {
  const body = exchange.response.body;
  if (body && typeof body === "object" && "message" in body && typeof body.message === "string")
    return body.message;
  return `The request failed (${statusText(exchange.response.status)}).`;
}
