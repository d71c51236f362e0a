import type { FastifyPluginAsync, FastifyReply } from "fastify";
import { getCustomerKycLinkQuerySchema } from "../../shared/contract";
import type { ServiceContext } from "../context";
import {
  createKycLink,
  type KycFormErrors,
  type KycFormField,
  type KycFormValues,
  kycFormFields,
  kycLinkState,
  submitKycForm,
} from "../domain/kyc";
import { customerAreaCode, parseOrThrow } from "../validation";
import { acceptFormPosts, escapeHtml, sendPage } from "./hosted-page";

/** GET /customers/kyc-link, under the API's base path and credential. */
export const kycRoutes =
  (context: ServiceContext): FastifyPluginAsync =>
  async (app) => {
    // GET /customers/kyc-link — a hosted verification link for a platform customer
    app.get("/customers/kyc-link", async (request) =>
      createKycLink(context, parseOrThrow(getCustomerKycLinkQuerySchema, request.query, customerAreaCode)),
    );
  };

// ---------------------------------------------------------------------------------------------------------
// The hosted page, for people: HTML that works without script, every value escaped (./hosted-page).

interface FieldSpec {
  name: KycFormField;
  label: string;
  hint?: string;
  type?: "text" | "date";
  autocomplete?: string;
  maxLength?: number;
}

const LABELS: Record<KycFormField, string> = {
  customerType: "Customer type",
  fullName: "Full name",
  birthDate: "Date of birth",
  nationality: "Nationality",
  legalName: "Legal name",
  registrationNumber: "Registration number (optional)",
  taxId: "Tax ID (optional)",
  line1: "Address line 1",
  line2: "Address line 2 (optional)",
  city: "Town or city (optional)",
  state: "State, province or region (optional)",
  postalCode: "Postal code",
  country: "Country",
};

function field(spec: FieldSpec, values: KycFormValues, errors: KycFormErrors): string {
  const id = spec.name;
  const error = errors[spec.name];
  const describedBy = [spec.hint ? `${id}-hint` : "", error ? `${id}-error` : ""].filter(Boolean).join(" ");
  return `<div class="field">
<label for="${id}">${escapeHtml(spec.label)}</label>
${spec.hint ? `<p class="hint" id="${id}-hint">${escapeHtml(spec.hint)}</p>` : ""}
${error ? `<p class="error" id="${id}-error">${escapeHtml(error)}</p>` : ""}
<input type="${spec.type ?? "text"}" id="${id}" name="${id}" value="${escapeHtml(values[spec.name] ?? "")}"${
    spec.autocomplete ? ` autocomplete="${spec.autocomplete}"` : ""
  }${spec.maxLength ? ` maxlength="${spec.maxLength}"` : ""}${describedBy ? ` aria-describedby="${describedBy}"` : ""}${
    error ? ' aria-invalid="true"' : ""
  }>
</div>`;
}

const COUNTRY_HINT = "Two-letter country code, for example US, MX or DE";

function formPage(
  token: string,
  platformCustomerId: string,
  values: KycFormValues,
  errors: KycFormErrors,
): { title: string; body: string } {
  // In the order a person meets the fields, a problem with the whole form first.
  const order: (KycFormField | "form")[] = ["form", ...kycFormFields];
  const errorEntries = order.flatMap((name) => {
    const message = errors[name];
    return message === undefined ? [] : [[name, message] as const];
  });
  const summary =
    errorEntries.length === 0
      ? ""
      : `<div class="summary" role="alert" aria-labelledby="summary-title" tabindex="-1">
<h2 id="summary-title">Please correct the following</h2>
<ul>
${errorEntries
  .map(([name, message]) =>
    name === "form"
      ? `<li>${escapeHtml(message)}</li>`
      : `<li><a href="#${name === "customerType" ? "customerType-individual" : name}">${escapeHtml(
          `${LABELS[name]}: ${message}`,
        )}</a></li>`,
  )
  .join("\n")}
</ul>
</div>`;
  const type = values.customerType === "BUSINESS" ? "BUSINESS" : "INDIVIDUAL";
  const typeError = errors.customerType;
  const radio = (value: "INDIVIDUAL" | "BUSINESS", label: string) => {
    const id = `customerType-${value.toLowerCase()}`;
    return `<div><input type="radio" id="${id}" name="customerType" value="${value}"${
      type === value ? " checked" : ""
    }${typeError ? ' aria-describedby="customerType-error"' : ""}> <label for="${id}">${label}</label></div>`;
  };
  const f = (spec: FieldSpec) => field(spec, values, errors);
  // The form posts to the page's own address, relative: a production platform's page is under /production/hosted/.
  const body = `<h1>Verify your identity</h1>
<p>This is the sandbox verification page of the local payment service for platform customer
<strong>${escapeHtml(platformCustomerId)}</strong>. Nothing you enter is checked against real records.</p>
${summary}
<form method="post" action="${escapeHtml(encodeURIComponent(token))}" novalidate>
<fieldset>
<legend>Customer type</legend>
${typeError ? `<p class="error" id="customerType-error">${escapeHtml(typeError)}</p>` : ""}
${radio("INDIVIDUAL", "Individual (a person)")}
${radio("BUSINESS", "Business")}
</fieldset>
<fieldset>
<legend>Individual details</legend>
<p class="hint">Fill these in when verifying a person.</p>
${f({ name: "fullName", label: LABELS.fullName, autocomplete: "name" })}
${f({ name: "birthDate", label: LABELS.birthDate, type: "date", hint: "For example 1990-04-25", autocomplete: "bday" })}
${f({ name: "nationality", label: LABELS.nationality, hint: COUNTRY_HINT, maxLength: 2, autocomplete: "off" })}
</fieldset>
<fieldset>
<legend>Business details</legend>
<p class="hint">Fill these in when verifying a business.</p>
${f({ name: "legalName", label: LABELS.legalName, autocomplete: "organization" })}
${f({ name: "registrationNumber", label: LABELS.registrationNumber, autocomplete: "off" })}
${f({ name: "taxId", label: LABELS.taxId, autocomplete: "off" })}
</fieldset>
<fieldset>
<legend>Address</legend>
${f({ name: "line1", label: LABELS.line1, autocomplete: "address-line1" })}
${f({ name: "line2", label: LABELS.line2, autocomplete: "address-line2" })}
${f({ name: "city", label: LABELS.city, autocomplete: "address-level2" })}
${f({ name: "state", label: LABELS.state, autocomplete: "address-level1" })}
${f({ name: "postalCode", label: LABELS.postalCode, autocomplete: "postal-code" })}
${f({ name: "country", label: LABELS.country, hint: COUNTRY_HINT, maxLength: 2, autocomplete: "country" })}
</fieldset>
<div class="actions">
<button type="submit" class="primary" name="action" value="complete">Complete verification</button>
<button type="submit" class="secondary" name="action" value="fail" formnovalidate>Fail verification</button>
</div>
</form>`;
  return { title: errorEntries.length ? "Error: verify your identity" : "Verify your identity", body };
}

