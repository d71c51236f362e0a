"use client";

import { Slot } from "radix-ui";
import * as React from "react";

// The Radix menu (components/ui/dropdown-menu.tsx) and what it brings (roving focus, collections, focus guards,
// scroll lock, the popper): about 15 kB gzipped that every page would download for menus nobody has opened yet.
type MenuModule = typeof import("./dropdown-menu");

let loaded: MenuModule | undefined;
let loading: Promise<MenuModule> | undefined;

function loadMenu(): Promise<MenuModule> {
  loading ??= import("./dropdown-menu").then((module) => {
    loaded = module;
    return module;
  });
  // A failed download is tried again the next time instead of being remembered.
  loading.catch(() => {
    loading = undefined;
  });
  return loading;
}

type MenuState = { active: boolean; open: () => void; preload: () => void };
const MenuContext = React.createContext<MenuState | null>(null);

function useMenu(part: string): MenuState {
  const menu = React.useContext(MenuContext);
  if (!menu) throw new Error(`${part} must be inside a DropdownMenu`);
  return menu;
}

/**
 * A dropdown menu whose Radix code is downloaded when it is first wanted, not with the page: the same parts and props
 * as components/ui/dropdown-menu.tsx. Until then the trigger is the plain button it wraps (pointing at it or focusing
 * it starts the download); pressing it, or ArrowDown on it, opens the menu as soon as the code is there. From then on
 * it is the Radix menu, with its keyboard and focus behaviour.
 */
export function DropdownMenu({
  children,
  ...props
}: Omit<React.ComponentProps<MenuModule["DropdownMenu"]>, "defaultOpen">) {
  const [active, setActive] = React.useState(false);
  const state = React.useMemo<MenuState>(
    () => ({
      active,
      preload: () => void loadMenu().catch(() => undefined),
      open: () => {
        void loadMenu()
          .then(() => setActive(true))
          .catch(() => undefined);
      },
    }),
    [active],
  );
  const Root = active ? loaded?.DropdownMenu : undefined;
  return (
    <MenuContext.Provider value={state}>
      {Root ? (
        <Root defaultOpen {...props}>
          {children}
        </Root>
      ) : (
        children
      )}
    </MenuContext.Provider>
  );
}

export function DropdownMenuTrigger({
  children,
  asChild,
  ...props
}: React.ComponentProps<MenuModule["DropdownMenuTrigger"]>) {
  const menu = useMenu("DropdownMenuTrigger");
  const Trigger = menu.active ? loaded?.DropdownMenuTrigger : undefined;
  if (Trigger) {
    return (
      <Trigger asChild={asChild} {...props}>
        {children}
      </Trigger>
    );
  }
  const own = props as React.ComponentProps<"button">;
  const Component = asChild ? Slot.Root : "button";
  return (
    <Component
      {...(asChild ? {} : { type: "button" as const })}
      aria-haspopup="menu"
      aria-expanded={false}
      {...own}
      onPointerEnter={(event: React.PointerEvent<HTMLButtonElement>) => {
        own.onPointerEnter?.(event);
        menu.preload();
      }}
      onFocus={(event: React.FocusEvent<HTMLButtonElement>) => {
        own.onFocus?.(event);
        menu.preload();
      }}
      onClick={(event: React.MouseEvent<HTMLButtonElement>) => {
        own.onClick?.(event);
        if (!event.defaultPrevented) menu.open();
      }}
      onKeyDown={(event: React.KeyboardEvent<HTMLButtonElement>) => {
        own.onKeyDown?.(event);
        if (event.key === "ArrowDown" && !event.defaultPrevented) {
          event.preventDefault();
          menu.open();
        }
      }}
    >
      {children}
    </Component>
  );
}

/** A part that exists only once the menu is open: nothing until the menu's code is there. */
function lazyPart<K extends Exclude<keyof MenuModule, "DropdownMenu" | "DropdownMenuTrigger">>(name: K) {
  // biome-ignore lint/correctness/noComponentHookFactories: called once per part at module level, so each part is stable.
  function Part(props: React.ComponentProps<MenuModule[K]>) {
    const menu = useMenu(name);
    const Loaded = menu.active
      ? (loaded?.[name] as unknown as React.ComponentType<Record<string, unknown>> | undefined)
      : undefined;
    return Loaded ? <Loaded {...(props as Record<string, unknown>)} /> : null;
  }
  Part.displayName = name;
  return Part;
}

export const DropdownMenuContent = lazyPart("DropdownMenuContent");
export const DropdownMenuItem = lazyPart("DropdownMenuItem");
export const DropdownMenuCheckboxItem = lazyPart("DropdownMenuCheckboxItem");
export const DropdownMenuRadioGroup = lazyPart("DropdownMenuRadioGroup");
export const DropdownMenuRadioItem = lazyPart("DropdownMenuRadioItem");
export const DropdownMenuLabel = lazyPart("DropdownMenuLabel");
export const DropdownMenuSeparator = lazyPart("DropdownMenuSeparator");
