import "server-only";
import { announce } from "../events/announce";

/**
 * A policy version proposed, activated or declined, told to every open page (kind "proposals", as every change for
 * a second person): the proposer's page learns its version was activated or declined, and the second person's that
 * one waits, without a reload. Answers `result`, once announced.
 */
export async function announcing<T>(result: T): Promise<T> {
  await announce({ kind: "proposals" });
  return result;
}
