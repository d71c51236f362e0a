import { type NextRequest, NextResponse } from "next/server";
import { CONTENT_SECURITY_POLICY, pageContentSecurityPolicy } from "./security-headers.mjs";

/** The request header that carries a page's script nonce from proxy.ts to the root layout. */
export const NONCE_HEADER = "x-nonce";

/** 128 random bits, base64: what CSP's nonce-source asks for. */
function newNonce(): string {
  return btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(16))));
}

/**
 * Lets a page request go on with a fresh script nonce: in the request's own Content-Security-Policy, where Next.js
 * finds it and gives it to its scripts, in NONCE_HEADER for the scripts the app writes itself (the theme's), and
 * in the answer's policy. Whatever the client sent under those names is replaced.
 */
export function continueWithNonce(request: NextRequest): NextResponse {
  const nonce = newNonce();
  const policy = pageContentSecurityPolicy(nonce);
  const headers = new Headers(request.headers);
  headers.set("content-security-policy", policy);
  headers.set(NONCE_HEADER, nonce);
  const response = NextResponse.next({ request: { headers } });
  response.headers.set("content-security-policy", policy);
  return response;
}

/** An answer of the proxy that is not a page (a redirect, a refusal) runs no script. */
export function withScriptlessPolicy<T extends Response>(response: T): T {
  response.headers.set("content-security-policy", CONTENT_SECURITY_POLICY);
  return response;
}
