"use client";

import type * as React from "react";
import { NativeSelect } from "@/components/ui/native-select";
import { COUNTRIES_BY_NAME } from "@/lib/universal/intl/country-names";

/**
 * A country by name, stored as its ISO 3166-1 alpha-2 code; type a name's first letters to jump to it. The choices
 * are the console's table (the contract's own list of codes), named the same on the server and in the browser.
 */
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
      {COUNTRIES_BY_NAME.map((country) => (
        <option key={country.code} value={country.code}>
          {country.name}
        </option>
      ))}
    </NativeSelect>
  );
}
