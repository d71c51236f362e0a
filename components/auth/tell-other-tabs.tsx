"use client";

import { useEffect } from "react";
import { tellOtherTabsOfSignOut } from "@/lib/client/browser/signed-out-here";

/**
 * Rendered by the sign-in page a sign-out lands on: the session is gone by then, so the browser's other tabs of the
 * console, told now, find it gone too (told sooner, their sign-in page sent them back to the page they were on).
 */
export function TellOtherTabsOfSignOut() {
  useEffect(() => {
    tellOtherTabsOfSignOut();
  }, []);
  return null;
}
