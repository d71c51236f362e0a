import type * as React from "react";
import { useCallback, useState } from "react";

/**
 * The keys of a combobox whose input keeps focus while ↑ and ↓ move the active option of its listbox (wrapping at
 * the ends) and Enter chooses it. The active option is held by its key, so it stays on the same choice while the
 * list around it changes (results arriving); until one is chosen, and after `reset`, it is the first.
 * `optionId` names an option's element, so the active one is scrolled into view.
 */
export function useComboboxNavigation(
  keys: readonly string[],
  optionId: (index: number) => string | undefined,
) {
  const [activeKey, setActiveKey] = useState<string | null>(null);
  const current = keys.length === 0 ? -1 : Math.max(activeKey === null ? 0 : keys.indexOf(activeKey), 0);
  const setActive = (index: number) => setActiveKey(keys[index] ?? null);
  const reset = useCallback(() => setActiveKey(null), []);

  const move = (delta: number) => {
    if (keys.length === 0) return;
    const next = (current + delta + keys.length) % keys.length;
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

  return { active: current, setActive, reset, onKeyDown };
}
