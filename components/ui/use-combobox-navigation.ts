import type * as React from "react";
import { useState } from "react";

/**
 * The keys of a combobox whose input keeps focus while ↑ and ↓ move the active option of its listbox (wrapping at
 * the ends) and Enter chooses it. `optionId` names an option's element, so the active one is scrolled into view.
 */
export function useComboboxNavigation(count: number, optionId: (index: number) => string | undefined) {
  const [active, setActive] = useState(0);
  const current = count > 0 ? Math.min(active, count - 1) : -1;

  const move = (delta: number) => {
    if (count === 0) return;
    const next = (current + delta + count) % count;
    setActive(next);
    const id = optionId(next);
    if (id) document.getElementById(id)?.scrollIntoView({ block: "nearest" });
  };

  const onKeyDown = (event: React.KeyboardEvent<HTMLInputElement>, choose: (index: number) => void) => {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      move(event.key === "ArrowDown" ? 1 : -1);
    } else if (event.key === "Enter") {
      event.preventDefault();
      if (current >= 0) choose(current);
    }
  };

  return { active: current, setActive, onKeyDown };
}
