import "server-only";
import { SaxesParser } from "saxes";

/** One record's elements, built only for the record being read: the document is never held whole. */
export type XmlNode = {
  name: string;
  attrs: Record<string, string>;
  children: XmlNode[];
  text: string;
};

export const child = (node: XmlNode | undefined, name: string): XmlNode | undefined =>
  node?.children.find((c) => c.name === name);
export const children = (node: XmlNode | undefined, name: string): XmlNode[] =>
  node ? node.children.filter((c) => c.name === name) : [];
export const textOf = (node: XmlNode | undefined, name: string): string =>
  (child(node, name)?.text ?? "").trim();
/** Every descendant with this name, depth first. */
export function descendants(node: XmlNode, name: string, out: XmlNode[] = []): XmlNode[] {
  for (const c of node.children) {
    if (c.name === name) out.push(c);
    descendants(c, name, out);
  }
  return out;
}

export type RecordHandler = {
  /** Whether the element opening at this path (names from the root) is a record to build. */
  isRecord: (path: readonly string[]) => boolean;
  onRecord: (node: XmlNode, path: readonly string[]) => void;
  onOpen?: (name: string, attrs: Record<string, string>, path: readonly string[]) => void;
};

const localName = (name: string) => {
  const i = name.indexOf(":");
  return i === -1 ? name : name.slice(i + 1);
};

/**
 * Streams an XML document through saxes, handing over each record element as a small tree. A malformed
 * document stops at the fault: records read before it are kept and the fault is thrown for the caller to report.
 */
export async function streamXml(chunks: AsyncIterable<string>, handler: RecordHandler): Promise<void> {
  const parser = new SaxesParser({ xmlns: false, position: true });
  const path: string[] = [];
  const stack: XmlNode[] = [];
  let recordDepth = -1;
  let failure: Error | null = null;
  let failedAt = Number.POSITIVE_INFINITY;
  // Records are handed over after each chunk, so that one closed by the fault itself (saxes closes an element
  // on a mismatched end tag before it reports the error) is dropped with it.
  const pending: { node: XmlNode; path: string[]; at: number }[] = [];
  const flush = () => {
    for (const p of pending) if (p.at < failedAt) handler.onRecord(p.node, p.path);
    pending.length = 0;
  };
  parser.on("error", (e) => {
    if (!failure) {
      failure = e;
      failedAt = parser.position;
    }
  });
  // After a fault nothing more is handed over: a record cut by it would be half a record.
  parser.on("opentag", (tag) => {
    if (failure) return;
    const name = localName(tag.name);
    const attrs: Record<string, string> = {};
    for (const [k, v] of Object.entries(tag.attributes)) attrs[localName(k)] = String(v);
    path.push(name);
    if (recordDepth === -1) {
      handler.onOpen?.(name, attrs, path);
      if (handler.isRecord(path)) {
        recordDepth = path.length;
        stack.push({ name, attrs, children: [], text: "" });
      }
    } else {
      const node: XmlNode = { name, attrs, children: [], text: "" };
      stack[stack.length - 1]?.children.push(node);
      stack.push(node);
    }
  });
  const onText = (t: string) => {
    if (failure) return;
    const top = stack[stack.length - 1];
    if (top) top.text += t;
  };
  parser.on("text", onText);
  parser.on("cdata", onText);
  parser.on("closetag", () => {
    if (failure) return;
    if (recordDepth !== -1) {
      const node = stack.pop();
      if (path.length === recordDepth && node) {
        recordDepth = -1;
        stack.length = 0;
        pending.push({ node, path: [...path], at: parser.position });
      }
    }
    path.pop();
  });
  for await (const chunk of chunks) {
    parser.write(chunk);
    flush();
    if (failure) throw failure;
  }
  parser.close();
  flush();
  if (failure) throw failure;
}
