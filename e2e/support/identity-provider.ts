import { generateKeyPairSync, randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import type { Provider } from "oidc-provider";

/**
 * A real OpenID Provider (the `oidc-provider` package, a certified implementation) on loopback, for the single
 * sign-on specs. playwright.config.ts gives the console under test the issuer, client id and secret below; a spec
 * starts the provider with the accounts it needs and stops it after. The console fetches the provider's discovery
 * document when someone presses the sign-on button, not at start, so no other spec needs the provider running.
 *
 * Its sign-in page is this module's own (`/interaction/:uid`): one labelled email field, no password (the test is
 * of the console, not of the provider), and consent given at once for the console's scopes, as a company's
 * provider does for its own applications.
 */

const OIDC_PORT = Number(process.env.E2E_OIDC_PORT ?? 3132);
export const OIDC_ISSUER = `http://127.0.0.1:${OIDC_PORT}`;
export const OIDC_CLIENT_ID = "payments-console-e2e";
/** A test-only secret: the provider and the console under test both run on loopback for one run. */
export const OIDC_CLIENT_SECRET = "e2e-only-client-secret-not-used-anywhere-else";
export const OIDC_NAME = "Test identity provider";

export interface IdentityAccount {
  email: string;
  emailVerified: boolean;
  name?: string;
}

export interface IdentityProvider {
  readonly issuer: string;
  /**
   * Deletes the account's identity and makes it again with the same verified email, as a company does when it
   * re-creates a person at its provider: a new subject (`sub`), the old one gone. Answers the new subject.
   */
  recreate(email: string): string;
  /** The account's subject now. */
  subjectOf(email: string): string;
  stop(): Promise<void>;
}

/**
 * oidc-provider warns on import that Node 20 is not its supported runtime (it works on 20), and at start that its
 * store is in memory (as wanted here): those two lines are dropped.
 */
async function quietly<T>(work: () => Promise<T> | T): Promise<T> {
  const warn = console.warn;
  console.warn = (...args: unknown[]) => {
    if (!/Unsupported runtime|in-memory adapter/.test(String(args[0]))) warn(...args);
  };
  try {
    return await work();
  } finally {
    console.warn = warn;
  }
}

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title>
<style>body{font:16px system-ui,sans-serif;max-width:24rem;margin:4rem auto;padding:0 1rem;color:#18181b}
label{display:block;font-weight:600;margin:1rem 0 .25rem}input{width:100%;padding:.5rem;font:inherit;box-sizing:border-box}
button{margin-top:1rem;padding:.5rem 1rem;font:inherit}</style></head><body><main>${body}</main></body></html>`;
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

async function readForm(request: http.IncomingMessage): Promise<URLSearchParams> {
  let text = "";
  for await (const chunk of request) {
    text += String(chunk);
    if (text.length > 10_000) throw new Error("form too large");
  }
  return new URLSearchParams(text);
}

/**
 * Starts the provider on 127.0.0.1:OIDC_PORT with these accounts (keyed by email, the subject being a stable id
 * made from it), and one client: the console at `consoleOrigin`, whose Auth.js callback is the redirect URI.
 * Keys are generated here at every start.
 */
export async function startIdentityProvider(
  consoleOrigin: string,
  accounts: IdentityAccount[],
): Promise<IdentityProvider> {
  const { default: ProviderClass } = await quietly(() => import("oidc-provider"));
  const byEmail = new Map(accounts.map((account) => [account.email.toLowerCase(), account]));
  // Each email's identity: made again (recreate) it gets a new subject, as a new account at a real provider does.
  const generations = new Map<string, number>();
  const subjectOf = (email: string) => {
    const generation = generations.get(email.toLowerCase()) ?? 0;
    return `sub-${Buffer.from(email.toLowerCase()).toString("hex")}${generation ? `-${generation}` : ""}`;
  };
  const bySubject = new Map(accounts.map((account) => [subjectOf(account.email), account]));
  const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const signingKey = {
    ...privateKey.export({ format: "jwk" }),
    kid: "e2e-signing",
    use: "sig",
    alg: "RS256",
  };

  const provider: Provider = await quietly(
    () =>
      new ProviderClass(OIDC_ISSUER, {
        clients: [
          {
            client_id: OIDC_CLIENT_ID,
            client_secret: OIDC_CLIENT_SECRET,
            redirect_uris: [`${consoleOrigin}/api/auth/callback/oidc`],
            grant_types: ["authorization_code"],
            response_types: ["code"],
          },
        ],
        jwks: { keys: [signingKey] },
        cookies: { keys: [randomBytes(32).toString("hex")] },
        claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name"] },
        features: { devInteractions: { enabled: false } },
        // Lifetimes of its own, so that it does not print a notice for each default it falls back on.
        ttl: {
          AccessToken: 600,
          AuthorizationCode: 60,
          IdToken: 600,
          Interaction: 600,
          Grant: 3_600,
          Session: 3_600,
        },
        async findAccount(_ctx, sub) {
          const account = bySubject.get(sub);
          if (!account) return undefined;
          return {
            accountId: sub,
            async claims() {
              return {
                sub,
                email: account.email,
                email_verified: account.emailVerified,
                name: account.name ?? account.email,
              };
            },
          };
        },
      }),
  );

  async function interaction(request: http.IncomingMessage, response: http.ServerResponse): Promise<void> {
    const details = await provider.interactionDetails(request, response);
    if (request.method === "GET") {
      response.setHeader("content-type", "text/html; charset=utf-8");
      response.end(
        page(
          `Sign in to ${OIDC_NAME}`,
          `<h1>Sign in to ${OIDC_NAME}</h1>
<form method="post" action="/interaction/${escapeHtml(details.uid)}">
<label for="email">Email address</label><input id="email" name="email" type="email" required autofocus>
<button type="submit">Continue</button></form>`,
        ),
      );
      return;
    }
    const email = (await readForm(request)).get("email")?.trim().toLowerCase() ?? "";
    if (!byEmail.has(email)) {
      response.statusCode = 400;
      response.setHeader("content-type", "text/html; charset=utf-8");
      response.end(page("Unknown account", `<h1>No account ${escapeHtml(email)} at ${OIDC_NAME}</h1>`));
      return;
    }
    const accountId = subjectOf(email);
    const clientId = String(details.params.client_id);
    const grant = new provider.Grant({ accountId, clientId });
    grant.addOIDCScope(String(details.params.scope ?? "openid"));
    const grantId = await grant.save();
    await provider.interactionFinished(
      request,
      response,
      { login: { accountId }, consent: { grantId } },
      { mergeWithLastSubmission: false },
    );
  }

  // What went wrong at the provider, for the run's output when a spec fails.
  for (const event of ["grant.error", "server_error", "userinfo.error", "authorization.error"]) {
    provider.on(event, (_context: unknown, error: Error & { error_description?: string }) =>
      console.error(`identity provider ${event}: ${error.message} ${error.error_description ?? ""}`),
    );
  }
  const callback = provider.callback();
  const server = http.createServer((request, response) => {
    if (request.url?.startsWith("/interaction/")) {
      interaction(request, response).catch((error: unknown) => {
        response.statusCode = 500;
        response.end(`interaction failed: ${String(error)}`);
      });
      return;
    }
    callback(request, response);
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(OIDC_PORT, "127.0.0.1", () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  return {
    issuer: `http://127.0.0.1:${port}`,
    recreate(email: string): string {
      const account = byEmail.get(email.toLowerCase());
      if (!account) throw new Error(`no account ${email} at the identity provider`);
      bySubject.delete(subjectOf(email));
      generations.set(email.toLowerCase(), (generations.get(email.toLowerCase()) ?? 0) + 1);
      const subject = subjectOf(email);
      bySubject.set(subject, account);
      return subject;
    },
    subjectOf,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
