"use client";

import countries from "i18n-iso-countries";
import type * as React from "react";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { countryName } from "./customer-labels";

// The contract validates codes with the same library, so every offered choice is one the API accepts.
const COUNTRY_OPTIONS = Object.keys(countries.getAlpha2Codes())
  .map((code) => ({ code, name: countryName(code) }))
  .sort((a, b) => a.name.localeCompare(b.name, "en"));

type TriggerProps = Omit<React.ComponentProps<typeof SelectTrigger>, "children">;

/** A country by name, stored as its ISO 3166-1 alpha-2 code; type a name's first letters to jump to it. */
export function CountrySelect({
  value,
  onValueChange,
  placeholder = "Choose a country",
  disabled,
  ...trigger
}: TriggerProps & {
  value: string;
  onValueChange: (code: string) => void;
  placeholder?: string;
}) {
  return (
    <Select value={value} onValueChange={onValueChange} disabled={disabled}>
      <SelectTrigger {...trigger}>
        <SelectValue placeholder={placeholder} />
      </SelectTrigger>
      <SelectContent className="max-h-72">
        {COUNTRY_OPTIONS.map((country) => (
          <SelectItem key={country.code} value={country.code}>
            {country.name}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
