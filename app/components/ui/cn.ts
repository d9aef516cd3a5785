/**
 * Joins class names; a later class replaces an earlier one of the same kind (same variant prefix and group, e.g.
 * `w-full` then `w-56`), so a component's `className` can override its defaults. A small stand-in for
 * tailwind-merge covering the groups these components use.
 */
const groups: Array<[RegExp, string]> = [
  [/^text-(xs|sm|base|lg|\d?xl)$/, "text-size"],
  [/^text-(left|center|right|justify|start|end)$/, "text-align"],
  [/^text-(ellipsis|clip|wrap|nowrap|balance|pretty)$/, "text-wrap"],
  [/^text-/, "text-color"],
  [/^font-(thin|extralight|light|normal|medium|semibold|bold|extrabold|black)$/, "font-weight"],
  [/^border-([a-z]+-\d+(\/\d+)?|white|black|transparent|current)$/, "border-color"],
  [/^outline-(\d+|none|hidden)$/, "outline-width"],
  [/^outline-offset-/, "outline-offset"],
  [/^outline-/, "outline-color"],
  [/^(block|inline-block|inline|flex|inline-flex|grid|inline-grid|hidden|contents|table)$/, "display"],
  [/^(static|fixed|absolute|relative|sticky)$/, "position"],
];
const prefixed =
  /^(min-w|min-h|max-w|max-h|size|w|h|px|py|pt|pr|pb|pl|p|mx|my|mt|mr|mb|ml|m|gap|rounded|bg|shadow|opacity|z)-/;

function groupOf(cls: string): string | undefined {
  const cut = cls.lastIndexOf(":");
  const variant = cls.slice(0, cut + 1);
  const base = cls
    .slice(cut + 1)
    .replace(/^!/, "")
    .replace(/^-/, "");
  for (const [re, name] of groups) if (re.test(base)) return variant + name;
  const m = prefixed.exec(base);
  return m ? variant + m[1] : undefined;
}

/**
 * Results by input: the same few class lists come back on every render (a list page calls cn thousands of times,
 * and the regex walk was 3 % of a page's server time). Bounded: cleared when full.
 */
const merged = new Map<string, string>();
const MAX_MERGED = 5000;

export function cn(...classes: Array<string | false | null | undefined>): string {
  const input = classes.filter(Boolean).join(" ");
  const known = merged.get(input);
  if (known !== undefined) return known;
  const out = mergeClasses(input);
  if (merged.size >= MAX_MERGED) merged.clear();
  merged.set(input, out);
  return out;
}

function mergeClasses(input: string): string {
  const list = input.split(/\s+/).filter(Boolean);
  const seen = new Set<string>();
  const kept: string[] = [];
  // Walk backwards so the last class of each group wins.
  for (let i = list.length - 1; i >= 0; i--) {
    const group = groupOf(list[i]);
    if (group) {
      if (seen.has(group)) continue;
      seen.add(group);
    }
    kept.push(list[i]);
  }
  return kept.reverse().join(" ");
}
