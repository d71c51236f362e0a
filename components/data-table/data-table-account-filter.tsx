"use client";

import * as React from "react";
import { DataTableChosenValue } from "./data-table-chosen-value";
import { DataTableTextFilter } from "./data-table-text-filter";
import { ACCOUNT_ID, type AccountFilter } from "./filters";
import { useFocusWhenAsked } from "./use-focus-when-asked";

export type DataTableAccountFilterProps = {
  filter: AccountFilter;
  /** An account's id or a UMA address, as the URL holds it. */
  value: string | null;
  onChange: (value: string | null) => void;
};

/**
 * An account, typed or pasted as the API takes it (its id, or a UMA address where the API matches one). An account's
 * id reads back as the account's name with a button that lifts it and gives the field back, focused; anything else
 * stays in the field as typed.
 */
export function DataTableAccountFilter({ filter, value, onChange }: DataTableAccountFilterProps) {
  // Whether the field had the focus when its text became an id: the clear button that replaces it takes the focus.
  const typing = React.useRef(false);
  const refocus = useFocusWhenAsked<HTMLInputElement>();
  const focusIfTyping = React.useCallback((button: HTMLButtonElement | null) => {
    if (button && typing.current) {
      typing.current = false;
      // After the key that committed the text (Enter) has been dispatched: focused in the same event, the button
      // would take the key's own press and lift the filter at once. Only if the focus went nowhere meanwhile.
      setTimeout(() => {
        if (button.isConnected && (document.activeElement ?? document.body) === document.body) button.focus();
      }, 0);
    }
  }, []);

  if (value && ACCOUNT_ID.test(value)) {
    return (
      <DataTableChosenValue
        label={filter.label}
        value={value}
        clearRef={focusIfTyping}
        onClear={() => {
          refocus.ask();
          onChange(null);
        }}
      />
    );
  }
  return (
    <DataTableTextFilter
      filter={{
        type: "text",
        key: filter.key,
        label: filter.label,
        ...(filter.placeholder ? { placeholder: filter.placeholder } : {}),
      }}
      value={value}
      onChange={onChange}
      inputRef={refocus.ref}
      onFocusChange={(focused) => {
        typing.current = focused;
      }}
    />
  );
}
