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

type MenuState = {
  active: boolean;
  open: (fromKeyboard: boolean) => void;
  preload: () => void;
  /** True once, when the first opening came from the keyboard (Radix learns of the keyboard only after it mounts). */
  takeKeyboardOpening: () => boolean;
};
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
  const keyboardOpening = React.useRef(false);
  const state = React.useMemo<MenuState>(
    () => ({
      active,
      preload: () => void loadMenu().catch(() => undefined),
      open: (fromKeyboard) => {
        keyboardOpening.current = fromKeyboard;
        void loadMenu()
          .then(() => setActive(true))
          .catch(() => undefined);
      },
      takeKeyboardOpening: () => {
        const taken = keyboardOpening.current;
        keyboardOpening.current = false;
        return taken;
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
        // A click of detail 0 is Enter or Space on the button.
        if (!event.defaultPrevented) menu.open(event.detail === 0);
      }}
      onKeyDown={(event: React.KeyboardEvent<HTMLButtonElement>) => {
        own.onKeyDown?.(event);
        if (event.key === "ArrowDown" && !event.defaultPrevented) {
          event.preventDefault();
          menu.open(true);
        }
      }}
    >
      {children}
    </Component>
  );
}

/** A part that exists only once the menu is open: nothing until the menu's code is there. */
function lazyPart<
  K extends Exclude<keyof MenuModule, "DropdownMenu" | "DropdownMenuTrigger" | "DropdownMenuContent">,
>(name: K) {
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

/**
 * The menu's content. Opened from the keyboard, Radix puts focus on the first item; it knows the keyboard was used
 * from a listener it adds when it mounts, which is after the key that opened a lazily loaded menu, so that first
 * time the first item is focused here, after Radix has focused the content.
 */
export function DropdownMenuContent(props: React.ComponentProps<MenuModule["DropdownMenuContent"]>) {
  const menu = useMenu("DropdownMenuContent");
  const element = React.useRef<HTMLDivElement>(null);
  const Content = menu.active ? loaded?.DropdownMenuContent : undefined;
  const shown = Content !== undefined;
  const { takeKeyboardOpening } = menu;
  React.useEffect(() => {
    if (!shown) return;
    // The content mounts through Radix's portal a render later, and focuses itself as it does: the first item is
    // focused on the frame after, tried for a few frames.
    let frame = 0;
    let request = 0;
    const focusFirst = () => {
      const first = element.current?.querySelector<HTMLElement>('[role^="menuitem"]:not([data-disabled])');
      if (first) {
        if (takeKeyboardOpening()) first.focus();
      } else if (++frame < 10) request = requestAnimationFrame(focusFirst);
    };
    request = requestAnimationFrame(focusFirst);
    return () => cancelAnimationFrame(request);
  }, [shown, takeKeyboardOpening]);
  return Content ? <Content ref={element} {...props} /> : null;
}

export const DropdownMenuItem = lazyPart("DropdownMenuItem");
export const DropdownMenuCheckboxItem = lazyPart("DropdownMenuCheckboxItem");
export const DropdownMenuRadioGroup = lazyPart("DropdownMenuRadioGroup");
export const DropdownMenuRadioItem = lazyPart("DropdownMenuRadioItem");
export const DropdownMenuLabel = lazyPart("DropdownMenuLabel");
export const DropdownMenuSeparator = lazyPart("DropdownMenuSeparator");
