// npm run user:create -- --email a@b.c --name "A B" --role admin [--password …]
import { parseArgs } from "node:util";
import { generateFirstPassword } from "../lib/server/auth/passwords";
import { createUser, createUserInputSchema, DuplicateUserError } from "../lib/server/auth/users";
import { createConsoleDatabase } from "../lib/server/db/client";
import { isRole, roles } from "../lib/universal/auth/permissions";
import { consoleDatabaseUrl } from "./lib/console-database-url";

async function main() {
  const { values } = parseArgs({
    options: {
      email: { type: "string" },
      name: { type: "string" },
      role: { type: "string", default: "viewer" },
      password: { type: "string" },
    },
  });
  if (!values.email || !values.name || !isRole(values.role)) {
    console.error(
      `Usage: npm run user:create -- --email EMAIL --name NAME --role ${roles.join("|")} [--password PASSWORD]`,
    );
    process.exit(2);
  }
  const password = values.password ?? generateFirstPassword();
  const input = createUserInputSchema.safeParse({
    email: values.email,
    name: values.name,
    role: values.role,
    password,
  });
  if (!input.success) {
    for (const issue of input.error.issues) console.error(`${issue.path.join(".")}: ${issue.message}`);
    process.exit(2);
  }
  const db = createConsoleDatabase(consoleDatabaseUrl(), { max: 1 });
  try {
    const user = await createUser(db, input.data);
    console.log(`Created ${user.role} ${user.email}`);
    if (!values.password) console.log(`Password: ${password}`);
  } catch (error) {
    if (error instanceof DuplicateUserError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  } finally {
    await db.pool.end();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
