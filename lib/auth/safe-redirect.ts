/** A post-sign-in destination inside the console; anything else (other hosts, protocol-relative) goes home. */
export function safeCallbackPath(value: unknown): string {
  if (
    typeof value !== "string" ||
    !value.startsWith("/") ||
    value.startsWith("//") ||
    value.startsWith("/\\")
  )
    return "/";
  if (value.startsWith("/login") || value.startsWith("/api/")) return "/";
  return value.slice(0, 2048);
}
