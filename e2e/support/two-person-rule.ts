import { withConsoleDatabase } from "./database";

/**
 * Turns the two-person rule off for the specs that follow, with no change of it left waiting. Directly in the
 * database: through the console, turning it off is itself a proposal a second officer must approve.
 */
export async function resetTwoPersonRule(): Promise<void> {
  await withConsoleDatabase(async (client) => {
    await client.query(
      "UPDATE config_proposals SET status = 'withdrawn' WHERE kind = 'thresholds' AND status = 'proposed'",
    );
    await client.query("DELETE FROM approval_thresholds");
  });
}

/** Whether the console recorded the rule a payment arrived under (its INCOMING_PAYMENT webhook was received). */
export async function arrivalRuleRecorded(transactionId: string): Promise<boolean> {
  return withConsoleDatabase(
    async (client) =>
      (
        await client.query("SELECT 1 FROM payment_arrival_thresholds WHERE transaction_id = $1", [
          transactionId,
        ])
      ).rowCount === 1,
  );
}
