import { Clock } from "../../service/clock";
import { loadServiceConfig } from "../../service/config";
import { createServiceDatabase } from "../../service/db/client";
import { seedDemo } from "../../service/seed/demo";

/** Seeds the demo platform through the service's domain code when its database is still empty. */
export async function seedDemoIfEmpty(
  serviceEnv: NodeJS.ProcessEnv,
  webhookEndpoint: string,
): Promise<boolean> {
  const config = loadServiceConfig(serviceEnv);
  const db = createServiceDatabase(config.databaseUrl, { max: 2 });
  try {
    const clock = new Clock(db);
    await clock.refresh();
    return await seedDemo({ config, db, clock }, { webhookEndpoint });
  } finally {
    await db.pool.end();
  }
}
