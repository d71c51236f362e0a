"use client";

import type * as React from "react";
import { NativeSelect } from "@/components/ui/native-select";
import { COUNTRY_CODES } from "@/shared/contract/iso-3166";
import { countryName } from "./customer-labels";

// The contract validates codes with the same list, so every offered choice is one the API accepts.
const COUNTRY_OPTIONS = COUNTRY_CODES.map((code) => ({ code, name: countryName(code) })).sort((a, b) =>
  a.name.localeCompare(b.name, "en"),
);

/** A country by name, stored as its ISO 3166-1 alpha-2 code; type a name's first letters to jump to it. */
export function CountrySelect({
  value,
  onValueChange,
  placeholder = "Choose a country",
  ...select
}: Omit<React.ComponentProps<"select">, "value" | "onChange" | "children"> & {
  value: string;
  onValueChange: (code: string) => void;
  placeholder?: string;
}) {
  return (
    <NativeSelect {...select} value={value} onChange={(event) => onValueChange(event.target.value)}>
      <option value="" disabled>
        {placeholder}
      </option>
      {COUNTRY_OPTIONS.map((country) => (
        <option key={country.code} value={country.code}>
          {country.name}
        </option>
      ))}
    </NativeSelect>
  );
}