const GONE_TEXT = {
  used: [
    "This link has already been used",
    "Each verification link works once. Ask the platform for a new one.",
  ],
  expired: [
    "This link has expired",
    "Verification links work for 15 minutes. Ask the platform for a new one.",
  ],
  unknown: [
    "Verification link not found",
    "Check that the address is complete, or ask the platform for a new link.",
  ],
} as const;

function sendGone(reply: FastifyReply, reason: keyof typeof GONE_TEXT) {
  const [title, text] = GONE_TEXT[reason];
  return sendPage(reply, reason === "unknown" ? 404 : 410, title, `<h1>${title}</h1>\n<p>${text}</p>`);
}

/** Only text values of the fields the form has; anything else a client posts is ignored. */
function formValues(body: unknown): { values: KycFormValues; action: string | undefined } {
  const record = typeof body === "object" && body !== null ? (body as Record<string, unknown>) : {};
  const values: KycFormValues = {};
  for (const name of kycFormFields) {
    const value = record[name];
    // A browser never sends NUL, which the database cannot store; dropping it beats refusing a person's form.
    if (typeof value === "string") values[name] = value.replaceAll("\u0000", "").slice(0, 1000);
  }
  return { values, action: typeof record.action === "string" ? record.action : undefined };
}

type TokenParams = { Params: { token: string } };

/** The hosted KYC page, outside the base path and without the API credential: its token is the credential. */
export const kycPages =
  (context: ServiceContext): FastifyPluginAsync =>
  async (app) => {
    acceptFormPosts(app);

    // GET /hosted/kyc/{token} — the verification form
    app.get<TokenParams>("/hosted/kyc/:token", async (request, reply) => {
      const state = await kycLinkState(context, request.params.token);
      if (state.kind !== "open") return sendGone(reply, state.kind);
      const { title, body } = formPage(request.params.token, state.link.platformCustomerId, {}, {});
      return sendPage(reply, 200, title, body);
    });

    // POST /hosted/kyc/{token} — complete or fail the verification
    app.post<TokenParams>("/hosted/kyc/:token", async (request, reply) => {
      const token = request.params.token;
      const { values, action } = formValues(request.body);
      if (action !== "complete" && action !== "fail") {
        const state = await kycLinkState(context, token);
        if (state.kind !== "open") return sendGone(reply, state.kind);
        const { title, body } = formPage(token, state.link.platformCustomerId, values, {
          form: "Choose Complete verification or Fail verification.",
        });
        return sendPage(reply, 400, title, body);
      }
      const outcome = await submitKycForm(context, token, action, values);
      switch (outcome.kind) {
        case "gone":
          return sendGone(reply, outcome.reason);
        case "invalid": {
          const { title, body } = formPage(token, outcome.platformCustomerId, values, outcome.errors);
          return sendPage(reply, 400, title, body);
        }
        case "done": {
          if (outcome.redirectTo) return reply.code(303).header("location", outcome.redirectTo).send();
          const approved = outcome.kycStatus === "APPROVED";
          const title = approved ? "Verification complete" : "Verification failed";
          const text = approved
            ? "Your identity is verified. You can close this page and return to the platform."
            : "Your identity could not be verified. You can close this page and contact the platform.";
          return sendPage(reply, 200, title, `<h1>${title}</h1>\n<p>${text}</p>`);
        }
      }
    });
  };
