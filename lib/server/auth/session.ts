import "server-only";
import { headers } from "next/headers";
import { cache } from "react";
import { type ConsoleUser, userFromRequestHeaders } from "./session-user";

export type { ConsoleUser } from "./session-user";

/** The signed-in person of the page or server function being rendered, once per render. */
export const currentUser = cache(
  async (): Promise<ConsoleUser | null> =>
    // Reading the request's headers first also marks every page that asks for the user as dynamic.
    userFromRequestHeaders(await headers()),
);
