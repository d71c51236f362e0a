"use client";

import { type FieldError, useFormContext } from "react-hook-form";
import { BANK_ACCOUNT_TYPE_LABELS } from "@/components/accounts/bank-account-labels";
import { ControlledField } from "@/components/forms/controlled-field";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import { registerWithValue } from "@/lib/client/forms/register-with-value";
import type { PixKeyType } from "@/shared/contract";
import {
  type BankAccountFormValues,
  type CustomerBankAccountType,
  customerBankAccountTypes,
} from "./customer-form-values";

type BankAccountForm = { bankAccountInfo: BankAccountFormValues };
type TextField = Exclude<keyof BankAccountFormValues, "accountType" | "accountCategory" | "pixKeyType">;

/** Which currency each rail holds, so a person knows what the account will be used for. */
const RAIL_HINTS: Record<CustomerBankAccountType, string> = {
  US_ACCOUNT: "Holds USD. Needs the account and ABA routing numbers.",
  CLABE: "Holds MXN. The 18-digit CLABE identifies bank, branch and account.",
  IBAN: "Holds EUR, or the national currency outside the euro area.",
  PIX: "Holds BRL. A PIX key of one of five kinds.",
  UPI: "Holds INR. A virtual payment address.",
};

const PIX_KEY_HINTS: Record<PixKeyType, string> = {
  CPF: "11 digits, without dots or dashes",
  CNPJ: "14 characters, without dots, slashes or dashes",
  PHONE: "An international number like +5511999999999",
  EMAIL: "An email address",
  RANDOM: "A UUID like 123e4567-e89b-12d3-a456-426614174000",
};

/**
 * The bank account section of a form whose values hold `bankAccountInfo`: the account type, then exactly the
 * fields that format has, each with its rule. Validation is the contract's, run by the form's resolver.
 */
export function BankAccountFields({ optional = true }: { optional?: boolean }) {
  const form = useFormContext<BankAccountForm>();
  const { control, watch, formState } = form;
  const accountType = watch("bankAccountInfo.accountType");
  const pixKeyType = watch("bankAccountInfo.pixKeyType");
  const errors = formState.errors.bankAccountInfo as
    | Partial<Record<keyof BankAccountFormValues, FieldError>>
    | undefined;

  const text = (
    name: TextField,
    label: string,
    {
      required = true,
      description,
      mono = false,
    }: { required?: boolean; description?: string; mono?: boolean } = {},
  ) => (
    <FormField label={label} required={required} description={description} error={errors?.[name]}>
      <Input
        autoComplete="off"
        spellCheck={false}
        className={mono ? "font-mono" : undefined}
        {...registerWithValue(form, `bankAccountInfo.${name}`)}
      />
    </FormField>
  );

  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <ControlledField
        control={control}
        name="bankAccountInfo.accountType"
        label="Account type"
        required={!optional}
        className="sm:col-span-2"
        description={
          accountType === "" ? "Choose a format to enter the account's details." : RAIL_HINTS[accountType]
        }
      >
        {({ select }) => (
          <NativeSelect {...select} containerClassName="sm:max-w-sm">
            {optional ? (
              <option value="">No bank account</option>
            ) : (
              <option value="" disabled>
                Choose an account type
              </option>
            )}
            {customerBankAccountTypes.map((type) => (
              <option key={type} value={type}>
                {BANK_ACCOUNT_TYPE_LABELS[type]}
              </option>
            ))}
          </NativeSelect>
        )}
      </ControlledField>

      {accountType === "US_ACCOUNT" ? (
        <>
          {text("bankName", "Bank name")}
          <ControlledField
            control={control}
            name="bankAccountInfo.accountCategory"
            label="Account category"
            required
          >
            {({ select }) => (
              <NativeSelect {...select}>
                <option value="" disabled>
                  Checking or savings
                </option>
                <option value="CHECKING">Checking</option>
                <option value="SAVINGS">Savings</option>
              </NativeSelect>
            )}
          </ControlledField>
          {text("accountNumber", "Account number", { description: "4 to 17 digits", mono: true })}
          {text("routingNumber", "Routing number", { description: "9-digit ABA routing number", mono: true })}
        </>
      ) : null}

      {accountType === "CLABE" ? (
        <>
          {text("clabeNumber", "CLABE", {
            description: "18 digits; the last one is a control digit",
            mono: true,
          })}
          {text("bankName", "Bank name")}
        </>
      ) : null}

      {accountType === "IBAN" ? (
        <>
          {text("iban", "IBAN", {
            description: "Spaces are fine, e.g. DE89 3704 0044 0532 0130 00",
            mono: true,
          })}
          {text("bankName", "Bank name")}
          {text("swiftBic", "SWIFT/BIC", {
            required: false,
            description: "8 or 11 characters, e.g. COBADEFFXXX",
            mono: true,
          })}
        </>
      ) : null}

      {accountType === "PIX" ? (
        <>
          <ControlledField control={control} name="bankAccountInfo.pixKeyType" label="PIX key type" required>
            {({ select }) => (
              <NativeSelect {...select}>
                <option value="" disabled>
                  Choose the kind of key
                </option>
                <option value="CPF">CPF (individual tax id)</option>
                <option value="CNPJ">CNPJ (company tax id)</option>
                <option value="PHONE">Phone number</option>
                <option value="EMAIL">Email</option>
                <option value="RANDOM">Random key</option>
              </NativeSelect>
            )}
          </ControlledField>
          {text("pixKey", "PIX key", {
            description: pixKeyType === "" ? "Choose the kind of key first" : PIX_KEY_HINTS[pixKeyType],
            mono: true,
          })}
        </>
      ) : null}

      {accountType === "UPI"
        ? text("vpa", "UPI address", { description: "Looks like name@bank", mono: true })
        : null}

      {accountType !== ""
        ? text("platformAccountId", "Your reference", {
            required: false,
            description: "Optional: your own id for this account (platformAccountId).",
            mono: true,
          })
        : null}
    </div>
  );
}
