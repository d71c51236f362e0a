import type * as React from "react";
import { CopyButton } from "@/components/ui/copy-button";
import { cn } from "@/lib/universal/utils";

const INDENT = "  ";

function renderValue(value: unknown, depth: number, path: string): React.ReactNode {
  if (value === null) return <span className="text-violet-700 dark:text-violet-300">null</span>;
  if (typeof value === "string") {
    return <span className="text-emerald-700 dark:text-emerald-300">{JSON.stringify(value)}</span>;
  }
  if (typeof value === "number")
    return <span className="text-sky-700 dark:text-sky-300">{String(value)}</span>;
  if (typeof value === "boolean") {
    return <span className="text-violet-700 dark:text-violet-300">{String(value)}</span>;
  }
  if (Array.isArray(value)) {
    if (value.length === 0) return "[]";
    const items: React.ReactNode[] = [];
    for (const [index, item] of value.entries()) {
      const childPath = `${path}[${index}]`;
      items.push(
        <span key={childPath}>
          {INDENT.repeat(depth + 1)}
          {renderValue(item, depth + 1, childPath)}
          {index < value.length - 1 ? "," : ""}
          {"\n"}
        </span>,
      );
    }
    return (
      <>
        {"[\n"}
        {items}
        {INDENT.repeat(depth)}]
      </>
    );
  }
  if (typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>);
    if (entries.length === 0) return "{}";
    const items: React.ReactNode[] = [];
    for (const [index, [key, item]] of entries.entries()) {
      const childPath = `${path}.${key}`;
      items.push(
        <span key={childPath}>
          {INDENT.repeat(depth + 1)}
          <span className="text-zinc-500 dark:text-zinc-400">{JSON.stringify(key)}</span>
          {": "}
          {renderValue(item, depth + 1, childPath)}
          {index < entries.length - 1 ? "," : ""}
          {"\n"}
        </span>,
      );
    }
    return (
      <>
        {"{\n"}
        {items}
        {INDENT.repeat(depth)}
        {"}"}
      </>
    );
  }
  return String(value);
}

export type JsonViewProps = {
  value: unknown;
  /** Names the block for assistive technology and the copy button: "Event payload". */
  label: string;
  className?: string;
  /** Shows a copy button for the pretty-printed JSON. */
  copyable?: boolean;
};

/** JSON laid out and coloured for reading: keys, strings, numbers and literals each in their own colour. */
export function JsonView({ value, label, className, copyable = true }: JsonViewProps) {
  return (
    <figure aria-label={label} className="relative">
      <pre
        className={cn(
          "max-h-96 overflow-auto rounded-md border border-zinc-200 bg-zinc-50 p-3 font-mono text-xs leading-5 text-zinc-800 dark:border-zinc-800 dark:bg-zinc-950 dark:text-zinc-200",
          copyable && "pr-10",
          className,
        )}
      >
        {renderValue(value, 0, "$")}
      </pre>
      {copyable ? (
        <CopyButton
          value={JSON.stringify(value, null, 2)}
          label={label.toLowerCase()}
          className="absolute top-1.5 right-1.5"
        />
      ) : null}
    </figure>
  );
}

/** A body as text: laid out as JSON when it is JSON, otherwise shown as it came. */
export function BodyView({ text, label, className }: { text: string; label: string; className?: string }) {
  let parsed: unknown;
  let isJson = false;
  if (text.trim() !== "") {
    try {
      parsed = JSON.parse(text);
      isJson = true;
    } catch {
      isJson = false;
    }
  }
  if (isJson) return <JsonView value={parsed} label={label} className={className} />;
  return (
    <figure aria-label={label}>
      <pre
        className={cn(
          "max-h-96 overflow-auto rounded-md border border-zinc-200 bg-zinc-50 p-3 font-mono text-xs leading-5 whitespace-pre-wrap break-all text-zinc-800 dark:border-zinc-800 dark:bg-zinc-950 dark:text-zinc-200",
          className,
        )}
      >
        {text === "" ? <span className="text-zinc-500 dark:text-zinc-400 italic">(empty body)</span> : text}
      </pre>
    </figure>
  );
}
