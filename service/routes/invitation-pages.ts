import type { FastifyPluginAsync, FastifyReply } from "fastify";
import { claimInvitationBodySchema, type Invitation } from "../../shared/contract";
import type { ServiceContext } from "../context";
import { claimInvitation, getInvitation } from "../domain/invitations";
import { moneyText } from "../domain/payment-accounts";
import { ApiError } from "../errors";
import { parseOrThrow } from "../validation";
import { acceptFormPosts, escapeHtml, sendPage } from "./hosted-page";

// The invitee's page an invitation's `url` leads to: what the person invited sees (who invites them, the amount
// the inviter means to send, the expiry and the status), and on the sandbox a form that claims the invitation
// exactly as POST /invitations/{code}/claim does. Plain HTML, no script, every value escaped.

type CodeParams = { Params: { code: string } };

const DATE_FORMAT = new Intl.DateTimeFormat("en-GB", {
  timeZone: "UTC",
  day: "numeric",
  month: "long",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

const when = (iso: string) => `${DATE_FORMAT.format(new Date(iso))} UTC`;

/** Who invites, as the invitee reads it: the inviter's first name when given, and always their UMA address. */
function inviterHtml(invitation: Invitation): string {
  const address = `<span class="mono">${escapeHtml(invitation.inviterUma)}</span>`;
  return invitation.firstName ? `${escapeHtml(invitation.firstName)} (${address})` : address;
}

function statusText(invitation: Invitation): { label: string; sentence: string } {
  switch (invitation.status) {
    case "PENDING":
      return {
        label: "Open",
        sentence: invitation.expiresAt
          ? `You can claim it until ${when(invitation.expiresAt)}.`
          : "You can claim it; it does not expire.",
      };
    case "CLAIMED":
      return {
        label: "Claimed",
        sentence: `This invitation has been claimed${
          invitation.inviteeUma ? ` by ${invitation.inviteeUma}` : ""
        }${invitation.claimedAt ? ` on ${when(invitation.claimedAt)}` : ""}. It cannot be claimed again.`,
      };
    case "EXPIRED":
      return {
        label: "Expired",
        sentence: `This invitation expired${
          invitation.expiresAt ? ` on ${when(invitation.expiresAt)}` : ""
        } and can no longer be claimed.`,
      };
    case "CANCELLED":
      return {
        label: "Cancelled",
        sentence: "The inviter cancelled this invitation. It can no longer be claimed.",
      };
  }
}

interface FormState {
  value?: string;
  fieldError?: string;
  /** A refusal of the whole claim (claimed meanwhile, cancelled, expired). */
  formError?: string;
}

function invitationPage(
  invitation: Invitation,
  claimable: boolean,
  form: FormState,
): { title: string; body: string } {
  const status = statusText(invitation);
  const amount = invitation.amountToSend
    ? `${moneyText(invitation.amountToSend.amount, invitation.amountToSend.currency.code)} ${
        invitation.amountToSend.currency.code
      }`
    : undefined;
  const facts = `<dl class="facts">
<dt>Invited by</dt><dd>${inviterHtml(invitation)}</dd>
<dt>Amount to send</dt><dd>${
    amount
      ? `${escapeHtml(amount)}<br><span class="hint">Once you claim, the inviter&#39;s platform is told and sends it; nothing is paid before then.</span>`
      : "None; this invitation carries no payment."
  }</dd>
<dt>Expires</dt><dd>${invitation.expiresAt ? escapeHtml(when(invitation.expiresAt)) : "Never"}</dd>
<dt>Status</dt><dd><strong>${escapeHtml(status.label)}</strong></dd>
<dt>Code</dt><dd class="mono">${escapeHtml(invitation.code)}</dd>
</dl>`;
  const errors = [
    form.formError,
    form.fieldError ? `Your UMA address: ${form.fieldError}` : undefined,
  ].filter((message): message is string => message !== undefined);
  const summary =
    errors.length === 0
      ? ""
      : `<div class="summary" role="alert" aria-labelledby="summary-title">
<h2 id="summary-title">The invitation was not claimed</h2>
<ul>${errors
          .map((message) =>
            message === form.formError
              ? `<li>${escapeHtml(message)}</li>`
              : `<li><a href="#inviteeUma">${escapeHtml(message)}</a></li>`,
          )
          .join("")}</ul>
</div>`;
  let action: string;
  if (invitation.status !== "PENDING") {
    action = `<h2>${escapeHtml(status.label)}</h2>\n<p>${escapeHtml(status.sentence)}</p>`;
  } else if (!claimable) {
    action = `<p>${escapeHtml(status.sentence)}</p>
<p>Claiming from this page works on the sandbox only; on this platform an invitation is claimed through the API
(POST /invitations/{code}/claim).</p>`;
  } else {
    const describedBy = ["inviteeUma-hint", form.fieldError ? "inviteeUma-error" : ""]
      .filter(Boolean)
      .join(" ");
    // Posts to the page's own address, relative: a production platform's page is under /production/i/.
    action = `<p>${escapeHtml(status.sentence)}</p>
<form method="post" action="${escapeHtml(encodeURIComponent(invitation.code))}" novalidate aria-labelledby="claim-title">
<h2 id="claim-title">Claim this invitation</h2>
<div class="field">
<label for="inviteeUma">Your UMA address</label>
<p class="hint" id="inviteeUma-hint">The address the inviter's payment should reach, for example $you@example.com</p>
${form.fieldError ? `<p class="error" id="inviteeUma-error">${escapeHtml(form.fieldError)}</p>` : ""}
<input type="text" id="inviteeUma" name="inviteeUma" value="${escapeHtml(form.value ?? "")}" autocomplete="off" spellcheck="false" maxlength="300" aria-describedby="${describedBy}"${
      form.fieldError ? ' aria-invalid="true"' : ""
    }>
</div>
<div class="actions"><button type="submit" class="primary">Claim invitation</button></div>
</form>`;
  }
  const heading = invitation.firstName
    ? `${escapeHtml(invitation.firstName)} invites you to UMA`
    : "You are invited to UMA";
  const title = `${errors.length ? "Error: " : ""}${
    invitation.firstName ? `${invitation.firstName} invites you` : "Invitation"
  } (${status.label.toLowerCase()})`;
  const body = `<h1>${heading}</h1>
<p class="notice">This is the ${
    claimable ? "sandbox " : ""
  }invitation page of the local payment service: what the person invited sees when they open the invitation's
link. No real money moves.</p>
${summary}
${facts}
${action}`;
  return { title, body };
}

function sendNotFound(reply: FastifyReply) {
  return sendPage(
    reply,
    404,
    "Invitation not found",
    "<h1>Invitation not found</h1>\n<p>Check that the link is complete, or ask the person who invited you for it again.</p>",
  );
}

/** The invitation, or undefined for an unknown code; other failures (a database down) go to the error handler. */
async function findInvitation(context: ServiceContext, code: string): Promise<Invitation | undefined> {
  try {
    return (await getInvitation(context, code)) as Invitation;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return undefined;
    throw error;
  }
}

/**
 * The value of a posted field, if it is text, without the spaces a paste brings around it; a browser never sends NUL,
 * which the database cannot store.
 */
function postedText(body: unknown, name: string): string {
  const record = typeof body === "object" && body !== null ? (body as Record<string, unknown>) : {};
  const value = record[name];
  return typeof value === "string" ? value.replaceAll("\u0000", "").slice(0, 1000).trim() : "";
}

/** The message of the field a refusal names, if it names `inviteeUma`. */
function fieldMessage(error: ApiError): string | undefined {
  const fields = error.details?.fields;
  if (!Array.isArray(fields)) return undefined;
  const field = fields.find(
    (entry): entry is { path: string; message: string } =>
      typeof entry === "object" && entry !== null && (entry as { path?: unknown }).path === "inviteeUma",
  );
  return field?.message;
}

/**
 * GET and POST /i/{code}, outside the base path and without the API credential: the code is what the invitee holds.
 * Claiming here is offered on a platform that takes the sandbox credential only.
 */
export const invitationPages =
  (context: ServiceContext): FastifyPluginAsync =>
  async (app) => {
    acceptFormPosts(app);
    // The API's hook refreshes the sandbox clock after the credential; these pages have none, so they do it here.
    app.addHook("onRequest", async () => {
      await context.clock.refresh();
    });
    const claimable = context.config.credentials.some((credential) => credential.environment === "sandbox");

    // GET /i/{code} — the invitation as the invitee sees it
    app.get<CodeParams>("/i/:code", async (request, reply) => {
      const invitation = await findInvitation(context, request.params.code);
      if (!invitation) return sendNotFound(reply);
      const { title, body } = invitationPage(invitation, claimable, {});
      return sendPage(reply, 200, title, body);
    });

    // POST /i/{code} — claim it for the UMA address typed (sandbox only)
    app.post<CodeParams>("/i/:code", async (request, reply) => {
      const code = request.params.code;
      const value = postedText(request.body, "inviteeUma");
      const refuse = async (status: number, form: FormState) => {
        const invitation = await findInvitation(context, code);
        if (!invitation) return sendNotFound(reply);
        const { title, body } = invitationPage(invitation, claimable, { value, ...form });
        return sendPage(reply, status, title, body);
      };
      if (!claimable) {
        return refuse(403, { formError: "Claiming from this page works on the sandbox only." });
      }
      try {
        await claimInvitation(context, code, parseOrThrow(claimInvitationBodySchema, { inviteeUma: value }));
      } catch (error) {
        if (!(error instanceof ApiError) || error.status >= 500) throw error;
        if (error.status === 404) return sendNotFound(reply);
        const field = fieldMessage(error);
        return refuse(error.status, field ? { fieldError: field } : { formError: error.message });
      }
      // Back to the page, which now says it is claimed; a reload does not post again.
      return reply.code(303).header("location", encodeURIComponent(code)).send();
    });
  };
